import { chainDefinitions, findChain, isChainAddress as hasAddressShape } from '../../../../shared'

/** The chains a destination may be on: every quotable chain of the registry, by symbol. */
const chains = chainDefinitions.filter((chain) => chain.quotable)

/**
 * Whether `address` has the shape of an address on THORChain chain `chain` (format only, like a
 * node's first check), by the registry's rule, the one the API and the widget apply too.
 *
 * @example
 * isChainAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4') // true
 */
export function isChainAddress(chain: string, address: string): boolean {
  const definition = findChain(chain)
  return definition?.quotable === true && definition.symbol === chain && hasAddressShape(definition, address)
}

/** The chain codes whose address shape `address` has (an EVM address matches every EVM chain). */
export function chainsOfAddress(address: string): string[] {
  return chains.filter((chain) => hasAddressShape(chain, address)).map((chain) => chain.symbol)
}
