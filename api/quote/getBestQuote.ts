import { SwapError } from '../../shared'
import type { RaceVenuesParameters, RaceVenuesReturnType } from './raceVenues'
import { raceVenues } from './raceVenues'

export type GetBestQuoteParameters = Pick<
  RaceVenuesParameters,
  'venues' | 'request' | 'fetch' | 'deadlineMs' | 'signal' | 'onOutcomes'
>

/**
 * Picks the venues that serve `request` and races them (`raceVenues`). No eligible venue is
 * `NO_ROUTE`; a venue whose `serves` throws is left out.
 */
export async function getBestQuote({
  venues,
  request,
  ...rest
}: GetBestQuoteParameters): Promise<RaceVenuesReturnType> {
  const eligible = venues.filter((venue) => {
    try {
      return venue.serves(request)
    } catch {
      return false
    }
  })
  if (eligible.length === 0) {
    throw new SwapError({
      code: 'NO_ROUTE',
      message: `No venue routes ${request.sellChain.symbol} to ${request.buyChain.symbol} right now`,
    })
  }
  return raceVenues({ venues: eligible, request, ...rest })
}
