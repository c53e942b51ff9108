import type { VenueRequest } from '../venues/venue'
import type { FeeLeg } from './feeLeg'
import { percentToPpm } from './feeLeg'
import { capPartnerFee, type RegisteredPartner } from './partnerRegistry'

export type LifiFeePlan = {
  /** The `fee` parameter in bps (service + partner); 0: no `fee` is sent. */
  totalBps: number
  legs: FeeLeg[]
  shortfall?: string
}

/**
 * What a LI.FI quote asks for. LI.FI takes one integrator `fee` (a fraction of `fromAmount`, in the sell
 * token) and pays it to the single fee wallet registered for the integrator in its partner portal, after
 * keeping its own share of collected integrator fees (`LIFI_FEE_SHARE_PERCENT`). So both legs are paid to
 * the service in the swap and a partner's share, net of LI.FI's, is settled by us off-chain. Without an
 * integrator nothing is asked: an id without a fee wallet makes LI.FI refuse every quote that sends `fee`.
 * A registered partner's fee is capped at its `maxFeeBps`, as on every venue.
 *
 * @example
 * planLifiFees({ request, integrator: 'swap-quote', serviceFeeBps: 30, venueSharePercent: 25, partner })
 */
export function planLifiFees({
  request,
  integrator,
  serviceFeeBps,
  venueSharePercent,
  partner,
}: {
  request: Pick<VenueRequest, 'partnerFeeBps' | 'sellAmount'>
  integrator: string | undefined
  serviceFeeBps: number
  /** `LIFI_FEE_SHARE_PERCENT`; unset counts as 0 until an answer states LI.FI's share. */
  venueSharePercent: number | undefined
  /** The request's partner when registered (`PARTNER_REGISTRY_PATH`): its cap applies. */
  partner?: RegisteredPartner | undefined
}): LifiFeePlan {
  if (!integrator) {
    return {
      totalBps: 0,
      legs: [],
      shortfall:
        'this deployment has no LI.FI integrator with a fee wallet (LIFI_INTEGRATOR), so LI.FI routes carry no integrator fee.',
    }
  }
  const { bps: partnerBps, capped } = capPartnerFee(request.partnerFeeBps, partner)
  const venueSharePpm = percentToPpm(venueSharePercent ?? 0)
  const leg = (party: FeeLeg['party'], bps: number): FeeLeg => ({
    party,
    bps,
    paidTo: 'service',
    payout: 'inSwap',
    venueSharePpm,
    venueShareFrom: 'setting',
    token: 'sell',
    amount: (request.sellAmount * BigInt(bps)) / 10_000n,
  })
  const legs = [
    ...(serviceFeeBps > 0 ? [leg('service', serviceFeeBps)] : []),
    ...(partnerBps > 0 ? [leg('partner', partnerBps)] : []),
  ]
  return { totalBps: serviceFeeBps + partnerBps, legs, ...(capped ? { shortfall: capped } : {}) }
}

/**
 * The legs with the integrator fee LI.FI states in `feeCosts` (one amount for the whole `fee`), split
 * by bps, the partner's part rounded down. Where the cost carries a `feeSplit` (@lifi/types `FeeSplit`:
 * `lifiFee` and `integratorFee`), LI.FI's share on this quote is read from it, rounded up, instead of
 * the configured one.
 */
export function withLifiFeeAmount(
  plan: LifiFeePlan,
  stated: { amount: bigint; feeSplit?: { lifiFee: bigint; integratorFee: bigint } | undefined } | undefined,
): FeeLeg[] {
  if (stated === undefined || plan.totalBps === 0) return plan.legs
  const split = stated.feeSplit
  const splitTotal = split ? split.lifiFee + split.integratorFee : 0n
  const venueSharePpm =
    split && splitTotal > 0n ? Number((split.lifiFee * 1_000_000n + splitTotal - 1n) / splitTotal) : undefined
  const partner = plan.legs.find((leg) => leg.party === 'partner')
  const partnerAmount = partner ? (stated.amount * BigInt(partner.bps)) / BigInt(plan.totalBps) : 0n
  // Not `{ ...leg, … }`, which is slow in Node 20's V8 (bench/README.md).
  return plan.legs.map((leg) =>
    Object.assign({}, leg, {
      amount: leg.party === 'partner' ? partnerAmount : stated.amount - partnerAmount,
      ...(venueSharePpm === undefined ? {} : { venueSharePpm, venueShareFrom: 'answer' as const }),
    }),
  )
}
