import { numberToHex, padHex } from 'viem'

/**
 * ABI words by hand, for the few calls the wallet code makes (`approve`, `allowance`): viem's ABI
 * encoder and keccak would be most of the wallet chunk the widget downloads.
 */

/** An address as one 32-byte ABI word, without `0x`. Throws a `TypeError` for anything else. */
export function addressWord(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new TypeError(`not an address: ${address}`)
  return padHex(address.toLowerCase() as `0x${string}`, { size: 32 }).slice(2)
}

/** A uint256 as one 32-byte ABI word, without `0x`. Throws a `RangeError` when it does not fit. */
export function uint256Word(value: bigint): string {
  if (value < 0n || value >= 2n ** 256n) throw new RangeError('the amount does not fit a uint256')
  return padHex(numberToHex(value), { size: 32 }).slice(2)
}
