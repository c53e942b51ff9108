import type { PartnerRegistry } from '../../fees/partnerRegistry'

/** Settings of the 0x adapter (Swap API v2, AllowanceHolder flow). */
export type ZeroxVenueOptions = {
  /** `https://api.0x.org` live, the simulator's base URL in the sandbox. */
  baseUrl: string
  /** Sent as `0x-api-key`; never logged. */
  apiKey: string
  /** The service's own fee on 0x routes, basis points. */
  serviceFeeBps: number
  /** The service's fee wallet: `swapFeeRecipient`. Without it no fee (service or partner) is stamped. */
  feeRecipient?: `0x${string}` | undefined
  /** Registered partners: one with a payout address is paid on chain through the fee lists. */
  partners?: PartnerRegistry | undefined
  /** EVM chain ids this adapter quotes; RHD is never among them (contract 1: no aggregator routes it). */
  chainIds?: readonly number[] | undefined
}

/** Chains of the registry that 0x serves and the contract lets an aggregator route. */
export const ZEROX_DEFAULT_CHAIN_IDS: readonly number[] = [1, 56, 8453, 42161, 43114]
