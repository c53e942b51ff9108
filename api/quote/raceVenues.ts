import { SwapError } from '../../shared'
import type { Venue, VenueQuote, VenueRequest } from '../venues/venue'
import { isVenueNoRoute, VenueQuoteSchema } from '../venues/venue'
import { pickBestError, toVenueError } from './pickBestError'
import { rankQuotes } from './rankQuotes'
import type { VenueFetch } from '../venues/common/venueFetch'

/** How one venue ended in a race. */
export type VenueOutcome =
  | { venue: string; status: 'quoted'; quote: VenueQuote }
  | { venue: string; status: 'noRoute'; reason: string }
  | { venue: string; status: 'failed'; error: SwapError }
  | { venue: string; status: 'aborted' }

export type RaceVenuesParameters = {
  venues: readonly Venue[]
  request: VenueRequest
  fetch: VenueFetch
  /** One deadline for the whole race; venues still pending then are aborted and drop out. */
  deadlineMs: number
  /** Aborts the whole race (for example when the client went away). */
  signal?: AbortSignal
}

export type RaceVenuesReturnType = {
  /** The best quote by net output. */
  quote: VenueQuote
  /** Every other quote, best first. */
  runnersUp: VenueQuote[]
  outcomes: VenueOutcome[]
}

/**
 * Asks every venue at once under one deadline and one `AbortSignal`, and returns the
 * best quote by net output (`rankQuotes`). A venue that throws, answers something that is not a
 * valid `VenueQuote`, or is still pending at the deadline drops out; pending venues are aborted.
 * When nothing was quoted it throws the most informative error (`pickBestError`): all declined is
 * `NO_ROUTE`, all failed in unclassified ways is `UPSTREAM_ERROR`.
 *
 * A venue that ignores its signal cannot hold the race past the deadline: its promise is raced
 * against the abort.
 *
 * @example
 * const { quote } = await raceVenues({ venues, request, fetch, deadlineMs: 3000 })
 */
export async function raceVenues({
  venues,
  request,
  fetch,
  deadlineMs,
  signal,
}: RaceVenuesParameters): Promise<RaceVenuesReturnType> {
  // One signal for every venue: they are only ever stopped together (deadline, caller gone, race over).
  const controller = new AbortController()
  const onAbort = () => controller.abort(signal?.aborted ? signal.reason : DEADLINE_PASSED)
  const timer = setTimeout(onAbort, deadlineMs)
  signal?.addEventListener('abort', onAbort, { once: true })
  if (signal?.aborted) onAbort()

  try {
    const outcomes = await Promise.all(
      venues.map((venue) => runVenue(venue, request, fetch, controller.signal)),
    )
    const quotes = rankQuotes(
      outcomes.flatMap((outcome) => (outcome.status === 'quoted' ? [outcome.quote] : [])),
    )
    const [best, ...runnersUp] = quotes
    if (best) return { quote: best, runnersUp, outcomes }
    throw pickBestError(
      outcomes.flatMap((outcome) => {
        if (outcome.status === 'failed') return [outcome.error]
        if (outcome.status === 'noRoute') {
          return [
            new SwapError({ code: 'NO_ROUTE', message: 'No route for this pair at this size right now' }),
          ]
        }
        if (outcome.status === 'aborted') {
          return [new SwapError({ code: 'UPSTREAM_ERROR', message: 'No venue answered before the deadline' })]
        }
        return []
      }),
    )
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
    // Losers that are still working (none, after Promise.all, unless they ignored their signal) stop now.
    controller.abort(RACE_OVER)
  }
}

/**
 * Why a venue's signal is aborted: made once, because a fresh `DOMException` (with its stack) per
 * race cost more than the rest of the race's bookkeeping, and at the deadline every race of a burst
 * aborts at once.
 */
const RACE_OVER = new DOMException('The quote race is over', 'AbortError')
const DEADLINE_PASSED = new DOMException('The quote deadline passed', 'TimeoutError')

async function runVenue(
  venue: Venue,
  request: VenueRequest,
  fetch: VenueFetch,
  signal: AbortSignal,
): Promise<VenueOutcome> {
  if (signal.aborted) return { venue: venue.id, status: 'aborted' }
  let onAbort: () => void = () => {}
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted')
    signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    const answer = await Promise.race([
      Promise.resolve().then(() => venue.quote(request, { signal, fetch })),
      aborted,
    ])
    if (answer === 'aborted' || signal.aborted) return { venue: venue.id, status: 'aborted' }
    if (isVenueNoRoute(answer)) return { venue: venue.id, status: 'noRoute', reason: String(answer.reason) }
    const parsed = VenueQuoteSchema.safeParse(answer)
    if (!parsed.success) {
      return {
        venue: venue.id,
        status: 'failed',
        error: new SwapError({
          code: 'UPSTREAM_ERROR',
          message: `Venue ${venue.id} answered an invalid quote`,
        }),
      }
    }
    return { venue: venue.id, status: 'quoted', quote: parsed.data }
  } catch (error) {
    if (signal.aborted) return { venue: venue.id, status: 'aborted' }
    return { venue: venue.id, status: 'failed', error: toVenueError(venue.id, error) }
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}
