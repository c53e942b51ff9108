import { SwapError } from '../../shared'
import type { VenueRequest } from '../venues/venue'
import type { VenueOutcome } from './venueOutcome'

/**
 * Refuses a quote whose sell token any venue of the race found to take a tax on transfer or sale
 * (0x states it in `tokenMetadata.sellToken`). Such a token delivers less than the sell amount to the
 * swap, so a quote from a venue that did not notice would over-promise or revert on chain; refusing
 * is the honest answer for every venue at once. `UNSUPPORTED_PAIR` (400) names the tax in
 * `details.sellTaxBps`.
 */
export function refuseTaxedSell({
  request,
  outcomes,
}: {
  request: VenueRequest
  outcomes: readonly VenueOutcome[]
}): void {
  let taxBps = 0
  for (const outcome of outcomes) {
    const answer =
      outcome.status === 'quoted'
        ? outcome.quote
        : outcome.status === 'outranked'
          ? outcome.answer
          : undefined
    const stated =
      typeof answer === 'object' && answer !== null
        ? (answer as { sellTaxBps?: unknown }).sellTaxBps
        : undefined
    if (typeof stated === 'number' && Number.isFinite(stated) && stated > taxBps) taxBps = stated
  }
  if (taxBps <= 0) return
  throw new SwapError({
    code: 'UNSUPPORTED_PAIR',
    message: `${request.sellToken.symbol} takes ${taxBps / 100}% on every transfer or sale; fee-on-transfer tokens cannot be sold through this service`,
    details: { sellTaxBps: taxBps },
  })
}
