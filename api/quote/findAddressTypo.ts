import { createHash } from 'node:crypto'
import { bech32, bech32m, createBase58check } from '@scure/base'
import type { ChainDefinition } from '../../shared'
import { checksumAddress } from '../venues/common/checksumAddress'

/**
 * What is wrong with an address that already has its chain's shape (`isChainAddress`), in words that
 * follow its parameter's name, or undefined: on an EVM chain the zero address (nobody holds its key) or a
 * mixed-case address whose EIP-55 checksum is wrong (all one case carries none); on a UTXO or Cosmos
 * chain a wrong checksum (`hasValidChecksum`). A typo caught here is a 400, never a quote to nowhere.
 *
 * @example
 * findAddressTypo(bitcoin, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr') // 'has a wrong checksum for a BTC address: …'
 */
export function findAddressTypo(chain: ChainDefinition, address: string): string | undefined {
  if (chain.type === 'utxo' || chain.type === 'cosmos') {
    return hasValidChecksum(address)
      ? undefined
      : `has a wrong checksum for a ${chain.symbol} address: check it for a typo`
  }
  if (chain.type !== 'evm') return undefined
  if (/^0x0{40}$/i.test(address)) return 'is the zero address: anything sent there is lost'
  if (/[a-f]/.test(address.slice(2)) && /[A-F]/.test(address) && checksumAddress(address) !== address)
    return 'has a wrong EIP-55 checksum (mixed case): check it for a typo, or write it in one case'
  return undefined
}

const base58check = createBase58check((data) => new Uint8Array(createHash('sha256').update(data).digest()))

/**
 * Whether a UTXO or Cosmos address that already has its chain's shape also carries a valid checksum,
 * so a mistyped character is caught before a quote is built on it: bech32 (BIP-173) for segwit v0
 * (`bc1q…`, `ltc1q…`) and Cosmos accounts (`cosmos1…`, `thor1…`), bech32m (BIP-350) for segwit v1 and
 * later (`bc1p…`), base58check for legacy and script addresses (`1…`, `3…`, `L…`, `D…`). Bitcoin Cash's
 * CashAddr form has a checksum of its own that is not read here: its shape alone is checked.
 */
function hasValidChecksum(address: string): boolean {
  const text = address.toLowerCase()
  try {
    const segwit = /^(bc|tb|ltc)1(.)/.exec(text)
    if (segwit) {
      // The witness version is the first data character: `q` is version 0.
      ;(segwit[2] === 'q' ? bech32 : bech32m).decode(text as `${string}1${string}`)
      return true
    }
    if (/^[a-z]+1/.test(text) && !text.startsWith('bitcoincash:')) {
      bech32.decode(text as `${string}1${string}`)
      return true
    }
    if (text.startsWith('bitcoincash:') || /^[qp][0-9a-z]{41}$/.test(text)) return true
    base58check.decode(address)
    return true
  } catch {
    return false
  }
}
