const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

function polymod(values: number[]): number {
  let checksum = 1
  for (const value of values) {
    const top = checksum >>> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= generator[bit]!
  }
  return checksum
}

/** Regroups bits (8 → 5 for bech32 data), padding the last group with zeros. */
export function convertBits(data: Uint8Array | number[], from: number, to: number): number[] {
  let accumulator = 0
  let bits = 0
  const result: number[] = []
  const mask = (1 << to) - 1
  for (const value of data) {
    accumulator = (accumulator << from) | value
    bits += from
    while (bits >= to) {
      bits -= to
      result.push((accumulator >>> bits) & mask)
    }
  }
  if (bits > 0) result.push((accumulator << (to - bits)) & mask)
  return result
}

/**
 * Encodes 5-bit `words` as a BIP-173 bech32 string with a valid checksum.
 *
 * @example
 * encodeBech32('cosmos', convertBits(bytes20, 8, 5)) // 'cosmos1…'
 */
export function encodeBech32(prefix: string, words: number[]): string {
  const expanded = [
    ...[...prefix].map((char) => char.charCodeAt(0) >>> 5),
    0,
    ...[...prefix].map((char) => char.charCodeAt(0) & 31),
  ]
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1
  const checksum = Array.from({ length: 6 }, (_, index) => (mod >>> (5 * (5 - index))) & 31)
  return `${prefix}1${[...words, ...checksum].map((word) => charset[word]).join('')}`
}
