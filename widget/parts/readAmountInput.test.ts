import { describe, expect, it } from 'vitest'
import { readAmountInput } from './readAmountInput'

describe('readAmountInput', () => {
  it('reads one comma as the decimal point and leaves other text to the amount grammar', () => {
    expect(readAmountInput('0,5')).toEqual({ amount: '0.5' })
    expect(readAmountInput('12,25')).toEqual({ amount: '12.25' })
    expect(readAmountInput(',5')).toEqual({ amount: '.5' })
    expect(readAmountInput('1.5')).toEqual({ amount: '1.5' })
    expect(readAmountInput('')).toEqual({ amount: '' })
  })

  it('refuses a comma that could be a thousands separator, and more than one separator', () => {
    for (const text of ['1,000', '12,500', '1,000.5', '1.000,5', '1,000,000', '1,2,3']) {
      expect(readAmountInput(text).problem, text).toMatch(/no thousands separators/)
    }
  })
})
