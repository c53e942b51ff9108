import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DecimalStringSchema } from '../schemas/primitives'
import { formatAmount } from './formatAmount'

describe('formatAmount', () => {
  it('writes base units as a human decimal without trailing zeros', () => {
    expect(formatAmount({ value: 1_500_000n, decimals: 6 })).toBe('1.5')
    expect(formatAmount({ value: 3_138_985_215n, decimals: 6 })).toBe('3138.985215')
    expect(formatAmount({ value: 10n ** 18n, decimals: 18 })).toBe('1')
    expect(formatAmount({ value: 1n, decimals: 18 })).toBe('0.000000000000000001')
    expect(formatAmount({ value: 0n, decimals: 6 })).toBe('0')
    expect(formatAmount({ value: 42n, decimals: 0 })).toBe('42')
  })

  it('keeps a sign for negative values', () => {
    expect(formatAmount({ value: -1_500_000n, decimals: 6 })).toBe('-1.5')
  })

  it("always writes the contract's decimal-string grammar for non-negative values", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 256n }),
        fc.integer({ min: 0, max: 24 }),
        (value, decimals) => {
          const text = formatAmount({ value, decimals })
          expect(DecimalStringSchema.safeParse(text).success).toBe(true)
          expect(text).not.toMatch(/e|\.$|\.\d*0$/)
        },
      ),
    )
  })
})
