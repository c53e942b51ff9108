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

  it('keeps at most maxEvictable evictable values, forgetting the least recently set first and nothing else', async () => {
    const dropped: string[] = []
    const store = createMemoryStore({ maxEvictable: 2, onFirstEviction: () => dropped.push('first') })
    await store.setIfAbsent('x402:payment:abc', '1', 60_000)
    await store.set('grant:revoked:j1', 'yes', 60_000)
    for (const id of ['a', 'b', 'c', 'd']) await store.set(`track:${id}`, id, 60_000, { evictable: true })
    expect(await store.get('track:a')).toBeUndefined()
    expect(await store.get('track:b')).toBeUndefined()
    expect([await store.get('track:c'), await store.get('track:d')]).toEqual(['c', 'd'])
    // Replay markers and revocations are not the bound's to drop, however many records come after.
    expect(await store.get('x402:payment:abc')).toBe('1')
    expect(await store.get('grant:revoked:j1')).toBe('yes')
    expect(store.size()).toBe(4)
    // Said once: it is a setting to raise, not news for every quote.
    expect(dropped).toEqual(['first'])
  })

  it('counts a value set again or read from then, and frees the place of one deleted or expired', async () => {
    let now = 0
    const store = createMemoryStore({ now: () => now, maxEvictable: 2, sweepIntervalMs: 1_000 })
    await store.set('track:a', '1', 60_000, { evictable: true })
    await store.set('track:b', '1', 60_000, { evictable: true })
    await store.set('track:a', '2', 60_000, { evictable: true })
    await store.set('track:c', '1', 60_000, { evictable: true })
    // `a` was set again after `b`: `b` is the oldest.
    expect([await store.get('track:a'), await store.get('track:b')]).toEqual(['2', undefined])
    await store.delete('track:a')
    await store.set('track:d', '1', 60_000, { evictable: true })
    expect(await store.get('track:c')).toBe('1')
    // Set again without `evictable`, a value leaves the bound: it is kept its whole TTL.
    await store.set('track:c', 'kept', 60_000)
    await store.set('track:e', '1', 60_000, { evictable: true })
    await store.set('track:f', '1', 60_000, { evictable: true })
    expect(await store.get('track:c')).toBe('kept')
    expect(await store.get('track:d')).toBeUndefined()
    // Read, a value counts as used: the one not read is dropped first.
    await store.get('track:e')
    await store.set('track:g', '1', 60_000, { evictable: true })
    expect([await store.get('track:e'), await store.get('track:f')]).toEqual(['1', undefined])
    // Expired records leave the bound too: two fresh ones fit without dropping anything.
    now = 61_000
    await store.set('track:h', '1', 60_000, { evictable: true })
    await store.set('track:i', '1', 60_000, { evictable: true })
    expect([await store.get('track:h'), await store.get('track:i')]).toEqual(['1', '1'])
    expect(store.size()).toBe(2)
  })
})
