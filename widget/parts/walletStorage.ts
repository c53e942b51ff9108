/** The `localStorage` prefix of the wallet connection wagmi keeps (`swap-quote.wallet.recentConnectorId`, …). */
export const WALLET_STORAGE_KEY = 'swap-quote.wallet'

/**
 * Whether a wallet connection is stored, so the element loads the wallet chunk on connect to restore
 * it only then. Storage that cannot be read (blocked, sandboxed frame) holds none.
 */
export function storedWalletId(): string | undefined {
  try {
    const stored = localStorage.getItem(`${WALLET_STORAGE_KEY}.recentConnectorId`)
    return stored ? (JSON.parse(stored) as string) : undefined
  } catch {
    return undefined
  }
}
