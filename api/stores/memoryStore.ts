import type { Store, WindowCount } from './store'

export type CreateMemoryStoreParameters = {
  /** Epoch milliseconds; injected so tests control expiry. */
  now?: () => number
  /** How often expired entries are swept, at most; sweeping is lazy, on writes. */
  sweepIntervalMs?: number
}

/** A memory `Store`, plus its size so tests can see that expiry keeps memory bounded. */
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
}: CreateMemoryStoreParameters = {}): MemoryStore {
  const counters = new Map<string, Counter>()
  const entries = new Map<string, Entry>()
  let lastSweep = now()

  function sweep(time: number): void {
    if (time - lastSweep < sweepIntervalMs) return
    lastSweep = time
    for (const [key, counter] of counters) if (counter.resetAt <= time) counters.delete(key)
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key)
  }

  function live(key: string, time: number): Entry | undefined {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= time) {
      entries.delete(key)
      return undefined
    }
    return entry
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
      return live(key, now())?.value
    },
    async set(key, value, ttlMs) {
      const time = now()
      sweep(time)
      entries.set(key, { value, expiresAt: time + ttlMs })
    },
    async setIfAbsent(key, value, ttlMs) {
      const time = now()
      sweep(time)
      if (live(key, time)) return false
      entries.set(key, { value, expiresAt: time + ttlMs })
      return true
    },
    async delete(key) {
      counters.delete(key)
      entries.delete(key)
    },
    size() {
      return counters.size + entries.size
    },
    async close() {
      counters.clear()
      entries.clear()
    },
    // One instance's memory is all there is: nothing to fail over from.
    failClosed: () => store,
  }
  return store
}
