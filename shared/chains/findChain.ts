import type { Chain } from '../schemas/chain'
import type { ChainDefinition } from './chainDefinition'
import { caip2Aliases, chainDefinitions } from './definitions'

const bySymbol = new Map(chainDefinitions.map((chain) => [chain.symbol, chain]))
const byChainId = new Map(
  chainDefinitions.flatMap((chain) => (chain.chainId === undefined ? [] : [[chain.chainId, chain] as const])),
)
const byCaip2 = new Map(chainDefinitions.map((chain) => [chain.caip2, chain]))

/**
 * Finds a chain by symbol (case-insensitive), numeric EVM chain id (number or decimal string),
 * or CAIP-2 id. Returns `undefined` when the chain is not in the registry.
 *
 * @example
 * findChain('base')?.chainId // 8453
 * findChain('42161')?.symbol // 'ARB'
 */
export function findChain(idOrSymbol: string | number): ChainDefinition | undefined {
  if (typeof idOrSymbol === 'number') return byChainId.get(idOrSymbol)
  const value = idOrSymbol.trim()
  if (/^[1-9][0-9]{0,15}$/.test(value)) return byChainId.get(Number(value))
  if (value.includes(':')) return byCaip2.get(caip2Aliases[value] ?? value)
  return bySymbol.get(value.toUpperCase())
}

/** The public `Chain` resource of `/chains` for a definition. */
export function toChainResource(chain: ChainDefinition): Chain {
  return {
    id: chain.symbol,
    name: chain.name,
    nativeSymbol: chain.nativeSymbol,
    caip2: chain.caip2,
    type: chain.type,
    ...(chain.chainId === undefined ? {} : { chainId: chain.chainId }),
  }
}

/** An explorer link for a transaction on this chain. */
export function getExplorerTxUrl(chain: ChainDefinition, hash: string): string {
  return chain.explorerUrl + chain.explorerTxPath.replace('{hash}', hash)
}
