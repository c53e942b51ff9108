/**
 * Formats base units as a human-unit decimal string, exactly: no float, no exponent, no trailing
 * fraction zeros (`1500000n`, 6 → `"1.5"`; `0n` → `"0"`).
 *
 * @example
 * formatAmount({ value: 3138985215n, decimals: 6 }) // '3138.985215'
 */
export function formatAmount({ value, decimals }: { value: bigint; decimals: number }): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return (negative ? '-' : '') + whole + (fraction ? `.${fraction}` : '')
}
