import { SwapError } from '../../shared'
import type { Venue, VenueContext, VenueQuote, VenueRequest } from '../venues/venue'
import { isVenueNoRoute } from '../venues/venue'
import { checkVenueQuote } from './checkVenueQuote'
import { pickBestError, toVenueError } from './pickBestError'
import type { VenueOutcome } from './venueOutcome'
import type { RankedFields, Standing } from './ranking'
import { getRankingOutput, ranksAbove } from './ranking'
import { rankAtRaceRate } from './rankAtRaceRate'
import type { VenueFetch } from '../venues/common/venueFetch'

/**
 * How one venue ended in a race. `outranked`: it answered, but a better answer passed its check and
 * was served (an answer that was already outranked when it arrived is not checked at all).
 */
export type { VenueOutcome }

/** A venue's answer before its check: only the fields ranking reads are known to be there. */
type Answer = RankedFields & { venue: string; status: 'answered'; answer: unknown; elapsedMs: number }

export type RaceVenuesParameters = {
  venues: readonly Venue[]
  request: VenueRequest
  fetch: VenueFetch
  /** One deadline for the whole race; venues still pending then are aborted and drop out. */
  deadlineMs: number
  /** Aborts the whole race (for example when the client went away). */
  signal?: AbortSignal
  /** Told how every venue ended, whether the race served a quote or not (metrics). */
  onOutcomes?: (outcomes: readonly VenueOutcome[]) => void
}

export type RaceVenuesReturnType = {
  /** The best valid quote by net output. */
  quote: VenueQuote
  /** How each venue ended, in the order of `venues`. */
  outcomes: VenueOutcome[]
}

/**
 * Asks every venue at once under one deadline and one `AbortSignal`, and returns the
 * best quote by net output (`ranksAbove`). A venue that throws, answers something that is not a
 * valid `VenueQuote`, or is still pending at the deadline drops out; pending venues are aborted.
 * Each answer is checked against `VenueQuoteSchema` as it arrives, but only when the output it states
 * ranks above the best answer checked so far: the quote served is always checked, an answer that
 * arrives already beaten is never used and not checked (with the CoW order's typed data, checking
 * every answer was a third of the race's own CPU time), and the checks are done while the race runs
 * rather than all at its end.
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
  onOutcomes,
}: RaceVenuesParameters): Promise<RaceVenuesReturnType> {
  // One signal for every venue: they are only ever stopped together (deadline, caller gone, race over).
  const controller = new AbortController()
  // Settles when the race is aborted: every venue races its answer against this one promise, so a
  // venue needs no abort listener (and promise) of its own.
  let raceAborted!: () => void
  const aborted = new Promise<'aborted'>((resolve) => {
    raceAborted = () => resolve('aborted')
  })
  // Set when the race stops waiting (deadline, caller gone): some venue's call is still open then,
  // since a race whose venues had all ended would already be over.
  let stopReason: unknown
  const onAbort = () => {
    stopReason = signal?.aborted ? signal.reason : DEADLINE_PASSED
    raceAborted()
  }
  const timer = setTimeout(onAbort, deadlineMs)
  signal?.addEventListener('abort', onAbort, { once: true })
  // A caller gone before the race began: no venue is asked.
  if (signal?.aborted) {
    controller.abort(signal.reason)
    raceAborted()
  }

  try {
    // The best answer that passed its check so far.
    let leader: (Standing & { quote: VenueQuote }) | undefined
    const consider = (outcome: VenueOutcome | Answer, index: number): VenueOutcome => {
      if (outcome.status !== 'answered') return outcome
      const standing = { output: getRankingOutput(outcome), index }
      const { venue, elapsedMs } = outcome
      if (leader && !ranksAbove(standing, leader)) {
        return { venue, elapsedMs, status: 'outranked', answer: outcome.answer, output: standing.output }
      }
      const quote = checkAnswer(outcome.answer)
      if (!quote) return invalid(venue, elapsedMs)
      leader = { output: standing.output, index: standing.index, quote }
      return { venue, elapsedMs, status: 'quoted', quote }
    }
    const context = { signal: controller.signal, fetch, leadingOutput: () => leader?.output }
    const settled = await Promise.all(
      venues.map((venue, index) =>
        runVenue(venue, request, context, aborted).then((outcome) => consider(outcome, index)),
      ),
    )
    const leading = leader?.quote
    // Answers that led for a while and were then beaten are outranked too.
    const raced = settled.map((outcome): VenueOutcome =>
      outcome.status === 'quoted' && outcome.quote !== leading
        ? {
            venue: outcome.venue,
            elapsedMs: outcome.elapsedMs,
            status: 'outranked',
            answer: outcome.quote,
            output: getRankingOutput(outcome.quote),
          }
        : outcome,
    )
    // Without the service's gas rate, gas some venue stated only in wei is converted at prices
    // another venue stated in this race, and the answers ranked again.
    const outcomes = (leading && !request.gasRate && rankAtRaceRate(raced, request)) || raced
    const served = outcomes.find((outcome) => outcome.status === 'quoted')?.quote
    onOutcomes?.(outcomes)
    if (served) return { quote: served, outcomes }
    throw explainNoQuote(outcomes)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
    raceAborted()
    if (stopReason !== undefined) {
      // Venues the race stopped waiting for are stopped once the answer is out. Stopping an HTTP/1.1
      // call in flight closes its connection (about 2 ms each on a busy machine), and at a deadline
      // every race of a burst ends in the same tick: callers waited for each other's closes.
      setImmediate(() => controller.abort(stopReason))
    } else {
      // Anything a venue left running (a call beside one that failed) stops now.
      controller.abort(RACE_OVER)
    }
  }
}

/**
 * Why no venue priced: a request error a venue found (bad token, unsupported pair) first; then, when
 * any venue that takes part failed or did not answer in time, `UPSTREAM_ERROR` (retryable: a venue that
 * could have priced it was away); `NO_ROUTE` ("do not retry") only when every one of them declined.
 */
