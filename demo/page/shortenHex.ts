/**
 * Shortens a hash, address or order uid for display: `0x1234…abcd`.
 *
 * @example
 * shortenHex('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // '0xf39F…2266'
 */
export function shortenHex(value: string): string {
  return value.length > 12 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value
}
