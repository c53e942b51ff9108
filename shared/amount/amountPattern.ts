/**
 * The contract's `amount` grammar (4.3), the one rule every part checks amounts with: a plain
 * positive decimal in human units, digits with an optional fraction (`1`, `0.1`, `3138.985215`).
 * No sign, exponent, hex, spaces or separators; no leading zero before another digit (`01`); no
 * bare `.` at either end (`.5`, `5.`). Zero and the token's precision are checked by `parseAmount`,
 * which needs the token. Group 1 is the whole part, group 2 the fraction.
 *
 * @example
 * AMOUNT_PATTERN.test('0.5') // true
 * AMOUNT_PATTERN.test('.5') // false
 */
export const AMOUNT_PATTERN = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/

/** What `AMOUNT_PATTERN` asks for, in the words of a refusal: "amount must be …". */
export const AMOUNT_PATTERN_WORDS =
  'a positive decimal number such as 0.1 (no sign, exponent, hex, spaces, or extra leading zero as in 01)'
