import type { VenueRequest } from '../venues/venue'
import type { FeeLeg } from './feeLeg'
import { capPartnerFee, type RegisteredPartner } from './partnerRegistry'

/** SwapKit's `affiliateFee` range: 0..1000 bps (docs.swapkit.dev, v3 quote request). */
export const SWAPKIT_MAX_AFFILIATE_FEE_BPS = 1_000

/** The warning SwapKit attaches to a route whose affiliate fee it dropped (api-sdk-typescript, types.ts). */
export const SWAPKIT_FEE_REMOVED_WARNING = 'affiliateFeeTooSmallSoRemoved'

export type SwapkitFeePlan = {
  /** `affiliateFee` to send (overrides the API key's fee tiers); absent: the key's own fee applies. */
  affiliateFeeBps?: number
  /** The partner's bps inside `affiliateFeeBps`. */
  partnerBps: number
  shortfall?: string
}

/**
 * What a routing-provider quote asks for. SwapKit's `/v3/quote` takes `affiliateFee` in bps, which
 * overrides the fee configured on the API key and is applied at quote time, so a THORChain memo's limit
 * already accounts for it (docs.swapkit.dev, "v3/quote"). The contract's fee table gives this venue no
 * partner fee, so carrying one is an addition the operator switches on (`SWAPKIT_PARTNER_FEES`, which
 * needs `SWAPKIT_AFFILIATE_FEE_BPS` so the service's own bps are known). SwapKit pays the whole
 * affiliate fee to the key's affiliate (ours), so a partner's share is settled by us off-chain.
 *
 * @example
 * planSwapkitFees({ request, serviceFeeBps: 20, partnerFees: true, partner: undefined })
 */
export function planSwapkitFees({
  request,
  serviceFeeBps,
  partnerFees,
  partner,
}: {
  request: Pick<VenueRequest, 'partnerFeeBps'>
  /** `SWAPKIT_AFFILIATE_FEE_BPS`; undefined: the key's own fee tiers apply and nothing is sent. */
  serviceFeeBps: number | undefined
  partnerFees: boolean
  partner: RegisteredPartner | undefined
}): SwapkitFeePlan {
  const { bps: asked, capped } = capPartnerFee(request.partnerFeeBps, partner)
  if (serviceFeeBps === undefined) {
    return {
      partnerBps: 0,
      ...(request.partnerFeeBps > 0 && {
        shortfall:
          'partner fees on routing-provider routes are off in this deployment (SWAPKIT_PARTNER_FEES with SWAPKIT_AFFILIATE_FEE_BPS).',
      }),
    }
  }
  const partnerBps = partnerFees
    ? Math.min(asked, SWAPKIT_MAX_AFFILIATE_FEE_BPS - Math.min(serviceFeeBps, SWAPKIT_MAX_AFFILIATE_FEE_BPS))
    : 0
  const shortfall =
    request.partnerFeeBps > 0 && !partnerFees
      ? 'partner fees on routing-provider routes are off in this deployment (SWAPKIT_PARTNER_FEES).'
      : capped
  return {
    affiliateFeeBps: Math.min(serviceFeeBps + partnerBps, SWAPKIT_MAX_AFFILIATE_FEE_BPS),
    partnerBps,
    ...(shortfall ? { shortfall } : {}),
  }
}

/** What THORChain pays a memo affiliate in: RUNE, swapped from the fee taken (see `FeeLeg.paidAs`). */
export const THORCHAIN_AFFILIATE_PAYOUT = { caip: 'cosmos:thorchain-1/slip44:931', symbol: 'RUNE' }

/**
 * The legs of a routing-provider route, from the bps that are really ours on it (the memo's own
 * entries, or the route's stated affiliate fee): the partner's part first (at most what was asked), the
 * rest the service's; both paid in the swap to the service's affiliate, taken from the sell amount. On a
 * THORChain memo route (a `recipient` THORName) that affiliate is paid in RUNE, not in the sell token.
 */
export function toSwapkitFeeLegs({
  plan,
  ownBps,
  sellAmount,
  recipient,
}: {
  plan: SwapkitFeePlan
  ownBps: number
  sellAmount: bigint
  /** The service's THORName, when the route is a memo route. */
  recipient?: string | undefined
}): FeeLeg[] {
  const partnerBps = Math.min(plan.partnerBps, ownBps)
  const leg = (party: FeeLeg['party'], bps: number): FeeLeg => ({
    party,
    bps,
    paidTo: 'service',
    ...(recipient === undefined ? {} : { recipient, paidAs: THORCHAIN_AFFILIATE_PAYOUT }),
    payout: 'inSwap',
    venueSharePpm: 0,
    token: 'sell',
    amount: (sellAmount * BigInt(bps)) / 10_000n,
  })
  return [
    ...(ownBps - partnerBps > 0 ? [leg('service', ownBps - partnerBps)] : []),
    ...(partnerBps > 0 ? [leg('partner', partnerBps)] : []),
  ]
}
