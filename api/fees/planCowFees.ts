import type { VenueRequest } from '../venues/venue'
import type { FeeLeg } from './feeLeg'
import { percentToPpm } from './feeLeg'
import { capPartnerFee, type RegisteredPartner } from './partnerRegistry'

/**
 * The backend's default `max-partner-fee`: 1% of volume for all partner-fee policies of an order together
 * (cowprotocol/services, crates/configs/src/autopilot/fee_policy.rs `default_max_partner_fee`).
 */
export const COW_DEFAULT_MAX_PARTNER_FEE_BPS = 100

/**
 * CoW DAO's share of partner fees, by default 25% since CIP-75 (50% before, under CIP-61): docs.cow.fi,
 * governance/fees/partner-fee. The rest is paid to each policy's recipient weekly, in WETH.
 */
export const COW_DEFAULT_FEE_SHARE_PERCENT = 25

/** Who pays CoW partner fees, and when (docs.cow.fi, governance/fees/partner-fee). */
export const COW_LATER_PAYER = 'CoW DAO (weekly, valued in WETH, once at least 0.001 WETH is owed)'

/** One volume policy of the order's app data, and the fraction of volume the backend applies. */
export type CowPolicy = {
  party: FeeLeg['party']
  /** What the app data asks for. */
  volumeBps: number
  recipient: `0x${string}`
  paidTo: FeeLeg['paidTo']
  /** The fraction of volume the backend applies after its cumulative cap: `numerator / denominator`. */
  applied: { numerator: bigint; denominator: bigint }
}

export type CowFeePlan = {
  policies: CowPolicy[]
  shortfall?: string
}

/**
 * What a CoW order's app data asks for, and what the backend will apply. The service's policy comes
 * first, the partner's second, to the partner's registered payout address when it has one (CoW DAO then
 * pays the partner directly), else to `PARTNER_FEE_RECIPIENT` (or the service's wallet) and the
 * partner's share is owed by us once CoW DAO has paid. The backend caps policies cumulatively and
 * compounding: each gets at most `(1 + cap) / (1 + accumulated) − 1` (cowprotocol/services,
 * crates/autopilot/src/domain/fee/mod.rs), so with a 100 bps cap a 70 bps policy after 30 bps gets
 * 70/10030 ≈ 69.79 bps, reported as 69 (rounded down, the contract's integer).
 *
 * @example
 * planCowFees({ request, serviceFeeBps: 30, serviceRecipient, partnerRecipient, partner: undefined })
 */
export function planCowFees({
  request,
  serviceFeeBps,
  serviceRecipient,
  partnerRecipient,
  partner,
  maxPartnerFeeBps = COW_DEFAULT_MAX_PARTNER_FEE_BPS,
}: {
  request: Pick<VenueRequest, 'partnerFeeBps'>
  serviceFeeBps: number
  serviceRecipient: `0x${string}` | undefined
  /** `PARTNER_FEE_RECIPIENT`; defaults to the service's wallet. */
  partnerRecipient: `0x${string}` | undefined
  partner: RegisteredPartner | undefined
  maxPartnerFeeBps?: number
}): CowFeePlan {
  const { bps: asked, capped } = capPartnerFee(request.partnerFeeBps, partner)
  const wanted: Omit<CowPolicy, 'applied'>[] = []
  if (serviceRecipient && serviceFeeBps > 0) {
    wanted.push({
      party: 'service',
      volumeBps: serviceFeeBps,
      recipient: serviceRecipient,
      paidTo: 'service',
    })
  }
  const partnerWallet = partner?.payoutAddress ?? partnerRecipient ?? serviceRecipient
  if (partnerWallet && asked > 0) {
    wanted.push({
      party: 'partner',
      volumeBps: asked,
      recipient: partnerWallet,
      paidTo: partner ? 'partner' : 'service',
    })
  }
  const cap = BigInt(maxPartnerFeeBps)
  let accumulated = 0n
  const policies: CowPolicy[] = []
  for (const policy of wanted) {
    // In bps: remaining = (cap − accumulated) / (1 + accumulated) of volume, as a fraction of 10000.
    const remainingNumerator = (cap - accumulated) * 10_000n
    const remainingDenominator = 10_000n + accumulated
    const value = BigInt(policy.volumeBps)
    const applied =
      value * remainingDenominator <= remainingNumerator
        ? { numerator: value, denominator: 10_000n }
        : { numerator: remainingNumerator, denominator: remainingDenominator * 10_000n }
    const room = cap - accumulated
    accumulated += value < room ? value : room
    // The app data never asks for more than the cap leaves; a policy it leaves nothing for is not sent.
    if (applied.numerator > 0n) {
      // Not `{ ...policy, … }`, which is slow in Node 20's V8 (bench/README.md).
      policies.push(Object.assign({}, policy, { volumeBps: Number(value < room ? value : room), applied }))
    }
  }
  const partnerPolicy = policies.find((policy) => policy.party === 'partner')
  const shortfall =
    request.partnerFeeBps > 0 && !partnerWallet
      ? 'no fee wallet is configured for CoW orders (SERVICE_FEE_RECIPIENT).'
      : request.partnerFeeBps > appliedBps(partnerPolicy)
        ? (capped ??
          `CoW caps all partner-fee policies of an order together at ${maxPartnerFeeBps} bps, compounding, and the service's ${serviceFeeBps} bps come first.`)
        : undefined
  return { policies, ...(shortfall ? { shortfall } : {}) }
}

/** A policy's applied bps, rounded down to the contract's integer. */
export function appliedBps(policy: Pick<CowPolicy, 'applied'> | undefined): number {
  if (!policy) return 0
  return Number((policy.applied.numerator * 10_000n) / policy.applied.denominator)
}

/**
 * The fee legs of a CoW order: each policy's applied bps, paid later by CoW DAO less its share, with
 * the amount it takes of `volume` (the buy-token volume the SDK's math uses), rounded down.
 */
export function toCowFeeLegs({
  plan,
  volume,
  venueSharePercent = COW_DEFAULT_FEE_SHARE_PERCENT,
}: {
  plan: CowFeePlan
  volume: bigint
  venueSharePercent?: number
}): FeeLeg[] {
  return plan.policies.map((policy) => ({
    party: policy.party,
    bps: appliedBps(policy),
    paidTo: policy.paidTo,
    recipient: policy.recipient,
    payout: 'venueLater',
    venueSharePpm: percentToPpm(venueSharePercent),
    token: 'buy',
    amount: (volume * policy.applied.numerator) / policy.applied.denominator,
  }))
}
