import type { PartnerRegistry } from '../../fees/partnerRegistry'

/** GPv2 contracts of one chain: the EIP-712 `verifyingContract` and the approval spender. */
export type CowContracts = { settlement: `0x${string}`; vaultRelayer: `0x${string}` }

/** Settings of the CoW Protocol adapter. */
export type CowVenueOptions = {
  /** `https://api.cow.fi` live (the adapter appends `/{slug}/api/v1/...`), the simulator's base URL in the sandbox. */
  baseUrl: string
  /** The service's own volume fee, basis points (contract 4.3: 30); paid first within CoW's 100 bps cap. */
  serviceFeeBps: number
  /** Recipient of the service's volume policy. Without it no service policy is added. */
  feeRecipient?: `0x${string}` | undefined
  /** Recipient of an unregistered partner's volume policy; defaults to `feeRecipient` (owed to partners from the ledger). */
  partnerFeeRecipient?: `0x${string}` | undefined
  /** Registered partners: one with a payout address is named in its own policy, paid by CoW DAO directly. */
  partners?: PartnerRegistry | undefined
  /** CoW DAO's share of partner fees, percent (default 25, CIP-75). */
  feeSharePercent?: number | undefined
  /** The backend's cap on all partner-fee policies of an order, bps (default 100). */
  maxPartnerFeeBps?: number | undefined
  /** `appCode` of the app data. */
  appCode?: string | undefined
  /** Slippage when the request names none, basis points (CoW has no default of its own). */
  defaultSlippageBps?: number | undefined
  /** Seconds an order stays valid (`validFor` of the quote request); CoW accepts 60 s to 3 h. */
  validForSeconds?: number | undefined
  /** Order-book slug per chain id; defaults to CoW's public slugs. */
  slugs?: Readonly<Record<number, string>> | undefined
  /** GPv2 contracts per chain id where they differ from mainnet's (the sandbox, barn). */
  contracts?: Readonly<Record<number, CowContracts>> | undefined
}

/** CoW's production GPv2 contracts, the same on every chain it serves. */
export const COW_MAINNET_CONTRACTS: CowContracts = {
  settlement: '0x9008D19f58AAbD9eD0D60971565AA8510560ab41',
  vaultRelayer: '0xC92E8bdf79f0507f65a392b0ab4667716BFE0110',
}

/** CoW's public order-book slugs of the registry's chains. */
export const COW_DEFAULT_SLUGS: Readonly<Record<number, string>> = {
  1: 'mainnet',
  56: 'bnb',
  8453: 'base',
  42161: 'arbitrum_one',
  43114: 'avalanche',
}
