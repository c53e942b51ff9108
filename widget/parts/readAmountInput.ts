/** What the amount field's text means: the amount to quote, or why it cannot be read. */
export type AmountInput = { amount: string; problem?: undefined } | { amount?: undefined; problem: string }

const SEPARATOR_PROBLEM =
  'Write the amount with one decimal separator and no thousands separators, like 1000.5.'

/**
 * Reads the amount field. Keyboards in comma-decimal locales offer "," for `inputmode="decimal"`, so one
 * comma is the decimal point (`0,5` is 0.5). A comma followed by exactly three digits (`1,000`) is
 * refused: it is one thousand to some users and one to others, and guessing wrong trades the wrong
 * amount. The text itself is left as typed; only the amount sent is rewritten.
 *
 * @example
 * readAmountInput('0,5') // { amount: '0.5' }
 * readAmountInput('1,000') // { problem: 'Write the amount with one decimal separator…' }
 */
export function readAmountInput(text: string): AmountInput {
  if (!text.includes(',')) return { amount: text }
  if (/^\d*,\d*$/.test(text) && !/^\d+,\d{3}$/.test(text)) return { amount: text.replace(',', '.') }
  return { problem: SEPARATOR_PROBLEM }
}
