import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSwapError } from '../errors'
import { formatAmount } from './formatAmount'
import { checkAmount, MAX_AMOUNT_LENGTH, MAX_BASE_UNITS, parseAmount } from './parseAmount'

function rejection(value: string, decimals = 18): { code: string; message: string } | undefined {
  try {
    parseAmount({ value, decimals })
  } catch (error) {
    if (isSwapError(error)) return { code: error.code, message: error.message }
    throw error
  }
  return undefined
}

describe('parseAmount', () => {
  it('parses plain decimals exactly into base units', () => {
    expect(parseAmount({ value: '1', decimals: 18 })).toBe(10n ** 18n)
    expect(parseAmount({ value: '0.1', decimals: 18 })).toBe(10n ** 17n)
    expect(parseAmount({ value: '1.5', decimals: 6 })).toBe(1_500_000n)
    expect(parseAmount({ value: '3138.985215', decimals: 6 })).toBe(3_138_985_215n)
    expect(parseAmount({ value: '0.00000001', decimals: 8 })).toBe(1n)
    expect(parseAmount({ value: '7', decimals: 0 })).toBe(7n)
  })

  it('keeps precision far beyond what a float holds', () => {
    expect(parseAmount({ value: '123456789012345678901234567890.123456789012345678', decimals: 18 })).toBe(
      123456789012345678901234567890123456789012345678n,
    )
  })

  it('round-trips formatAmount exactly for any positive value and 0 to 24 decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: MAX_BASE_UNITS }),
        fc.integer({ min: 0, max: 24 }),
        (value, decimals) => {
          expect(parseAmount({ value: formatAmount({ value, decimals }), decimals })).toBe(value)
        },
      ),
    )
  })

  it("accepts trailing zeros beyond the token's decimals, since they change nothing", () => {
    expect(parseAmount({ value: '1.500000000', decimals: 6 })).toBe(1_500_000n)
    expect(parseAmount({ value: '2.0', decimals: 0 })).toBe(2n)
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 1, max: 10 }),
        (value, decimals, zeros) => {
          const text = formatAmount({ value, decimals })
          const padded = text.includes('.')
            ? text + '0'.repeat(zeros)
            : `${text}.${'0'.repeat(decimals + zeros)}`
          expect(parseAmount({ value: padded, decimals })).toBe(value)
        },
      ),
    )
  })

  it('rejects every malformed form with BAD_REQUEST', () => {
    const forms = [
      '0x10', // hex
      '1e5', // exponent
      '1E5',
      '+1', // sign
      '-1',
      ' 1', // spaces
      '1 ',
      '1 000',
      '', // empty
      '.5', // bare fraction
      '1.', // bare point
      '.',
      '01', // leading zero
      '00.5',
      '1,5', // comma
      '1.2.3',
      'Infinity',
      'NaN',
      '١', // Arabic-Indic one
      '１', // fullwidth one
      '1\u200b', // zero-width space
    ]
    for (const value of forms) expect(rejection(value)?.code, JSON.stringify(value)).toBe('BAD_REQUEST')
  })

  it('rejects zero in every spelling with BAD_REQUEST', () => {
    for (const value of ['0', '0.0', '0.000', '0.000000000000000000000000']) {
      expect(rejection(value), value).toEqual({
        code: 'BAD_REQUEST',
        message: 'amount must be greater than zero',
      })
    }
  })

  it('rejects more fraction digits than the token has, naming the precision', () => {
    expect(rejection('1.1234567', 6)).toEqual({
      code: 'BAD_REQUEST',
      message: "amount has more than 6 decimal places, the token's precision: 1.1234567",
    })
    expect(rejection('0.5', 0)?.message).toMatch(/more than 0 decimal places/)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 }), (decimals) => {
        const value = `0.${'0'.repeat(decimals)}1`
        const error = rejection(value, decimals)
        expect(error?.code).toBe('BAD_REQUEST')
        expect(error?.message).toContain(`more than ${decimals} decimal places`)
      }),
    )
  })

  it('rejects any string containing a character other than digits and one point', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((value) => /[^0-9.]/.test(value)),
        (value) => {
          expect(rejection(value)?.code).toBe('BAD_REQUEST')
        },
      ),
    )
  })

  it('rejects a string longer than the bound before doing bigint work', () => {
    const long = '1'.repeat(MAX_AMOUNT_LENGTH + 1)
    expect(rejection(long)?.code).toBe('BAD_REQUEST')
    const longest = `0.${'0'.repeat(MAX_AMOUNT_LENGTH - 3)}1`
    expect(longest).toHaveLength(MAX_AMOUNT_LENGTH)
    expect(parseAmount({ value: longest, decimals: MAX_AMOUNT_LENGTH - 2 })).toBe(1n)
  })

  it('refuses more base units than a uint256 holds, whatever the decimals, and takes the largest', () => {
    for (const decimals of [0, 6, 18]) {
      expect(parseAmount({ value: formatAmount({ value: MAX_BASE_UNITS, decimals }), decimals })).toBe(
        MAX_BASE_UNITS,
      )
      const over = formatAmount({ value: MAX_BASE_UNITS + 1n, decimals })
      expect(rejection(over, decimals)).toEqual({
        code: 'BAD_REQUEST',
        message: `amount is larger than any token balance can be (2^256 - 1 base units): ${over}`,
      })
    }
    // 80 nines of USDC: a venue would be asked for it, and answer in its own words, without this.
    expect(rejection('9'.repeat(80), 6)?.code).toBe('BAD_REQUEST')
  })
})

describe('checkAmount', () => {
  it('says why as data, the same verdict parseAmount throws on', () => {
    const cases = [
      ['', { kind: 'empty' }],
      ['1'.repeat(MAX_AMOUNT_LENGTH + 1), { kind: 'tooLong', maxLength: MAX_AMOUNT_LENGTH }],
      ['-1', { kind: 'notDecimal' }],
      ['1e3', { kind: 'notDecimal' }],
      ['01', { kind: 'notDecimal' }],
      ['1.1234567', { kind: 'tooPrecise', decimals: 6 }],
      ['0.000', { kind: 'zero' }],
      ['1.1234560', undefined],
    ] as const
    for (const [value, problem] of cases) {
      expect(checkAmount({ value, decimals: 6 }), value).toEqual(problem)
      expect(rejection(value, 6) === undefined, value).toBe(problem === undefined)
    }
  })

  it('finds a problem exactly when parseAmount refuses', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9.]{0,12}$/), fc.integer({ min: 0, max: 18 }), (value, decimals) => {
        expect(checkAmount({ value, decimals }) === undefined).toBe(rejection(value, decimals) === undefined)
      }),
    )
  })
})
