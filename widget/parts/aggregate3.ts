/** Multicall3's address, the same on every chain that has it (and in every sandbox chain). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** One call of a batch: the contract and its calldata (failures are allowed, each on its own). */
export type Call3 = { target: `0x${string}`; callData: `0x${string}` }

/** One result of a batch: whether the call succeeded, and what it returned. */
export type Call3Result = { success: boolean; returnData: `0x${string}` }

const word = (value: bigint | number) => BigInt(value).toString(16).padStart(64, '0')

/**
 * Calldata of Multicall3's `aggregate3((address,bool,bytes)[])` with `allowFailure` true for every
 * call, ABI-encoded by hand (a few dozen lines instead of loading an ABI coder into the picker).
 *
 * @example
 * encodeAggregate3([{ target: usdc, callData: '0x70a08231…' }]) // '0x82ad56cb…'
 */
export function encodeAggregate3(calls: readonly Call3[]): `0x${string}` {
  // Each tuple is head (address, bool, offset of bytes) then the bytes: length and padded data.
  const tuples = calls.map(({ target, callData }) => {
    const data = callData.slice(2)
    return (
      word(BigInt(target)) +
      word(1) +
      word(0x60) +
      word(data.length / 2) +
      data.padEnd(Math.ceil(data.length / 64) * 64, '0')
    )
  })
  let offset = calls.length * 32
  const offsets = tuples.map((tuple) => {
    const at = offset
    offset += tuple.length / 2
    return word(at)
  })
  return `0x82ad56cb${word(0x20)}${word(calls.length)}${offsets.join('')}${tuples.join('')}`
}

/**
 * The `(bool success, bytes returnData)[]` that `aggregate3` returns. Throws a `TypeError` on an
 * answer that is not such an array (a chain without Multicall3 answers `0x`).
 */
export function decodeAggregate3(answer: string): Call3Result[] {
  if (!/^0x([0-9a-fA-F]{64})+$/.test(answer)) throw new TypeError('not an aggregate3 result')
  const hex = answer.slice(2)
  const read = (byte: number) => {
    const value = Number(BigInt(`0x${hex.slice(byte * 2, byte * 2 + 64) || '0'}`))
    if (!Number.isSafeInteger(value) || byte * 2 + 64 > hex.length) {
      throw new TypeError('aggregate3 result out of bounds')
    }
    return value
  }
  const array = read(0)
  const count = read(array)
  const results: Call3Result[] = []
  for (let index = 0; index < count; index++) {
    const tuple = array + 32 + read(array + 32 + index * 32)
    const bytes = tuple + read(tuple + 32)
    const length = read(bytes)
    const data = hex.slice((bytes + 32) * 2, (bytes + 32 + length) * 2)
    if (data.length !== length * 2) throw new TypeError('aggregate3 result out of bounds')
    results.push({ success: read(tuple) === 1, returnData: `0x${data}` })
  }
  return results
}
