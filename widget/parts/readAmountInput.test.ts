import { describe, expect, it } from 'vitest'
import { AMOUNT_PATTERN } from '../../shared/amount'
import { readAmountInput } from './readAmountInput'

describe('readAmountInput', () => {
  it('rewrites what people type into the contract grammar: a comma point, a bare leading point, spaces', () => {
    expect(readAmountInput('0,5')).toEqual({ amount: '0.5' })
    expect(readAmountInput('12,25')).toEqual({ amount: '12.25' })
    expect(readAmountInput(',5')).toEqual({ amount: '0.5' })
    expect(readAmountInput('.5')).toEqual({ amount: '0.5' })
    expect(readAmountInput(' 1.0 ')).toEqual({ amount: '1.0' })
    expect(readAmountInput('1.5')).toEqual({ amount: '1.5' })
    expect(readAmountInput('')).toEqual({ amount: '' })
    expect(readAmountInput('   ')).toEqual({ amount: '' })
  })

  it('sends only amounts the API accepts, and names the problem for anything else', () => {
    for (const text of ['1e5', '-1', '+1', '0x10', '1.', '.', '01', '1.2.3', 'abc', '1 000', '١']) {
      const read = readAmountInput(text)
      expect(read.amount, text).toBeUndefined()
      expect(read.problem, text).toMatch(/plain number/)
    }
    for (const text of ['0,5', '.5', ' 1.0 ', '3138.985215']) {
      expect(AMOUNT_PATTERN.test(readAmountInput(text).amount ?? ''), text).toBe(true)
    }
  })

  it('refuses a comma that could be a thousands separator, and more than one separator', () => {
    for (const text of ['1,000', '12,500', '1,000.5', '1.000,5', '1,000,000', '1,2,3']) {
      expect(readAmountInput(text).problem, text).toMatch(/no thousands separators/)
    }
  })

  it('refuses a point that could be a thousands separator where the locale writes decimals with a comma', () => {
    // A German balance reads 10.000,8: typed back, 1.500 must not quote 1.5.
    for (const locale of ['de', 'es', 'fr']) {
      for (const text of ['1.500', '10.000', '250.000'])
        expect(readAmountInput(text, locale).problem, `${locale} ${text}`).toMatch(/no thousands/)
      // One reading only: a leading zero, or not three digits after the point.
      for (const text of ['0.125', '1.5', '1.50', '1.5000'])
        expect(readAmountInput(text, locale), `${locale} ${text}`).toEqual({ amount: text })
    }
    expect(readAmountInput('1.500', 'en')).toEqual({ amount: '1.500' })
  })

  it('reads a comma as the decimal where the locale writes decimals with one, and after a leading zero anywhere', () => {
    // German keyboards type 0,125 and 1,125: the locale's own decimal comma, one reading only.
    for (const locale of ['de', 'es', 'fr']) {
      expect(readAmountInput('0,125', locale), locale).toEqual({ amount: '0.125' })
      expect(readAmountInput('1,125', locale), locale).toEqual({ amount: '1.125' })
    }
    expect(readAmountInput('0,125', 'en')).toEqual({ amount: '0.125' })
    expect(readAmountInput('1,125', 'en').problem).toMatch(/no thousands/)
  })
})
