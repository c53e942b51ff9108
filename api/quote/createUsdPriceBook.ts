/** How long a learned USD price is trusted: prices move, and an old one would misstate impact. */
export const DEFAULT_USD_PRICE_MAX_AGE_MS = 2 * 60_000

/** Tokens remembered at most; the oldest learned is forgotten first (pasted tokens are unbounded). */
const DEFAULT_MAX_TOKENS = 10_000

/** USD mid prices learned from venue answers, keyed by CAIP asset id. */
export type UsdPriceBook = {
  /** Remembers `priceE18` (dollars × 10^18 per whole token) for `caip`, learned at `now`. */
  learn(caip: string, priceE18: bigint, now: number): void
  /** The price learned for `caip` no longer than the book's max age before `now`, if any. */
  read(caip: string, now: number): bigint | undefined
}

/**
 * An in-memory book of USD mid prices per token, filled from what venues state in their own answers
 * (LI.FI's token `priceUSD`, the routing provider's `meta.assets[].price`), so a quote served by a
 * venue that states no price (0x, CoW) is still valued without a second call to anyone. A price older
 * than `maxAgeMs` is not used. Per process: each instance learns from its own traffic.
 *
 * @example
 * const book = createUsdPriceBook()
 * book.learn('eip155:1/slip44:60', 3000n * 10n ** 18n, now)
 */
export function createUsdPriceBook({
  maxAgeMs = DEFAULT_USD_PRICE_MAX_AGE_MS,
  maxTokens = DEFAULT_MAX_TOKENS,
}: { maxAgeMs?: number; maxTokens?: number } = {}): UsdPriceBook {
  const prices = new Map<string, { priceE18: bigint; at: number }>()
  return {
    learn(caip, priceE18, now) {
      if (priceE18 <= 0n) return
      const key = caip.toLowerCase()
      // Re-inserting keeps the map in learning order, so the first key is the stalest.
      prices.delete(key)
      prices.set(key, { priceE18, at: now })
      if (prices.size > maxTokens) prices.delete(prices.keys().next().value as string)
    },
    read(caip, now) {
      const entry = prices.get(caip.toLowerCase())
      if (!entry || now - entry.at > maxAgeMs || now < entry.at) return undefined
      return entry.priceE18
    },
  }
}
