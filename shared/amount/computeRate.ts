import { formatAmount } from './formatAmount'

/** Fraction digits kept in a rate before it becomes a display number. */
const RATE_PRECISION = 18

/**
 * The contract's `rate`: buy amount per one whole unit of the sell token, from exact base units.
 * The division is done in bigint at 18 fraction digits; only the result becomes a `number`.
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
  if (sellAmount <= 0n) return 0
  const scaled =
    (buyAmount * 10n ** BigInt(sellDecimals + RATE_PRECISION)) / (sellAmount * 10n ** BigInt(buyDecimals))
  return Number(formatAmount({ value: scaled, decimals: RATE_PRECISION }))
}
