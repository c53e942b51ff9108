import { numberToHex } from 'viem'

/**
 * A venue's quantity (a decimal string like 0x's `"210000"`, a hex string like LI.FI's `"0x5b8d8"`, or a
 * number) as a JSON-RPC hex quantity (`0x0` for zero, no leading zeros), as contract 2.4 wants.
 * Throws on anything that is not a non-negative integer.
 *
 * @example
 * toHexQuantity('210000') // '0x33450'
 */
export function toHexQuantity(value: string | number | bigint): `0x${string}` {
  const amount = toBigInt(value)
  if (amount < 0n) throw new Error('quantity is negative')
  return numberToHex(amount)
}

/** A venue's integer (decimal or 0x-hex string, integer number) as a bigint; throws on anything else. */
export function toBigInt(value: string | number | bigint): bigint {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an exact integer: ${value}`)
    return BigInt(value)
  }
  if (/^0x[0-9a-fA-F]+$/.test(value) || /^[0-9]+$/.test(value)) return BigInt(value)
  throw new Error(`not an integer quantity: ${value.slice(0, 80)}`)
}
