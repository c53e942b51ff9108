/** The result of counting one hit in a fixed window. */
export type WindowCount = {
  /** Hits in the current window, this one included. */
  count: number
  /** When the current window ends, in epoch milliseconds. */
  resetAt: number
}

/** How a value is kept, beyond its TTL. */
export type SetOptions = {
  /**
   * A store held in one process's memory may drop this value before its TTL, least recently used first, to stay
   * within its bound (`createMemoryStore`'s `maxEvictable`): for what can be forgotten at a cost the
   * caller accepts, such as a quote's `/status` record. A shared store (Redis) keeps it for its TTL.
   */
  evictable?: boolean
}

/**
 * The shared state of the API: counters with expiry (rate-limit windows, grant buckets, steps
 * throttle) and a key/value map with a TTL (holder-pass freshness, step-estimate cache).
 *
 * Every operation is atomic on its own. Implementations: `createMemoryStore` (one instance) and
 * `createRedisStore` (several instances behind a load balancer, exact across them).
 */
export interface Store {
  /**
   * Counts one hit on `key`. The first hit opens a window of `windowMs`; later hits in that window
   * share its `resetAt`. After `resetAt` the key starts over at 1.
   */
  increment(key: string, windowMs: number): Promise<WindowCount>
  get(key: string): Promise<string | undefined>
  set(key: string, value: string, ttlMs: number, options?: SetOptions): Promise<void>
  /** Sets `key` only when it does not exist. True when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number, options?: SetOptions): Promise<boolean>
  delete(key: string): Promise<void>
  /**
   * The same store without any fallback: on a failover store, the shared store alone. What must not
   * be answered from one instance's memory (replay markers, revocations, who holds which grant) goes
   * through this view, so it fails while the shared store is away instead of being trusted twice.
   */
  failClosed(): Store
  /** Releases connections and timers. */
  close(): Promise<void>
}
