import { getAddress } from 'viem'
import type { ChainDefinition } from '../../../shared'
import type { QuoteToken } from '../venue'

/**
 * A token as SwapKit names it: `CHAIN.TICKER` for a native coin (`BTC.BTC`, `BASE.ETH`, `GAIA.ATOM`),
 * `CHAIN.TICKER-0xChecksummed` for a token (SwapKit keeps EIP-55 case, unlike THORNode).
 *
 * @example
 * toSwapkitAsset(ethereum, usdc) // 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
 */
export function toSwapkitAsset(chain: ChainDefinition, token: QuoteToken): string {
  if (token.kind === 'native') return `${chain.symbol}.${chain.nativeSymbol}`
  return `${chain.symbol}.${token.symbol}-${getAddress(token.contract as string)}`
}
