import { SwapError } from '../../shared'
import type { VenueRequest } from '../venues/venue'
import type { VenueOutcome } from './venueOutcome'

/**
 * Refuses a quote whose sell token any venue of the race found to take a tax on transfer or sale
 * (0x states it in `tokenMetadata.sellToken`), and likewise a taxed buy token. Such a token delivers
 * less than the quote's amounts, so a quote from a venue that did not notice would over-promise or
 * revert on chain; refusing is the honest answer for every venue at once. `UNSUPPORTED_PAIR` (400)
 * names the tax in `sellTaxBps` or `buyTaxBps`.
 */
export function refuseTaxedSell({
  request,
  outcomes,
}: {
  request: VenueRequest
  outcomes: readonly VenueOutcome[]
}): void {
  const sellTaxBps = highestTax(outcomes, 'sellTaxBps')
  if (sellTaxBps > 0) {
    throw new SwapError({
      code: 'UNSUPPORTED_PAIR',
      message: `${request.sellToken.symbol} takes ${sellTaxBps / 100}% on every transfer or sale; fee-on-transfer tokens cannot be sold through this service`,
      details: { sellTaxBps },
    })
  }
  const buyTaxBps = highestTax(outcomes, 'buyTaxBps')
  if (buyTaxBps > 0) {
    throw new SwapError({
      code: 'UNSUPPORTED_PAIR',
      message: `${request.buyToken.symbol} takes ${buyTaxBps / 100}% on every transfer or purchase; fee-on-transfer tokens cannot be bought through this service`,
      details: { buyTaxBps },
    })
  }
}

/** The largest tax any venue's answer states, reading unchecked (outranked) answers defensively. */
function highestTax(outcomes: readonly VenueOutcome[], field: 'sellTaxBps' | 'buyTaxBps'): number {
  let highest = 0
  for (const outcome of outcomes) {
    const answer =
      outcome.status === 'quoted'
        ? outcome.quote
        : outcome.status === 'outranked'
          ? outcome.answer
          : undefined
    const stated =
      typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[field] : undefined
    if (typeof stated === 'number' && Number.isFinite(stated) && stated > highest) highest = stated
  }
  return highest
}
