/** Tokens acknowledged on this page, for when storage is refused (private mode). */
const onThisPage = new Set<string>()

const key = (caip: string) => `swap-quote:token:${caip.toLowerCase()}`

/**
 * Whether the user chose to trade the unlisted token with this CAIP id, here or on an earlier visit
 * (kept in `localStorage`).
 */
export function isTokenAcknowledged(caip: string): boolean {
  try {
    if (localStorage.getItem(key(caip))) return true
  } catch {
    // Storage refused: this page's choices only.
  }
  return onThisPage.has(key(caip))
}

/** Records (or withdraws) the user's choice to trade the unlisted token with this CAIP id. */
export function acknowledgeToken(caip: string, acknowledged: boolean): void {
  if (acknowledged) onThisPage.add(key(caip))
  else onThisPage.delete(key(caip))
  try {
    if (acknowledged) localStorage.setItem(key(caip), '1')
    else localStorage.removeItem(key(caip))
  } catch {
    // Storage refused: the choice lasts for this page.
  }
}
