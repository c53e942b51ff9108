import { z } from 'zod'

/** Whose fee a leg is: the service's own, or the partner's (`partner` + `partnerFeeBps` of the request). */
export type FeeParty = 'service' | 'partner'

/**
 * When the venue pays a fee out: in the swap's own settlement (0x, LI.FI, THORChain memo affiliates), or
 * later, accrued by the venue and paid in a batch (CoW DAO pays partner-fee policies after settlement).
 */
export type FeePayout = 'inSwap' | 'venueLater'

/**
 * One fee a quote carries, as it really reaches its receiver. A partner leg paid to the service is settled
 * by us off-chain from the ledger: the partner is owed its share net of the venue's.
 */
export type FeeLeg = {
  party: FeeParty
  /** What the user pays for this leg, basis points of the swap's volume (integer, rounded down). */
  bps: number
  /** Who the venue pays: the service's wallet or name, or the partner's own registered payout address. */
  paidTo: 'service' | 'partner'
  /** The wallet (or THORName) the venue pays, when known. */
  recipient?: string | undefined
  payout: FeePayout
  /** The venue's own share of the fee, parts per million, kept before the rest is paid out. */
  venueSharePpm: number
  /**
   * Where `venueSharePpm` comes from when it varies by agreement (LI.FI): the venue's own answer, or a
   * setting because the answer did not say (the start-up check wants that setting to be made).
   */
  venueShareFrom?: 'answer' | 'setting' | undefined
  /** The token the fee is taken in. */
  token: 'sell' | 'buy'
  /** The fee in base units of that token, when the venue states it or its terms define it. */
  amount?: bigint | undefined
  /**
   * The asset the receiver gets, when the venue converts the fee before paying it: THORChain swaps a
   * memo affiliate's fee to RUNE at the swap's pool price (or, later, to the THORName's preferred asset)
   * before paying it out, so how much of it arrives is known only once the swap is executed (THORNode
   * MR 1281, affiliate fees; MR 2978, the affiliate collector and preferred assets).
   */
  paidAs?: { caip: string; symbol: string } | undefined
}

/** A fee leg as the quote log keeps it (amount as a decimal integer string). */
export const LoggedFeeLegSchema = z.object({
  party: z.enum(['service', 'partner']),
  bps: z.number().int().min(0),
  paidTo: z.enum(['service', 'partner']),
  recipient: z.string().optional(),
  payout: z.enum(['inSwap', 'venueLater']),
  venueSharePpm: z.number().int().min(0).max(1_000_000),
  token: z.enum(['sell', 'buy']),
  amount: z.string().regex(/^\d+$/).optional(),
  paidAs: z.object({ caip: z.string(), symbol: z.string() }).optional(),
})
export type LoggedFeeLeg = z.infer<typeof LoggedFeeLegSchema>

/** The log form of a leg. */
export function toLoggedFeeLeg(leg: FeeLeg): LoggedFeeLeg {
  return {
    party: leg.party,
    bps: leg.bps,
    paidTo: leg.paidTo,
    ...(leg.recipient === undefined ? {} : { recipient: leg.recipient }),
    payout: leg.payout,
    venueSharePpm: leg.venueSharePpm,
    token: leg.token,
    ...(leg.amount === undefined ? {} : { amount: leg.amount.toString() }),
    ...(leg.paidAs === undefined ? {} : { paidAs: leg.paidAs }),
  }
}

/** How a partner's leg is settled, in the words of the partner statement. */
export type PartnerSettlement = 'venue on chain' | 'venue later' | 'us off-chain'

/** Who pays a partner leg and when: the venue directly (in the swap or later), or us from the ledger. */
export function describePartnerSettlement(leg: Pick<FeeLeg, 'paidTo' | 'payout'>): PartnerSettlement {
  if (leg.paidTo === 'service') return 'us off-chain'
  return leg.payout === 'inSwap' ? 'venue on chain' : 'venue later'
}

/** What reaches the receiver of a fee of `amount`: the amount less the venue's share, rounded down. */
export function netOfVenueShare({
  amount,
  venueSharePpm,
}: {
  amount: bigint
  venueSharePpm: number
}): bigint {
  return amount - (amount * BigInt(venueSharePpm) + 999_999n) / 1_000_000n
}

/** Parts per million from a percent with at most four decimals (`25` → 250000), exactly. */
export function percentToPpm(percent: number): number {
  return Math.round(percent * 10_000)
}
