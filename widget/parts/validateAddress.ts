import { findChain, isChainAddress } from '../../shared/chains'
import type { Chain } from '../../shared/schemas'
import { english, type Translate } from './translate'

/** What an address on a chain of `type` looks like, in the words of `t`. */
function expectedShape(type: Chain['type'], t: Translate): string {
  return type === 'evm'
    ? t('0x followed by 40 hex characters')
    : type === 'utxo'
      ? t('a base58 or bech32 address')
      : type === 'cosmos'
        ? t('a bech32 address')
        : t('an account name')
}

/**
 * Checks that `value`, trimmed, has the shape of an address on `chain` by the registry's rule, the one
 * the API applies (`isChainAddress`). Returns a plain-words problem, or `undefined` when it looks
 * right, and for a chain this build's registry does not know (a newer service), which the service checks.
 * The problem is in the words of `t`, the element's translator (English by default).
 *
 * @example
 * validateAddress({ chain: { id: 'BTC', type: 'utxo', name: 'Bitcoin' }, value: '0x12', t }) // 'That is not a Bitcoin address …'
 */
export function validateAddress({
  chain,
  value,
  t = english,
}: {
  chain: Pick<Chain, 'id' | 'type' | 'name'>
  value: string
  t?: Translate
}): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return t('Enter an address on {chain}.', { chain: chain.name })
  const definition = findChain(chain.id)
  if (!definition || isChainAddress(definition, trimmed)) return undefined
  const shape =
    chain.id === 'GAIA' ? 'cosmos1…' : chain.id === 'THOR' ? 'thor1…' : expectedShape(chain.type, t)
  return t('That is not a {chain} address (expected {shape}).', { chain: chain.name, shape })
}
