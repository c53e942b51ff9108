// The file, not `shared/amount`'s index: the index also leads to zod, which must stay out of first load.
import { AMOUNT_PATTERN } from '../../shared/amount/amountPattern'
import { english, type Translate } from './translate'

/** What the amount field's text means: the amount to quote, or why it cannot be read. */
export type AmountInput = { amount: string; problem?: undefined } | { amount?: undefined; problem: string }

/**
 * Reads the amount field into the contract's amount grammar (`AMOUNT_PATTERN`, shared with the API).
 * Forms people type that mean one amount only are rewritten: surrounding spaces go, a leading point
 * gets its zero (`.5` is 0.5), and, since keyboards in comma-decimal locales offer "," for
 * `inputmode="decimal"`, one comma is the decimal point (`0,5` is 0.5). A number from 1 to 999 with the
 * `locale`'s thousands separator before exactly three digits is refused: `1,000` where the locale
 * writes a point for decimals, `1.500` where it writes a comma (its own numbers, a balance of 10.000,8,
 * group thousands with the point). It is one thousand to some users and one to others, and guessing
 * wrong trades the wrong amount. With the locale's own decimal separator (`1,125` in German) or a
 * leading zero (`0,125`) it can only be a fraction, and is read as one. The text itself is left as
 * typed; only the amount sent is rewritten.
 * Zero and the token's precision are checked later, with the token (`parseAmount`). The problem is in
 * the words of `t` (English by default).
 *
 * @example
 * readAmountInput(' ,5 ') // { amount: '0.5' }
 * readAmountInput('1,000') // { problem: 'Write the amount as a plain number…' }
 */
export function readAmountInput(text: string, locale = 'en', t: Translate = english): AmountInput {
  const problem = () => ({
    problem: t(
      'Write the amount as a plain number with one decimal separator and no thousands separators, like 1000.5.',
    ),
  })
  let amount = text.trim()
  const grouped = /^[1-9]\d{0,2}([.,])\d{3}$/.exec(amount)
  if (grouped && grouped[1] !== (1.5).toLocaleString(locale)[1]) return problem()
  if (amount.includes(',')) {
    if (!/^\d*,\d*$/.test(amount)) return problem()
    amount = amount.replace(',', '.')
  }
  if (amount.startsWith('.')) amount = `0${amount}`
  if (amount === '' || AMOUNT_PATTERN.test(amount)) return { amount }
  return problem()
}
