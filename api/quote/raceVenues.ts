import { SwapError } from '../../shared'
import type { Venue, VenueQuote, VenueRequest } from '../venues/venue'
import { isVenueNoRoute, VenueQuoteSchema } from '../venues/venue'
import { pickBestError, toVenueError } from './pickBestError'
import type { RankedFields } from './rankQuotes'
import { rankQuotes } from './rankQuotes'
import type { VenueFetch } from '../venues/common/venueFetch'

/**
 * How one venue ended in a race. `outranked`: it answered, but a better answer passed the check, so
 * its answer was neither checked nor used.
 */
export type VenueOutcome =
  | { venue: string; status: 'quoted'; quote: VenueQuote }
  | { venue: string; status: 'outranked' }
  | { venue: string; status: 'noRoute'; reason: string }
  | { venue: string; status: 'failed'; error: SwapError }
  | { venue: string; status: 'aborted' }

/** A venue's answer before its check: only the fields ranking reads are known to be there. */
type Answer = RankedFields & { venue: string; status: 'answered'; answer: unknown }

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
  /** The best valid quote by net output. */
  quote: VenueQuote
  /** How each venue ended, in the order of `venues`. */
  outcomes: VenueOutcome[]
}

/**
 * Asks every venue at once under one deadline and one `AbortSignal`, and returns the
 * best quote by net output (`rankQuotes`). A venue that throws, answers something that is not a
 * valid `VenueQuote`, or is still pending at the deadline drops out; pending venues are aborted.
 * Answers are ranked on the output they state, then checked against `VenueQuoteSchema` best first
 * until one passes: the quote served is always checked, and answers that lose are never used, so
 * they are not checked (with the CoW order's typed data, the checks were a third of the race's own
 * CPU time).
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
    const settled = await Promise.all(
      venues.map((venue) => runVenue(venue, request, fetch, controller.signal)),
    )
    let quote: VenueQuote | undefined
    const checked = new Map<Answer, VenueOutcome>()
    for (const answer of rankQuotes(settled.filter((outcome) => outcome.status === 'answered'))) {
      if (quote) {
        checked.set(answer, { venue: answer.venue, status: 'outranked' })
        continue
      }
      const parsed = VenueQuoteSchema.safeParse(answer.answer)
      if (parsed.success) quote = parsed.data
      checked.set(
        answer,
        parsed.success
          ? { venue: answer.venue, status: 'quoted', quote: parsed.data }
          : invalid(answer.venue),
      )
    }
    const outcomes = settled.map((outcome) =>
      outcome.status === 'answered' ? (checked.get(outcome) as VenueOutcome) : outcome,
    )
    if (quote) return { quote, outcomes }
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
): Promise<VenueOutcome | Answer> {
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
    const ranked = readRankedFields(answer)
    if (!ranked) return invalid(venue.id)
    return { venue: venue.id, status: 'answered', answer, ...ranked }
  } catch (error) {
    if (signal.aborted) return { venue: venue.id, status: 'aborted' }
    return { venue: venue.id, status: 'failed', error: toVenueError(venue.id, error) }
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}

function invalid(venue: string): VenueOutcome {
  return {
    venue,
    status: 'failed',
    error: new SwapError({ code: 'UPSTREAM_ERROR', message: `Venue ${venue} answered an invalid quote` }),
  }
}

/** What ranking reads of an unchecked answer, when it has that much shape. */
function readRankedFields(answer: unknown): RankedFields | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined
  const { netBuyAmount, gasCostInBuyToken } = answer as Partial<Record<keyof RankedFields, unknown>>
  if (typeof netBuyAmount !== 'bigint') return undefined
  if (gasCostInBuyToken === undefined) return { netBuyAmount }
  return typeof gasCostInBuyToken === 'bigint' ? { netBuyAmount, gasCostInBuyToken } : undefined
}
