import type { ChainDefinition } from '../../shared'

const base58 = '[1-9A-HJ-NP-Za-km-z]'
const bech32 = '[02-9ac-hj-np-z]'

// Format checks only (no checksum): they catch wrong-chain and garbled input before a venue sees it.
const patterns: Record<string, RegExp> = {
  BTC: new RegExp(`^(?:[13]${base58}{25,34}|bc1${bech32}{11,71})$`),
  LTC: new RegExp(`^(?:[LM3]${base58}{26,33}|ltc1${bech32}{11,71})$`),
  DOGE: new RegExp(`^[DA9]${base58}{25,34}$`),
  BCH: new RegExp(`^(?:(?:bitcoincash:)?[qp]${bech32}{41}|1${base58}{25,34})$`),
  GAIA: new RegExp(`^cosmos1${bech32}{38,58}$`),
  THOR: new RegExp(`^thor1${bech32}{38,58}$`),
  HIVE: /^[a-z][a-z0-9.-]{2,15}$/,
}

const evmPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * Whether `address` has the shape of an address on `chain`: `0x` and 40 hex characters on EVM
 * chains; base58 or bech32 with the chain's prefixes on UTXO chains (bech32 is accepted in either
 * case, as BIP-173 allows, but not mixed); the chain's bech32 prefix on Cosmos chains.
 *
 * @example
 * isValidAddress(bitcoin, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // true
 */
export function isValidAddress(chain: ChainDefinition, address: string): boolean {
  if (chain.type === 'evm') return evmPattern.test(address)
  const pattern = patterns[chain.symbol]
  if (!pattern) return false
  if (pattern.test(address)) return true
  const lower = address.toLowerCase()
  return address === address.toUpperCase() && lower !== address && pattern.test(lower)
}
