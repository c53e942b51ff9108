import type { Store } from '../stores/store'

/** Uncached steps suggestions per caller per minute (contract 8). */
export const STEPS_PER_MINUTE = 6

/**
 * Limits uncached steps suggestions per caller. `allow(caller)` counts one suggestion and answers
 * whether it may be produced; past the limit the route sends no `steps` and sets
 * `X-Steps-Throttled: 1`. Suggestions served from the cache should not call it.
 *
 * @example
 * const throttle = createStepsThrottle({ store })
 * if (!(await throttle.allow(caller))) c.header('X-Steps-Throttled', '1')
 */
export function createStepsThrottle({
  store,
  limit = STEPS_PER_MINUTE,
  windowMs = 60_000,
}: {
  store: Store
  limit?: number
  windowMs?: number
}) {
  return {
    async allow(caller: string): Promise<boolean> {
      const { count } = await store.increment(`steps:${caller}`, windowMs)
      return count <= limit
    },
  }
}

export type StepsThrottle = ReturnType<typeof createStepsThrottle>
