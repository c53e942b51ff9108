import type { Token } from '../../shared/schemas'

/**
 * The listed token a `sell-token`/`buy-token` value names: by CAIP id, symbol (any case) or
 * contract address. `undefined` for a custom token not in the curated list.
 */
export function findToken(tokens: readonly Token[], value: string): Token | undefined {
  const wanted = value.trim().toLowerCase()
  if (wanted === '') return undefined
  return (
    tokens.find((token) => token.caip.toLowerCase() === wanted) ??
    tokens.find((token) => token.contract?.toLowerCase() === wanted) ??
    tokens.find((token) => token.symbol.toLowerCase() === wanted)
  )
}

/** Tokens whose symbol or name contains `query` (any case); all of them for an empty query. */
export function filterTokens(tokens: readonly Token[], query: string): Token[] {
  const wanted = query.trim().toLowerCase()
  if (wanted === '') return [...tokens]
  return tokens.filter(
    (token) => token.symbol.toLowerCase().includes(wanted) || token.name.toLowerCase().includes(wanted),
  )
}
