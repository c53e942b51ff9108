import { describe, expect, it } from 'vitest'
import { parseUsdPrice } from './parseUsdPrice'

describe('parseUsdPrice', () => {
  it('reads decimal strings and numbers as dollars times 10^18 without float loss', () => {
    expect(parseUsdPrice('2500.12')).toBe(2_500_120_000_000_000_000_000n)
    expect(parseUsdPrice('0.9998')).toBe(999_800_000_000_000_000n)
    expect(parseUsdPrice(60000)).toBe(60_000n * 10n ** 18n)
    expect(parseUsdPrice(0.000123)).toBe(123_000_000_000_000n)
  })

  it('knows no price for zero, negatives, garbage and missing values', () => {
    for (const value of ['0', '0.00', 0, -1, '-3', 'abc', '', null, undefined, {}, Number.NaN]) {
      expect(parseUsdPrice(value)).toBeUndefined()
    }
  })
})
