import type { Token } from '../../shared/schemas'

/**
 * Symbols most people trade, most traded first: the list starts with them (LI.FI, Uniswap and CoW
 * Swap all open on the chain's coin and its big stablecoins), and the picker's quick row shows the
 * first few a chain lists.
 */
export const POPULAR_SYMBOLS: readonly string[] = [
  'ETH',
  'BTC',
  'USDC',
  'USDT',
  'WETH',
  'WBTC',
  'DAI',
  'BNB',
  'AVAX',
  'cbBTC',
  'BTCB',
  'BTC.b',
]

export type RankTokensParameters = {
  tokens: readonly Token[]
  /** What the user typed: part of a symbol or name, or a contract address. */
  query: string
  /** The wallet's balance of each token by CAIP id, where known; held tokens rank first in a tier. */
  balances?: ReadonlyMap<string, bigint>
}

/**
 * The tokens that match `query`, best first. Matches fall in tiers (exact symbol or address, then
 * symbol prefix, name word prefix, symbol substring, name substring); within a tier held tokens come
 * first, then popular ones (`POPULAR_SYMBOLS` order, the chain's native coin counting as the most
 * popular), then the rest by symbol. An empty query keeps every token.
 *
 * @example
 * rankTokens({ tokens, query: 'usd' }).map((token) => token.symbol) // ['USDC', 'USDT', 'USDG']
 */
export function rankTokens({ tokens, query, balances }: RankTokensParameters): Token[] {
  const wanted = query.trim().toLowerCase()
  const ranked: { token: Token; tier: number; held: number; popular: number }[] = []
  for (const token of tokens) {
    const tier = matchTier(token, wanted)
    if (tier === undefined) continue
    const index = POPULAR_SYMBOLS.indexOf(token.symbol)
    ranked.push({
      token,
      tier,
      held: (balances?.get(token.caip) ?? 0n) > 0n ? 0 : 1,
      popular: !token.isToken ? -1 : index === -1 ? POPULAR_SYMBOLS.length : index,
    })
  }
  return ranked
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        a.held - b.held ||
        a.popular - b.popular ||
        a.token.symbol.localeCompare(b.token.symbol),
    )
    .map((entry) => entry.token)
}

/** How well `token` matches the lower-cased `wanted` (0 best), or `undefined` when it does not. */
function matchTier(token: Token, wanted: string): number | undefined {
  if (wanted === '') return 0
  const symbol = token.symbol.toLowerCase()
  const name = token.name.toLowerCase()
  if (symbol === wanted || token.contract?.toLowerCase() === wanted) return 0
  if (symbol.startsWith(wanted)) return 1
  if (name.split(/[\s.-]+/).some((word) => word.startsWith(wanted))) return 2
  if (symbol.includes(wanted)) return 3
  if (name.includes(wanted)) return 4
  return undefined
}
