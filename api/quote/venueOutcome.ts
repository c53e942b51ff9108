import type { SwapError } from '../../shared'
import type { VenueQuote } from '../venues/venue'

/**
 * How one venue ended in a quote race: the one list the race, the `alternatives` of a quote, the
 * choice between `NO_ROUTE` and `UPSTREAM_ERROR`, and metrics all read.
 *
 * - `quoted`: its answer passed every check and is the quote served.
 * - `outranked`: it priced, but another venue's net output was better (its answer, unchecked, is kept
 *   so `alternatives` can show it).
 * - `noRoute`: it declined the pair at that size.
 * - `failed`: it answered with an error, or with something that is not a quote.
 * - `timedOut`: it had not answered when the race ended (the deadline, or the caller left).
 *
 * `elapsedMs` is how long the venue took (for one that timed out: until the race ended).
 */
export type VenueOutcome = { venue: string; elapsedMs: number } & (
  | { status: 'quoted'; quote: VenueQuote }
  | { status: 'outranked'; answer: unknown; output: bigint }
  | { status: 'noRoute'; reason: string }
  | { status: 'failed'; error: SwapError }
  | { status: 'timedOut' }
)

export type VenueOutcomeStatus = VenueOutcome['status']

/** Every status, in the order a reader would list them. */
export const venueOutcomeStatuses = [
  'quoted',
  'outranked',
  'noRoute',
  'failed',
  'timedOut',
] as const satisfies readonly VenueOutcomeStatus[]

/** Why the venue ended as it did, in one line a partner can read. */
export function describeOutcome(outcome: VenueOutcome): string {
  switch (outcome.status) {
    case 'quoted':
      return 'best net output: this is the quote served'
    case 'outranked':
      return 'priced, but another venue left the recipient more'
    case 'noRoute':
      return outcome.reason
    case 'failed':
      return outcome.error.message
    case 'timedOut':
      return 'did not answer before the deadline'
  }
}
