import { convertBits } from './encodeBech32'

const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const generator = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n]

function polymod(values: number[]): bigint {
  let checksum = 1n
  for (const value of values) {
    const top = checksum >> 35n
    checksum = ((checksum & 0x07ffffffffn) << 5n) ^ BigInt(value)
    for (let bit = 0; bit < 5; bit++) if ((top >> BigInt(bit)) & 1n) checksum ^= generator[bit]!
  }
  return checksum ^ 1n
}

/**
 * Encodes a 20-byte P2PKH hash as a Bitcoin Cash CashAddr (`bitcoincash:q…`) with a valid checksum.
 *
 * @example
 * encodeCashAddress(hash160) // 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'
 */
export function encodeCashAddress(hash: Uint8Array, prefix = 'bitcoincash'): string {
  // Version byte 0: P2PKH with a 160-bit hash.
  const payload = convertBits([0, ...hash], 8, 5)
  const mod = polymod([
    ...[...prefix].map((char) => char.charCodeAt(0) & 31),
    0,
    ...payload,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ])
  const checksum = Array.from({ length: 8 }, (_, index) => Number((mod >> BigInt(5 * (7 - index))) & 31n))
  return `${prefix}:${[...payload, ...checksum].map((word) => charset[word]).join('')}`
}
