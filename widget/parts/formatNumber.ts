/** How a number is shown: `amount` (7 significant digits, every integer digit), `usd` or `percent`. */
export type NumberStyle = 'amount' | 'floor' | 'usd' | 'percent'

const styles: Record<NumberStyle, Intl.NumberFormatOptions> = {
  // Significant digits for small values, every whole digit for large ones: never an exponent.
  amount: { maximumSignificantDigits: 7, maximumFractionDigits: 0, roundingPriority: 'morePrecision' },
  // A guaranteed minimum is never shown higher than it is.
  floor: {
    maximumSignificantDigits: 7,
    maximumFractionDigits: 0,
    roundingPriority: 'morePrecision',
    roundingMode: 'trunc',
  },
  usd: { style: 'currency', currency: 'USD', maximumFractionDigits: 2 },
  // Every digit a percentage has, up to the eight a slippage may (basis points need two).
  percent: { style: 'percent', maximumFractionDigits: 8 },
}

/**
 * A number in the page's locale with `Intl.NumberFormat`. Decimal strings are formatted exactly (no
 * float in between), so an 18-decimal amount is rounded for the eye, never misread.
 *
 * @example
 * formatNumber({ value: '4.95000099', style: 'floor', locale: 'en' }) // '4.95'
 * formatNumber({ value: 5e-8, locale: 'en' }) // '0.00000005'
 */
export function formatNumber({
  value,
  style = 'amount',
  locale,
}: {
  value: string | number
  style?: NumberStyle
  locale: string
}): string {
  const key = `${style} ${locale}`
  let formatter = formatters.get(key)
  if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat(locale, styles[style])))
  return formatter.format(value as number)
}

/**
 * One formatter per style and locale, made on first use: making an `Intl.NumberFormat` loads the
 * locale's data and costs far more than formatting with it (a fresh one per number was the largest
 * item of the first quote's render in a profile). A page shows a handful of locales at most.
 */
const formatters = new Map<string, Intl.NumberFormat>()

/**
 * Makes the formatters of every style for `locale` ahead of need. The first `Intl.NumberFormat` a page
 * makes loads the number data (about 20 ms on a fast machine, several times that on a busy one), so
 * the element does it while its first quote is on the way rather than when the quote has arrived.
 *
 * @example
 * prepareNumberFormats('en-US')
 */
export function prepareNumberFormats(locale: string): void {
  for (const style of Object.keys(styles) as NumberStyle[]) formatNumber({ value: 0, style, locale })
}
