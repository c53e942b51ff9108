/**
 * Serialises an app-data document the way CoW's SDK does: JSON with the keys of every object sorted,
 * arrays kept in order, no whitespace. The result is hashed as is (keccak256 of its UTF-8 bytes) and
 * that exact string is what travels as `appData`: a different key order is a different hash.
 *
 * @example
 * serializeAppData({ version: '1.15.0', appCode: 'A' }) // '{"appCode":"A","version":"1.15.0"}'
 */
export function serializeAppData(value: unknown): string {
  return JSON.stringify(sortKeys(value))
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    )
  }
  return value
}
