const base58 = '[1-9A-HJ-NP-Za-km-z]'
const bech32 = '[02-9ac-hj-np-z]'

/** Address shapes per THORChain chain code, as THORNode would accept a destination. */
const patterns: Record<string, RegExp> = {
  BTC: new RegExp(`^(?:[13]${base58}{25,34}|bc1${bech32}{11,71})$`),
  LTC: new RegExp(`^(?:[LM3]${base58}{26,33}|ltc1${bech32}{11,71})$`),
  DOGE: new RegExp(`^[DA9]${base58}{25,34}$`),
  BCH: new RegExp(`^(?:(?:bitcoincash:)?[qp]${bech32}{41}|1${base58}{25,34})$`),
  GAIA: new RegExp(`^cosmos1${bech32}{38,58}$`),
  THOR: new RegExp(`^thor1${bech32}{38,58}$`),
}
const evm = /^0x[0-9a-fA-F]{40}$/
const evmChains = new Set(['ETH', 'BSC', 'AVAX', 'BASE', 'ARB', 'RHD'])

/**
 * Whether `address` has the shape of an address on THORChain chain `chain` (format only, like a
 * node's first check; bech32 may be all upper case).
 *
 * @example
 * isChainAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4') // true
 */
export function isChainAddress(chain: string, address: string): boolean {
  if (evmChains.has(chain)) return evm.test(address)
  const pattern = patterns[chain]
  if (!pattern) return false
  return pattern.test(address) || (address === address.toUpperCase() && pattern.test(address.toLowerCase()))
}

/** The chain codes whose address shape `address` has (an EVM address matches every EVM chain). */
export function chainsOfAddress(address: string): string[] {
  return [...evmChains, ...Object.keys(patterns)].filter((chain) => isChainAddress(chain, address))
}
