import type { PartnerRegistry } from '../../fees/partnerRegistry'

/** Settings of the LI.FI adapter. */
export type LifiVenueOptions = {
  /** `https://li.quest` or `https://li.quest/v1` (both work), or the simulator's base URL. */
  baseUrl: string
  /** Sent as `x-lifi-api-key` when set; never logged. */
  apiKey?: string | undefined
  /**
   * Our integrator id in LI.FI's Partner Portal (at most 23 of `[A-Za-z0-9-_.]`); its fee wallet is
   * configured there. Unset: no integrator fee is asked for at all (no service fee, no partner fee), since
   * an id without a fee wallet makes LI.FI refuse every quote, and one owned by someone else pays them.
   */
  integrator?: string | undefined
  /** The service's own fee on LI.FI routes, basis points (contract 4.3: 30). */
  serviceFeeBps: number
  /** LI.FI's share of collected integrator fees, percent (`LIFI_FEE_SHARE_PERCENT`). */
  feeSharePercent?: number | undefined
  /** Registered partners: a partner's fee is capped at its `maxFeeBps`. */
  partners?: PartnerRegistry | undefined
  /** EVM chain ids quoted same-chain; RHD is never quoted same-chain (contract 1). */
  chainIds?: readonly number[] | undefined
  /** EVM chain ids served as either leg of a bridge route (cross-chain EVM to EVM). */
  bridgeChainIds?: readonly number[] | undefined
}

/** Chains of the registry that LI.FI serves and the contract lets an aggregator route same-chain. */
export const LIFI_DEFAULT_CHAIN_IDS: readonly number[] = [1, 56, 8453, 42161, 43114]
