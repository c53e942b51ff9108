import type { StatusClient } from '../../shared/client'
import type { SwapStatus } from '../../shared/schemas'
import { type DelayTimers, delay } from './delay'

export type PollSwapStatusParameters = {
  status: StatusClient['status']
  quoteId: string
  /** Read before every poll: a deposit's hash becomes known while it is followed. */
  hash: () => string | undefined
  timers: DelayTimers
  signal: AbortSignal
  /** Wait before the first poll. Default 3000. */
  firstDelayMs?: number | undefined
  /** Each wait is 1.5 times the last, up to this. Default 15000. */
  maxDelayMs?: number | undefined
  /** Read before every poll: false ends the polling (the element left the page). */
  active: () => boolean
  onStatus: (status: SwapStatus) => void
  /** Told after each poll whether the service answered: false while it cannot be reached (or fails). */
  onReachable?: (reachable: boolean) => void
}

/** Whether a swap state is final (`delivered`, `refunded` or `failed`). */
export function isFinalState(state: SwapStatus['state']): boolean {
  return state === 'delivered' || state === 'refunded' || state === 'failed'
}

/**
 * Polls `GET /status` for a submitted swap until it reports a final state, which it returns; every
 * answer goes to `onStatus`. The waits back off (3 s, then 1.5 times longer up to 15 s) and start
 * again at the first after a change of state. A failed poll is retried: the funds are out, so a
 * service that is down for a while must not end the tracking. Only the service's own "never" ends it:
 * `NOT_FOUND` (a quote it no longer follows, 24 hours on or after a restart) and `BAD_REQUEST` (a hash it
 * refuses) reject with that error. Returns `undefined` once `active` says no; rejects too when `signal`
 * aborts.
 *
 * @example
 * const final = await pollSwapStatus({ status: client.status, quoteId, hash: () => txHash, timers, signal, active: () => true, onStatus: show })
 */
export async function pollSwapStatus({
  status,
  quoteId,
  hash,
  timers,
  signal,
  firstDelayMs = 3000,
  maxDelayMs = 15_000,
  active,
  onStatus,
  onReachable,
}: PollSwapStatusParameters): Promise<SwapStatus | undefined> {
  let waitMs = firstDelayMs
  let last: SwapStatus['state'] | undefined
  for (;;) {
    await delay(waitMs, signal, timers)
    if (!active()) return undefined
    waitMs = Math.min(maxDelayMs, Math.max(waitMs, 2000) * 1.5)
    try {
      const answer = await status({ quoteId, hash: hash() }, { signal })
      onReachable?.(true)
      onStatus(answer)
      if (isFinalState(answer.state)) return answer
      if (answer.state !== last) waitMs = Math.max(firstDelayMs, 3000)
      last = answer.state
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (signal.aborted || code === 'NOT_FOUND' || code === 'BAD_REQUEST') throw error
      onReachable?.(false)
    }
  }
}
