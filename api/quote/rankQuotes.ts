import type { VenueQuote } from '../venues/venue'

/** The fields of a quote that ranking reads. */
export type RankedFields = Pick<VenueQuote, 'netBuyAmount' | 'gasCostInBuyToken'>

/**
 * What the user ends up with from a quote, in buy-token base units: the venue's net output less the
 * gas the user pays, when the venue states that gas in the buy token. Never negative.
 */
export function getRankingOutput(quote: RankedFields): bigint {
  const net = quote.netBuyAmount - (quote.gasCostInBuyToken ?? 0n)
  return net > 0n ? net : 0n
}

/**
 * Orders quotes best first by net output (`getRankingOutput`), not by gross `buyAmount`: a venue
 * with a higher headline but bigger fees or gas loses. Ties keep the input order (the venue list's
 * order), so the result is deterministic.
 *
 * @example
 * rankQuotes([cheapGross, betterNet])[0] === betterNet
 */
export function rankQuotes<T extends RankedFields>(quotes: readonly T[]): T[] {
  return quotes
    .map((quote, index) => ({ quote, index, output: getRankingOutput(quote) }))
    .sort((a, b) => (a.output === b.output ? a.index - b.index : a.output > b.output ? -1 : 1))
    .map(({ quote }) => quote)
}
