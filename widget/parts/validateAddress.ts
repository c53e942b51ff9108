import { findChain, isChainAddress } from '../../shared/chains'
import type { Chain } from '../../shared/schemas'

const expected: Record<Chain['type'], string> = {
  evm: '0x followed by 40 hex characters',
  utxo: 'a base58 or bech32 address',
  cosmos: 'a bech32 address',
  hive: 'an account name',
}

/**
 * Checks that `value`, trimmed, has the shape of an address on `chain` by the registry's rule, the one
 * the API applies (`isChainAddress`). Returns a plain-words problem, or `undefined` when it looks
 * right, and for a chain this build's registry does not know (a newer service), which the service checks.
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
  const definition = findChain(chain.id)
  if (!definition || isChainAddress(definition, trimmed)) return undefined
  const prefix = chain.id === 'GAIA' ? 'cosmos1…' : chain.id === 'THOR' ? 'thor1…' : expected[chain.type]
  return `That is not a ${chain.name} address (expected ${prefix}).`
}
