import { describe, expect, it } from 'vitest'
import { silentLogger } from '../logging/logger'
import { createFailoverStore } from './failoverStore'
import { createMemoryStore } from './memoryStore'
import type { Store } from './store'

/** A shared store that is down: every call fails, as Redis's do while it is away. */
const down: Store = {
  increment: () => Promise.reject(new Error('down')),
  get: () => Promise.reject(new Error('down')),
  set: () => Promise.reject(new Error('down')),
  setIfAbsent: () => Promise.reject(new Error('down')),
  delete: () => Promise.reject(new Error('down')),
  failClosed: () => down,
  close: async () => undefined,
}

describe('createFailoverStore', () => {
  it("keeps what is written while the shared store is down within the memory store's bound", async () => {
    const store = createFailoverStore({
      primary: down,
      fallback: createMemoryStore({ maxEvictable: 1 }),
      logger: silentLogger,
    })
    await store.set('track:q1', 'first', 60_000, { evictable: true })
    await store.set('track:q2', 'second', 60_000, { evictable: true })
    await store.set('grant:revoked:j1', 'yes', 60_000)
    expect(await store.get('track:q1')).toBeUndefined()
    expect(await store.get('track:q2')).toBe('second')
    expect(await store.get('grant:revoked:j1')).toBe('yes')
    expect(store.isDegraded()).toBe(true)
  })
})
