import type { SetOptions, Store, WindowCount } from './store'

export type CreateMemoryStoreParameters = {
  /** Epoch milliseconds; injected so tests control expiry. */
  now?: () => number
  /** How often expired entries are swept, at most; sweeping is lazy, on writes. */
  sweepIntervalMs?: number
  /**
   * At most this many values set with `evictable` are kept; past it the one least recently set or read
   * is dropped first, as if it had expired. Other values are never dropped before their TTL. Default: no
   * bound.
   */
  maxEvictable?: number
  /** Called on the first value dropped for `maxEvictable` (once: it is a setting to raise, not news per value). */
  onFirstEviction?: () => void
}

/** A memory `Store`, plus its size so tests can see that expiry and `maxEvictable` keep memory bounded. */
export type MemoryStore = Store & { size(): number }

type Entry = { value: string; expiresAt: number }
type Counter = { count: number; resetAt: number }

/**
 * A `Store` held in this process's memory: exact for one instance, and counts per instance when
 * there are several. Expired entries are swept on writes, so memory does not grow with callers.
 *
 * @example
 * const store = createMemoryStore()
 * await store.increment('rl:ip:203.0.113.7', 60_000) // { count: 1, resetAt: … }
 */
export function createMemoryStore({
  now = Date.now,
  sweepIntervalMs = 10_000,
  maxEvictable = Number.POSITIVE_INFINITY,
  onFirstEviction,
}: CreateMemoryStoreParameters = {}): MemoryStore {
  const counters = new Map<string, Counter>()
  const entries = new Map<string, Entry>()
  // The keys of the evictable entries, least recently set or read first (a Set keeps insertion order).
  const evictable = new Set<string>()
  let evicted = false
  let lastSweep = now()

  function sweep(time: number): void {
    if (time - lastSweep < sweepIntervalMs) return
    lastSweep = time
    for (const [key, counter] of counters) if (counter.resetAt <= time) counters.delete(key)
    for (const [key, entry] of entries) if (entry.expiresAt <= time) remove(key)
  }

  function remove(key: string): void {
    entries.delete(key)
    evictable.delete(key)
  }

  function live(key: string, time: number): Entry | undefined {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= time) {
      remove(key)
      return undefined
    }
    return entry
  }

  function put(key: string, value: string, expiresAt: number, options: SetOptions | undefined): void {
    entries.set(key, { value, expiresAt })
    // Set again, a value counts from now: it moves to the newest end, or out of the bound altogether.
    evictable.delete(key)
    if (!options?.evictable) return
    evictable.add(key)
    while (evictable.size > maxEvictable) {
      const oldest = evictable.values().next().value as string
      remove(oldest)
      if (!evicted) {
        evicted = true
        onFirstEviction?.()
      }
    }
  }

  const store: MemoryStore = {
    async increment(key: string, windowMs: number): Promise<WindowCount> {
      const time = now()
      sweep(time)
      const counter = counters.get(key)
      if (!counter || counter.resetAt <= time) {
        const fresh = { count: 1, resetAt: time + windowMs }
        counters.set(key, fresh)
        return { ...fresh }
      }
      counter.count += 1
      return { ...counter }
    },
    async get(key) {
      const entry = live(key, now())
      // Read, a value is in use (a swap being followed): the bound drops the least recently used first.
      if (entry && evictable.delete(key)) evictable.add(key)
      return entry?.value
    },
    async set(key, value, ttlMs, options) {
      const time = now()
      sweep(time)
      put(key, value, time + ttlMs, options)
    },
    async setIfAbsent(key, value, ttlMs, options) {
      const time = now()
      sweep(time)
      if (live(key, time)) return false
      put(key, value, time + ttlMs, options)
      return true
    },
    async delete(key) {
      counters.delete(key)
      remove(key)
    },
    size() {
      return counters.size + entries.size
    },
    async close() {
      counters.clear()
      entries.clear()
      evictable.clear()
    },
    // One instance's memory is all there is: nothing to fail over from.
    failClosed: () => store,
  }
  return store
}
