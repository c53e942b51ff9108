import { createHash } from 'node:crypto'

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest()

/**
 * Encodes `version` and `payload` as Base58Check (a double-SHA-256 checksum), as legacy Bitcoin,
 * Litecoin and Dogecoin addresses are written.
 *
 * @example
 * encodeBase58Check(0x1e, hash160) // 'D…' (a Dogecoin P2PKH address)
 */
export function encodeBase58Check(version: number, payload: Uint8Array): string {
  const body = Uint8Array.from([version, ...payload])
  const bytes = Uint8Array.from([...body, ...sha256(sha256(body)).subarray(0, 4)])
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex')}`)
  let text = ''
  while (value > 0n) {
    text = alphabet[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}
