import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyBps, BPS } from './applyBps'

describe('applyBps', () => {
  it('rounds a fee up so the fee is never under-collected', () => {
    // 1001 * 30 / 10000 = 3.003 -> 4
    expect(applyBps({ amount: 1001n, bps: 30, rounding: 'up' })).toBe((1001n * 30n + BPS - 1n) / BPS)
    expect(applyBps({ amount: 1001n, bps: 30, rounding: 'up' })).toBe(4n)
  })

  it('rounds a guaranteed minimum down so the quote never over-promises', () => {
    // 3138985215 * (10000 - 50) / 10000 = 3123290288.925 -> 3123290288
    const amount = 3_138_985_215n
    expect(applyBps({ amount, bps: 9950, rounding: 'down' })).toBe((amount * 9950n) / BPS)
    expect(applyBps({ amount, bps: 9950, rounding: 'down' })).toBe(3_123_290_288n)
  })

  it('gives the same exact result both ways when the division has no remainder', () => {
    expect(applyBps({ amount: 10_000n, bps: 30, rounding: 'up' })).toBe(30n)
    expect(applyBps({ amount: 10_000n, bps: 30, rounding: 'down' })).toBe(30n)
    expect(applyBps({ amount: 5n, bps: 0, rounding: 'up' })).toBe(0n)
    expect(applyBps({ amount: 12_345n, bps: 10_000, rounding: 'down' })).toBe(12_345n)
  })

  it('rounds up by at most one unit, and only when there is a remainder', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 128n }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          const down = applyBps({ amount, bps, rounding: 'down' })
          const up = applyBps({ amount, bps, rounding: 'up' })
          expect(down * BPS <= amount * BigInt(bps)).toBe(true)
          expect(up * BPS >= amount * BigInt(bps)).toBe(true)
          expect(up - down).toBe((amount * BigInt(bps)) % BPS === 0n ? 0n : 1n)
        },
      ),
    )
  })
})
