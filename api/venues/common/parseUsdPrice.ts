/** Scale of a USD price as the quote pipeline carries it: `priceE18` is dollars times 10^18. */
export const USD_PRICE_SCALE = 10n ** 18n

/**
 * A venue's USD price of one whole token (`"2500.12"`, `0.9998`, `60000`) as an integer of
 * dollars times 10^18, or undefined for anything that is not a positive finite price. Digits past
 * the 18th decimal are dropped (rounded down). A number is read through its shortest decimal form,
 * which is how the venue wrote it in its JSON.
 *
 * @example
 * parseUsdPrice('2500.12') // 2_500_120_000_000_000_000_000n
 */
export function parseUsdPrice(value: unknown): bigint | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? toPlainDecimal(value) : value
  if (typeof text !== 'string') return undefined
  const match = /^([0-9]{1,30})(?:\.([0-9]+))?$/.exec(text.trim())
  if (!match) return undefined
  const whole = BigInt(match[1] as string)
  const fraction = (match[2] ?? '').slice(0, 18).padEnd(18, '0')
  const priceE18 = whole * USD_PRICE_SCALE + BigInt(fraction)
  return priceE18 > 0n ? priceE18 : undefined
}

// `1e-7` and `1e21` are how JavaScript prints some numbers; a price is never written that way on the wire.
function toPlainDecimal(value: number): string | undefined {
  if (value <= 0) return undefined
  const text = String(value)
  if (!/e/i.test(text)) return text
  return value < 1 ? value.toFixed(18) : undefined
}
