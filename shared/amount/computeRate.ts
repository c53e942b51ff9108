import { formatAmount } from './formatAmount'

/** Fraction digits a rate keeps at least. */
const RATE_PRECISION = 18
/** Significant digits a rate keeps at least: more than a `number` holds, so only its rounding is lost. */
const RATE_SIGNIFICANT_DIGITS = 20

/**
 * The contract's `rate`: buy amount per one whole unit of the sell token, from exact base units.
 * The division is done in bigint, at 18 fraction digits or as many more as keep 20 significant
 * digits (a rate of 4e-19 is never 0); only the result becomes a `number`.
 *
 * @example
 * computeRate({ sellAmount: 10n ** 18n, sellDecimals: 18, buyAmount: 3138985215n, buyDecimals: 6 }) // 3138.985215
 */
export function computeRate({
  sellAmount,
  sellDecimals,
  buyAmount,
  buyDecimals,
}: {
  sellAmount: bigint
  sellDecimals: number
  buyAmount: bigint
  buyDecimals: number
}): number {
  if (sellAmount <= 0n || buyAmount <= 0n) return 0
  const numerator = buyAmount * 10n ** BigInt(sellDecimals)
  const denominator = sellAmount * 10n ** BigInt(buyDecimals)
  const digits = Math.max(
    RATE_PRECISION,
    String(denominator).length - String(numerator).length + RATE_SIGNIFICANT_DIGITS,
  )
  const scaled = (numerator * 10n ** BigInt(digits)) / denominator
  return Number(formatAmount({ value: scaled, decimals: digits }))
}
