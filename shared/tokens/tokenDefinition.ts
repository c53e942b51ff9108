/**
 * A curated ERC-20 (or other chain token) with its real mainnet contract address.
 * Native assets are not listed here: they come from the chain registry.
 */
export type TokenDefinition = {
  symbol: string
  name: string
  /** EIP-55 checksummed contract address on the chain's mainnet. */
  contract: `0x${string}`
  decimals: number
  /** True for the chain's wrapped native token (WETH, WBNB, WAVAX). */
  wrapsNative?: boolean
}
