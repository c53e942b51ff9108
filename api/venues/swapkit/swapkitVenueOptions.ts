import type { PartnerRegistry } from '../../fees/partnerRegistry'
import type { MemoAffiliateShare } from './rewriteMemoAffiliates'

/** Settings of the routing-provider adapter (SwapKit API v3). */
export type SwapkitVenueOptions = {
  /** `https://api.swapkit.dev` live, the simulator's base URL in the sandbox. */
  baseUrl: string
  /** Sent as `x-api-key`; it also carries the affiliate fee configured at SwapKit. Never logged. */
  apiKey: string
  /** The service's THORName in the memo affiliate split. Without it memos are passed through unchanged. */
  serviceAffiliate?: string | undefined
  /** Weight of the service's share of the split; default 1. */
  serviceAffiliateWeight?: number | undefined
  /** The other members of the service's affiliate split. */
  coAffiliates?: readonly MemoAffiliateShare[] | undefined
  /**
   * The service's affiliate fee sent as `affiliateFee` (overrides the key's fee tiers), bps
   * (`SWAPKIT_AFFILIATE_FEE_BPS`). Unset: nothing is sent and the key's own fee applies.
   */
  affiliateFeeBps?: number | undefined
  /** Carry partner fees inside `affiliateFee` (`SWAPKIT_PARTNER_FEES`; needs `affiliateFeeBps`). */
  partnerFees?: boolean | undefined
  partners?: PartnerRegistry | undefined
  /** Epoch-ms clock, for a THORChain router expiry when the route states none. */
  now?: (() => number) | undefined
}

/** Chain symbols SwapKit knows, as they appear in its asset identifiers (they match the registry's). */
export const SWAPKIT_CHAINS: ReadonlySet<string> = new Set([
  'ETH',
  'BTC',
  'BASE',
  'BSC',
  'AVAX',
  'ARB',
  'BCH',
  'LTC',
  'DOGE',
  'GAIA',
  'THOR',
])
