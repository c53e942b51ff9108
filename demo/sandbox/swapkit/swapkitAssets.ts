import { getAddress, type Address } from 'viem'
import { chainDefinitions } from '../../../shared/chains'
import { tokenLists } from '../../../shared/tokens'

/** A SwapKit asset identifier resolved against the sandbox's chains and token lists. */
export type SwapkitAsset = {
  /** The identifier as SwapKit writes it (EIP-55 contracts): `ETH.USDC-0xA0b8…eB48`. */
  identifier: string
  chain: string
  ticker: string
  contract?: Address
  decimals: number
  /** THORNode's notation of the same asset (upper case). */
  thorAsset: string
  /** The chain's EVM chain id, for EVM chains. */
  chainId?: number
}

/** The chains SwapKit serves in the sandbox (its codes match the registry's symbols; RHD is not one). */
export const swapkitChains: readonly string[] = [
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
]

/** SwapKit's chain ids (not CAIP-2): EVM numbers, names elsewhere. */
export const swapkitChainIds: Readonly<Record<string, string>> = {
  ETH: '1',
  BASE: '8453',
  BSC: '56',
  AVAX: '43114',
  ARB: '42161',
  BTC: 'bitcoin',
  BCH: 'bitcoincash',
  LTC: 'litecoin',
  DOGE: 'dogecoin',
  GAIA: 'cosmoshub-4',
  THOR: 'thorchain-1',
}

/**
 * Resolves a SwapKit identifier (`CHAIN.TICKER` or `CHAIN.TICKER-0xCONTRACT`). The contract is
 * matched case-insensitively against the curated token list and given back in EIP-55 case.
 * Returns `undefined` for anything the sandbox does not list.
 *
 * @example
 * parseSwapkitAsset('BTC.BTC') // { chain: 'BTC', ticker: 'BTC', decimals: 8, thorAsset: 'BTC.BTC', … }
 */
export function parseSwapkitAsset(identifier: string): SwapkitAsset | undefined {
  const dot = identifier.indexOf('.')
  if (dot <= 0) return undefined
  const chain = identifier.slice(0, dot)
  const rest = identifier.slice(dot + 1)
  if (!swapkitChains.includes(chain)) return undefined
  const definition = chainDefinitions.find((candidate) => candidate.symbol === chain)
  if (!definition) return undefined
  const chainId = definition.chainId === undefined ? {} : { chainId: definition.chainId }
  const dash = rest.indexOf('-')
  if (dash < 0) {
    if (rest !== definition.nativeSymbol) return undefined
    return {
      identifier,
      chain,
      ticker: rest,
      decimals: definition.nativeDecimals,
      thorAsset: `${chain}.${rest}`,
      ...chainId,
    }
  }
  const ticker = rest.slice(0, dash)
  const contract = rest.slice(dash + 1)
  const token = (tokenLists[chain] ?? []).find(
    (candidate) => candidate.symbol === ticker && candidate.contract.toLowerCase() === contract.toLowerCase(),
  )
  if (!token) return undefined
  const address = getAddress(token.contract)
  return {
    identifier: `${chain}.${ticker}-${address}`,
    chain,
    ticker,
    contract: address,
    decimals: token.decimals,
    thorAsset: `${chain}.${ticker}-${address.toUpperCase()}`,
    ...chainId,
  }
}
