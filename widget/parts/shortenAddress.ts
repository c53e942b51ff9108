/** `0x1234…abcd` for display; short values pass through. */
export function shortenAddress(value: string): string {
  return value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value
}
