import type { ErrorCode } from '../../shared'
import { SwapError } from '../../shared'

/**
 * Which failure to report when no venue priced the request, most informative first: a venue that
 * rejected the input says more than one that has no route, and "no route" (an answer) says more than
 * an outage. Codes outside this list are never passed through from a venue.
 */
export const venueErrorPriority: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'UNKNOWN_TOKEN',
  'UNSUPPORTED_PAIR',
  'UPSTREAM_ERROR',
  'NO_ROUTE',
]

/**
 * Turns anything a venue threw into a `SwapError` the client may see: a `SwapError` with a code of
 * `venueErrorPriority` passes through, everything else is an unclassified `UPSTREAM_ERROR` (its
 * message stays in the log, never in the response).
 */
export function toVenueError(venueId: string, error: unknown): SwapError {
  if (error instanceof SwapError && venueErrorPriority.includes(error.code)) return error
  return new SwapError({
    code: 'UPSTREAM_ERROR',
    message: `Venue ${venueId} failed`,
    cause: error,
  })
}

/**
 * The error to answer with when every venue failed or declined: the first by `venueErrorPriority`,
 * or `NO_ROUTE` when there were no errors at all (no venue served the pair).
 */
export function pickBestError(errors: readonly SwapError[]): SwapError {
  let best: SwapError | undefined
  for (const error of errors) {
    if (!best || venueErrorPriority.indexOf(error.code) < venueErrorPriority.indexOf(best.code)) best = error
  }
  return best ?? new SwapError({ code: 'NO_ROUTE', message: 'No venue can route this pair' })
}
