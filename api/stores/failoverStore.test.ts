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

describe('createFailoverStore while the shared store hangs', () => {
  it('asks it again once a second, one call at a time, and answers every other call from memory at once', async () => {
    let time = 0
    let calls = 0
    let answer: (() => void) | undefined
    let healthy = false
    // A Redis that is stopped: a call waits for its command timeout, then fails.
    const hung: Store = {
      ...down,
      get: () => {
        calls += 1
        if (healthy) return Promise.resolve('from redis')
        return new Promise((_resolve, reject) => {
          answer = () => reject(new Error('Command timed out'))
        })
      },
      failClosed: () => hung,
    }
    const fallback = createMemoryStore()
    await fallback.set('k', 'from memory', 60_000)
    const store = createFailoverStore({ primary: hung, fallback, logger: silentLogger, now: () => time })
    const first = store.get('k')
    answer!()
    expect(await first).toBe('from memory')
    expect(store.isDegraded()).toBe(true)
    // Within the second: memory, without waiting on the hung store.
    for (let call = 0; call < 5; call++) expect(await store.get('k')).toBe('from memory')
    expect(calls).toBe(1)
    // A second on: one call tries it again; the calls meanwhile do not wait for it.
    time = 1_000
    const probe = store.get('k')
    expect(await store.get('k')).toBe('from memory')
    expect(calls).toBe(2)
    answer!()
    expect(await probe).toBe('from memory')
    // Back: the next try after the pause finds it, and calls go to it again.
    healthy = true
    time = 1_500
    expect(await store.get('k')).toBe('from memory')
    time = 2_000
    expect(await store.get('k')).toBe('from redis')
    expect(store.isDegraded()).toBe(false)
    expect(await store.get('k')).toBe('from redis')
  })
})