function explainNoQuote(outcomes: readonly VenueOutcome[]): SwapError {
  const declined = outcomes.filter((outcome) => outcome.status === 'noRoute').length
  const away = outcomes.filter(
    (outcome) => outcome.status === 'failed' || outcome.status === 'timedOut',
  ).length
  const chosen = pickBestError(
    outcomes.flatMap((outcome) => {
      if (outcome.status === 'failed') return [outcome.error]
      if (outcome.status === 'noRoute') {
        return [new SwapError({ code: 'NO_ROUTE', message: 'No route for this pair at this size right now' })]
      }
      if (outcome.status === 'timedOut') {
        return [new SwapError({ code: 'UPSTREAM_ERROR', message: 'No venue answered before the deadline' })]
      }
      return []
    }),
  )
  if (chosen.code !== 'UPSTREAM_ERROR') return chosen
  const declines = declined === 0 ? '' : `, and ${declined} declined it`
  return new SwapError({
    code: 'UPSTREAM_ERROR',
    message: `No quote right now: ${away} of the venues that route this pair failed or did not answer in time${declines}; try again shortly`,
    cause: chosen,
  })
}

/**
 * Why a venue's signal is aborted: made once, because a fresh `DOMException` (with its stack) per
 * race cost more than the rest of the race's bookkeeping, and at the deadline every race of a burst
 * aborts at once.
 */
const RACE_OVER = new DOMException('The quote race is over', 'AbortError')
const DEADLINE_PASSED = new DOMException('The quote deadline passed', 'TimeoutError')

/** One venue's part of the race; `aborted` settles when the race stops waiting (see `raceVenues`). */
async function runVenue(
  venue: Venue,
  request: VenueRequest,
  context: VenueContext,
  aborted: Promise<'aborted'>,
): Promise<VenueOutcome | Answer> {
  const { signal } = context
  const { id } = venue
  const startedAt = performance.now()
  // Outcomes are written out field by field: in Node 20's V8 an object literal that starts with a
  // spread and adds fields after it (`{ ...ended(), status }`) builds a new hidden class on every
  // call, about 2 µs and 400 B each.
  const elapsed = () => performance.now() - startedAt
  const timedOut = (): VenueOutcome => ({ venue: id, elapsedMs: elapsed(), status: 'timedOut' })
  if (signal.aborted) return timedOut()
  try {
    const answer = await Promise.race([Promise.resolve().then(() => venue.quote(request, context)), aborted])
    if (answer === 'aborted' || signal.aborted) return timedOut()
    if (isVenueNoRoute(answer)) {
      // Beaten on its own estimate before it built a route: outranked, with the estimate as its output.
      if (typeof answer.outpriced?.output === 'bigint') {
        return {
          venue: id,
          elapsedMs: elapsed(),
          status: 'outranked',
          answer,
          output: answer.outpriced.output,
        }
      }
      return { venue: id, elapsedMs: elapsed(), status: 'noRoute', reason: String(answer.reason) }
    }
    const ranked = readRankedFields(answer)
    if (!ranked) return invalid(id, elapsed())
    return { venue: id, elapsedMs: elapsed(), status: 'answered', answer, ...ranked }
  } catch (error) {
    if (signal.aborted) return timedOut()
    return { venue: id, elapsedMs: elapsed(), status: 'failed', error: toVenueError(id, error) }
  }
}

function invalid(venue: string, elapsedMs: number): VenueOutcome {
  return {
    venue,
    elapsedMs,
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

/**
 * The answer as a `VenueQuote`, or undefined when it is not one (also when reading it throws): the
 * schema's check written out (`checkVenueQuote`), which answers what `VenueQuoteSchema` would.
 */
export function checkAnswer(answer: unknown): VenueQuote | undefined {
  try {
    return checkVenueQuote(answer)
  } catch {
    return undefined
  }
}
