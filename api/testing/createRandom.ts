/**
 * mulberry32: a small seeded PRNG for the generated-request tests, so a failure reproduces with the
 * same seed. Returns numbers in [0, 1).
 *
 * @example
 * const random = createRandom(0x5eed)
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296
  }
}
