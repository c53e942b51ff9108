/**
 * A venue's human-unit decimal string (`"4791.35"`) in base units. Digits beyond the token's decimals
 * are dropped (rounded down: an output never over-promises). Returns `undefined` for anything that is
 * not a plain non-negative decimal.
 *
 * @example
 * parseVenueDecimal('4791.35', 6) // 4791350000n
 */
export function parseVenueDecimal(value: unknown, decimals: number): bigint | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  if (typeof text !== 'string') return undefined
  const match = /^([0-9]+)(?:\.([0-9]*))?$/.exec(text.trim())
  if (!match) return undefined
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0')
  return BigInt((match[1] ?? '0') + fraction)
}
