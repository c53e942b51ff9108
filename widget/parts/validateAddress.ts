import type { Chain } from '../../shared/schemas'

const base58 = '[1-9A-HJ-NP-Za-km-z]'
const bech32 = '[02-9ac-hj-np-z]'

/** Address shapes per chain symbol; chains not listed fall back to their type's shape. */
const patterns: Record<string, RegExp> = {
  BTC: new RegExp(`^(bc1${bech32}{11,71}|[13]${base58}{25,34})$`),
  LTC: new RegExp(`^(ltc1${bech32}{11,71}|[LM3]${base58}{25,34})$`),
  DOGE: new RegExp(`^[DA9]${base58}{25,34}$`),
  BCH: new RegExp(`^((bitcoincash:)?[qp]${bech32}{41}|[13]${base58}{25,34})$`),
  GAIA: new RegExp(`^cosmos1${bech32}{38,58}$`),
  THOR: new RegExp(`^thor1${bech32}{38,58}$`),
}

const byType: Record<Chain['type'], RegExp> = {
  evm: /^0x[0-9a-fA-F]{40}$/,
  utxo: new RegExp(`^(${base58}{25,35}|[a-z]{1,10}1${bech32}{11,71})$`),
  cosmos: new RegExp(`^[a-z]{1,20}1${bech32}{38,58}$`),
  hive: /^[a-z][a-z0-9.-]{2,15}$/,
}

const examples: Record<Chain['type'], string> = {
  evm: '0x followed by 40 hex characters',
  utxo: 'a base58 or bech32 address',
  cosmos: 'a bech32 address',
  hive: 'an account name',
}

/**
 * Checks that `value` has the shape of an address on `chain` (a format check, not a checksum
 * check). Returns a plain-words problem, or `undefined` when it looks right.
 *
 * @example
 * validateAddress({ chain: { id: 'BTC', type: 'utxo', name: 'Bitcoin' }, value: '0x12' }) // 'That is not a Bitcoin address …'
 */
export function validateAddress({
  chain,
  value,
}: {
  chain: Pick<Chain, 'id' | 'type' | 'name'>
  value: string
}): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return `Enter an address on ${chain.name}.`
  const pattern = patterns[chain.id] ?? byType[chain.type]
  if (pattern.test(trimmed)) return undefined
  const prefix = chain.id === 'GAIA' ? 'cosmos1…' : chain.id === 'THOR' ? 'thor1…' : examples[chain.type]
  return `That is not a ${chain.name} address (expected ${prefix}).`
}
