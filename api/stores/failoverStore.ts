import type { Logger } from '../logging/logger'
import type { Store } from './store'

export type CreateFailoverStoreParameters = {
  primary: Store
  /** Used while `primary` fails; usually a memory store. */
  fallback: Store
  logger: Logger
  /**
   * After a failed call, how long calls go to `fallback` without trying `primary`; then one call tries
   * it again (default 1 s). A Redis that hangs rather than refuses costs each call its command timeout.
   */
  retryAfterMs?: number
  now?: () => number
}

/**
 * A `Store` that uses `primary` (Redis) and, for any call that fails there, answers from `fallback`
 * (memory) instead.
 *
 * Decision: the rate limiter fails open to per-instance counting when Redis is down. Quotes keep
 * flowing, and each instance still enforces the limit on its own (the seed deployment's
 * best-effort behaviour) instead of failing closed and refusing every quote. A warning is logged
 * once when Redis goes away and an info line when it is back. While it is away, calls go straight to
 * `fallback`, and one call a second (`retryAfterMs`) tries `primary` again, so recovery is automatic
 * within a second of the Redis client reconnecting.
 */
/** A failover store also says whether it is failed over right now (metrics). */
export type FailoverStore = Store & { isDegraded(): boolean }

/** Whether `store` is a failover store counting in memory right now (its last call to Redis failed). */
export function isFailedOver(store: Store): boolean {
  return 'isDegraded' in store && (store as FailoverStore).isDegraded()
}

export function createFailoverStore({
  primary,
  fallback,
  logger,
  retryAfterMs = 1_000,
  now = Date.now,
}: CreateFailoverStoreParameters): FailoverStore {
  let degraded = false
  // While failed over: when `primary` may be tried again, and whether a call is trying it now. A Redis
  // that hangs (stopped, a full network buffer) answers nothing until the command timeout, 500 ms: every
  // call waited that long for the whole outage. Now one call at a time finds out, once a second.
  let retryAt = 0
  let probing = false

  async function attempt<T>(operation: string, run: (store: Store) => Promise<T>): Promise<T> {
    if (degraded && (probing || now() < retryAt)) return run(fallback)
    probing = degraded
    try {
      const result = await run(primary)
      if (degraded) {
        degraded = false
        logger.info('shared store is back; counting in Redis again')
      }
      return result
    } catch (error) {
      retryAt = now() + retryAfterMs
      if (!degraded) {
        degraded = true
        logger.warn('shared store unavailable; failing open to per-instance memory counting', {
          operation,
          error: error instanceof Error ? error.message : String(error),
        })
      }
      return run(fallback)
    } finally {
      probing = false
    }
  }

  return {
    increment: (key, windowMs) => attempt('increment', (store) => store.increment(key, windowMs)),
    get: (key) => attempt('get', (store) => store.get(key)),
    set: (key, value, ttlMs, options) => attempt('set', (store) => store.set(key, value, ttlMs, options)),
    setIfAbsent: (key, value, ttlMs, options) =>
      attempt('setIfAbsent', (store) => store.setIfAbsent(key, value, ttlMs, options)),
    delete: (key) => attempt('delete', (store) => store.delete(key)),
    async close() {
      await Promise.all([primary.close(), fallback.close()])
    },
    failClosed: () => primary.failClosed(),
    isDegraded: () => degraded,
  }
}
