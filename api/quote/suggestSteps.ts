import type { Step } from '../../shared'
import type { VenueRequest } from '../venues/venue'

/**
 * Suggests a two-step route through a hub chain for a pair with no direct route (contract 2.8; the
 * real one is a later issue). It must call `allowUncached()` before producing a fresh (uncached)
 * suggestion and produce none when it answers false; cached suggestions need no permission.
 * `remainingMs()` is the time left until the `/quote` answer is due: no work may outlast it.
 * Returns `undefined` when there is nothing to suggest.
 */
export type SuggestSteps = (
  request: VenueRequest,
  options: {
    signal?: AbortSignal
    allowUncached: () => Promise<boolean>
    /** Milliseconds left of the request's deadline, counted from its arrival; may be 0 or less. */
    remainingMs?: () => number
  },
) => Promise<{ steps: Step[]; stepsNote: string } | undefined>
