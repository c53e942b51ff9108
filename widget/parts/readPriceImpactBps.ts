import type { Quote } from '../../shared/schemas'

/**
 * How much worse than the market a quote is, in basis points (positive is worse): the service's own
 * figure, else the drop from the sell amount's dollar value to the buy amount's. `undefined` when
 * neither is known, so nothing is claimed about it.
 *
 * @example
 * readPriceImpactBps({ ...quote, sellValueUsd: '100', buyValueUsd: '85' }) // 1500
 */
export function readPriceImpactBps(quote: Quote): number | undefined {
  if (quote.priceImpactBps !== undefined) return quote.priceImpactBps
  const sellUsd = Number(quote.sellValueUsd)
  // Display only: dollar values are estimates, and a ratio of two of them needs no exactness.
  return sellUsd > 0 && quote.buyValueUsd
    ? Math.round((1 - Number(quote.buyValueUsd) / sellUsd) * 1e4)
    : undefined
}
