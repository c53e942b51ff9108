import { SwapError } from '../errors'
import { AMOUNT_PATTERN, AMOUNT_PATTERN_WORDS } from './amountPattern'

/** Longest amount string accepted: far beyond any real balance, short enough to bound bigint work. */
export const MAX_AMOUNT_LENGTH = 100

export type ParseAmountParameters = {
  /** Human units, for example `"0.1"`. */
  value: string
  /** The token's decimals. */
  decimals: number
}

/** The largest amount a token can hold: an ERC-20 balance is a `uint256` of base units. */
export const MAX_BASE_UNITS = 2n ** 256n - 1n

/** Why an amount string is not a valid amount (see `checkAmount`). */
export type AmountProblem =
  | { kind: 'empty' }
  | { kind: 'tooLong'; maxLength: number }
  /** Not a plain positive decimal (a sign, exponent, hex, spaces, a leading zero, a bare `.`). */
  | { kind: 'notDecimal' }
  /** More significant fraction digits than the token has decimals. */
  | { kind: 'tooPrecise'; decimals: number }
  | { kind: 'zero' }

/**
 * Checks a human-unit amount against contract 4.3's `amount` grammar and the token's precision, and
 * says why it fails as data, so the API words it for developers (`parseAmount`) and the widget for
 * people, in their language. Trailing zeros beyond the token's decimals are harmless.
 *
 * @example
 * checkAmount({ value: '1.1234567', decimals: 6 }) // { kind: 'tooPrecise', decimals: 6 }
 */
export function checkAmount({ value, decimals }: ParseAmountParameters): AmountProblem | undefined {
  if (value.length === 0) return { kind: 'empty' }
  if (value.length > MAX_AMOUNT_LENGTH) return { kind: 'tooLong', maxLength: MAX_AMOUNT_LENGTH }
  const match = AMOUNT_PATTERN.exec(value)
  if (!match) return { kind: 'notDecimal' }
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > decimals) return { kind: 'tooPrecise', decimals }
  if (/^[0.]*$/.test(value)) return { kind: 'zero' }
  return undefined
}

/**
 * Parses a human-unit amount into base units, exactly (contract 4.3's `amount` grammar).
 *
 * Accepts `AMOUNT_PATTERN` only: digits with an optional fraction (`1`, `0.1`, `3138.985215`).
 * Rejects hex, exponent notation, signs, spaces, empty strings, leading zeros (`01`), a bare `.`,
 * zero, more significant fraction digits than the token has decimals (trailing zeros beyond
 * them are harmless and accepted), and more base units than a `uint256` holds. Every rejection
 * (`checkAmount`'s, and the range) is a `SwapError` with code `BAD_REQUEST`.
 *
 * @example
 * parseAmount({ value: '1.5', decimals: 6 }) // 1500000n
 */
export function parseAmount({ value, decimals }: ParseAmountParameters): bigint {
  const problem = checkAmount({ value, decimals })
  if (problem) {
    throw new SwapError({
      code: 'BAD_REQUEST',
      message: describeProblem(problem, value),
      details: { param: 'amount' },
    })
  }
  const match = AMOUNT_PATTERN.exec(value)!
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  const baseUnits = BigInt((match[1] ?? '0') + fraction.padEnd(decimals, '0'))
  // The range is the API's check alone: the widget's balance check refuses far less, in its words.
  if (baseUnits > MAX_BASE_UNITS) {
    throw new SwapError({
      code: 'BAD_REQUEST',
      message: `amount is larger than any token balance can be (2^256 - 1 base units): ${value}`,
      details: { param: 'amount' },
    })
  }
  return baseUnits
}

/** The API's words for a problem (developers read them in `{ error }`). */
function describeProblem(problem: AmountProblem, value: string): string {
  switch (problem.kind) {
    case 'empty':
      return 'amount is empty'
    case 'tooLong':
      return `amount is longer than ${problem.maxLength} characters`
    case 'notDecimal':
      return `amount must be ${AMOUNT_PATTERN_WORDS}: ${value}`
    case 'tooPrecise':
      return `amount has more than ${problem.decimals} decimal places, the token's precision: ${value}`
    case 'zero':
      return 'amount must be greater than zero'
  }
}
