import type { ChainDefinition } from '../../shared'

/**
 * What is read on chain for an ERC-20 outside the curated list. `symbol` is absent when the contract
 * does not answer one that decodes; `decimals` is what amounts need.
 */
export type TokenMetadata = { decimals: number; symbol?: string; name?: string }

/**
 * Reads an unlisted ERC-20's decimals and symbol on chain (`createTokenMetadataReader`). Returns
 * `undefined` when the contract is not a readable ERC-20: the route then answers `UNKNOWN_TOKEN`.
 * Throws `UPSTREAM_ERROR` when the chain's node fails. With no reader configured every unlisted
 * token is `UNKNOWN_TOKEN`.
 */
export type TokenMetadataReader = (parameters: {
  chain: ChainDefinition
  contract: `0x${string}`
  signal?: AbortSignal
}) => Promise<TokenMetadata | undefined>
