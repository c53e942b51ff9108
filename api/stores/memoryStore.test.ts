import { describe, expect, it } from 'vitest'
import { createMemoryStore } from './memoryStore'

describe('memory store', () => {
  it('opens a fixed window on the first hit and starts over after it', async () => {
    let now = 1_000
    const store = createMemoryStore({ now: () => now })
    expect(await store.increment('k', 60_000)).toEqual({ count: 1, resetAt: 61_000 })
    now = 60_999
    expect(await store.increment('k', 60_000)).toEqual({ count: 2, resetAt: 61_000 })
    now = 61_000
    expect(await store.increment('k', 60_000)).toEqual({ count: 1, resetAt: 121_000 })
  })

  it('expires values and sets only absent keys', async () => {
    let now = 0
    const store = createMemoryStore({ now: () => now })
    expect(await store.setIfAbsent('v', 'a', 100)).toBe(true)
    expect(await store.setIfAbsent('v', 'b', 100)).toBe(false)
    expect(await store.get('v')).toBe('a')
    now = 100
    expect(await store.get('v')).toBeUndefined()
    expect(await store.setIfAbsent('v', 'c', 100)).toBe(true)
  })

  it('sweeps expired entries so memory does not grow with callers', async () => {
    let now = 0
    const store = createMemoryStore({ now: () => now, sweepIntervalMs: 1_000 })
    for (let index = 0; index < 1_000; index += 1) await store.increment(`caller-${index}`, 60_000)
    expect(store.size()).toBe(1_000)
    now = 61_000
    await store.increment('late', 60_000)
    expect(store.size()).toBe(1)
  })
})
