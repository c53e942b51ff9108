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

/** A quote's place in a race: its ranking output and its venue's index in the venue list. */
export type Standing = { output: bigint; index: number }

/**
 * Whether `candidate` ranks above `leader`: more net output (`getRankingOutput`), not more gross
 * `buyAmount`, so a venue with a higher headline but bigger fees or gas loses. Equal outputs keep
 * the venue list's order, so the winner does not depend on which venue answered first.
 *
 * @example
 * ranksAbove({ output: 3000n, index: 2 }, { output: 2990n, index: 0 }) // true
 */
export function ranksAbove(candidate: Standing, leader: Standing): boolean {
  return candidate.output === leader.output
    ? candidate.index < leader.index
    : candidate.output > leader.output
}
