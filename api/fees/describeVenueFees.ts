import type { VenuePartnerFee } from '../venues/venue'
import type { FeeLeg } from './feeLeg'
import { describePartnerSettlement } from './feeLeg'

/** What a fee plan tells the quote: the service's bps, the contract's `partnerFee`, and every leg. */
export type VenueFees = {
  serviceFeeBps: number
  /** Absent when no partner fee was asked for. */
  partnerFee?: VenuePartnerFee
  fees: FeeLeg[]
}

export type DescribeVenueFeesParameters = {
  legs: readonly FeeLeg[]
  /** The partner fee the caller asked for (already floored and clamped to 0..100). */
  requestedBps: number
  /** How this venue carries a fee, for the note: "0x's swap fee", "LI.FI's integrator fee". */
  mechanism: string
  /** Who pays later, for `venueLater` legs: "CoW DAO (weekly, in WETH)". */
  laterPayer?: string
  /** Who keeps the venue's share, for the note: "LI.FI", "CoW DAO". */
  shareKeeper?: string
  /** Why a partner fee is lower than asked, or absent (the first matching reason is stated). */
  shortfall?: string | undefined
}

/**
 * Sums a venue's fee legs into the quote's fields: `serviceFeeBps` and `partnerFee.collectedBps` are
 * the bps the user pays (integers, rounded down); the note says who receives the partner's fee, when,
 * and what the venue keeps, in words a partner can check against their statement.
 */
export function describeVenueFees({
  legs,
  requestedBps,
  mechanism,
  laterPayer = 'the venue',
  shareKeeper = 'the venue',
  shortfall,
}: DescribeVenueFeesParameters): VenueFees {
  const serviceFeeBps = legs.filter((leg) => leg.party === 'service').reduce((sum, leg) => sum + leg.bps, 0)
  const partnerLeg = legs.find((leg) => leg.party === 'partner' && leg.bps > 0)
  if (requestedBps === 0) return { serviceFeeBps, fees: [...legs] }
  if (!partnerLeg) {
    return {
      serviceFeeBps,
      fees: [...legs],
      partnerFee: {
        collectedBps: 0,
        note: `Not collected: ${shortfall ?? `${mechanism} carries no partner fee here.`}`,
      },
    }
  }
  const share =
    partnerLeg.venueSharePpm > 0
      ? `, less ${shareKeeper}'s ${formatPpmPercent(partnerLeg.venueSharePpm)} share`
      : ''
  const clamped =
    partnerLeg.bps < requestedBps
      ? `Clamped from ${requestedBps} to ${partnerLeg.bps} bps${shortfall ? `: ${shortfall.replace(/\.$/, '')}` : ''}. `
      : ''
  const settlement = describePartnerSettlement(partnerLeg)
  const converted = partnerLeg.paidAs
    ? `, paid in ${partnerLeg.paidAs.symbol} (the venue swaps the fee at the swap's price)`
    : ''
  const how =
    settlement === 'venue on chain'
      ? `Paid on chain in the swap through ${mechanism} to the partner's registered wallet${share}.`
      : settlement === 'venue later'
        ? `Paid later by ${laterPayer} through ${mechanism} to the partner's registered wallet${share}.`
        : partnerLeg.payout === 'inSwap'
          ? `Collected on chain in the swap through ${mechanism} to the service's fee wallet${converted}${share}; the service settles the partner's share off-chain from its ledger.`
          : `Collected through ${mechanism}, paid later by ${laterPayer} to the service's partner-fee wallet (recipient)${share}; the service then settles the partner's share off-chain from its ledger.`
  return {
    serviceFeeBps,
    fees: [...legs],
    partnerFee: {
      collectedBps: partnerLeg.bps,
      ...(partnerLeg.recipient !== undefined && /^0x[0-9a-fA-F]{40}$/.test(partnerLeg.recipient)
        ? { recipient: partnerLeg.recipient }
        : {}),
      note: `${clamped}${how}`,
    },
  }
}

/** `250000` → `25%`, `152500` → `15.25%`. */
export function formatPpmPercent(ppm: number): string {
  return `${Number((ppm / 10_000).toFixed(4))}%`
}
