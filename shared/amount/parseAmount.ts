import { SwapError } from '../errors'
import { AMOUNT_PATTERN } from './amountPattern'

/** Longest amount string accepted: far beyond any real balance, short enough to bound bigint work. */
export const MAX_AMOUNT_LENGTH = 100

export type ParseAmountParameters = {
  /** Human units, for example `"0.1"`. */
  value: string
  /** The token's decimals. */
  decimals: number
}

/**
 * Parses a human-unit amount into base units, exactly (contract 4.3's `amount` grammar).
 *
 * Accepts `AMOUNT_PATTERN` only: digits with an optional fraction (`1`, `0.1`, `3138.985215`).
 * Rejects hex, exponent notation, signs, spaces, empty strings, leading zeros (`01`), a bare `.`,
 * zero, and more significant fraction digits than the token has decimals (trailing zeros beyond
 * them are harmless and accepted). Every rejection is a `SwapError` with code `BAD_REQUEST`.
 *
 * @example
 * parseAmount({ value: '1.5', decimals: 6 }) // 1500000n
 */
export function parseAmount({ value, decimals }: ParseAmountParameters): bigint {
  if (value.length === 0) throw badAmount('amount is empty')
  if (value.length > MAX_AMOUNT_LENGTH)
    throw badAmount(`amount is longer than ${MAX_AMOUNT_LENGTH} characters`)
  const match = AMOUNT_PATTERN.exec(value)
  if (!match) {
    throw badAmount(
      `amount must be a positive decimal number such as 0.1 (no sign, exponent, hex or spaces): ${value}`,
    )
  }
  const whole = match[1] ?? '0'
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > decimals) {
    throw badAmount(`amount has more than ${decimals} decimal places, the token's precision: ${value}`)
  }
  const base = BigInt(whole + fraction.padEnd(decimals, '0'))
  if (base === 0n) throw badAmount('amount must be greater than zero')
  return base
}

function badAmount(message: string): SwapError {
  return new SwapError({ code: 'BAD_REQUEST', message })
}
