import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStore } from '../stores/memoryStore'
import { createIpcChannel, type IpcChannel, type IpcMessage } from './createIpcChannel'
import { answerStoreCall, createIpcStore, type StoreCall } from './createIpcStore'

/**
 * A primary and its workers joined by in-process pipes that, like Node's IPC, deliver each message
 * later and in order (JSON in between, so nothing passes that the real pipe would not carry).
 */
function createPipes({ primaryAnswers = true, primaryStore = createMemoryStore() } = {}) {
  const workers: { channel: IpcChannel; cut(): void }[] = []
  function addWorker() {
    const toPrimary = new EventEmitter()
    const toWorker = new EventEmitter()
    let open = true
    const deliver =
      (target: EventEmitter) => (message: IpcMessage, callback: (error: Error | null) => void) => {
        if (!open) {
          queueMicrotask(() => callback(new Error('channel closed')))
          return
        }
        const copy = JSON.parse(JSON.stringify(message)) as unknown
        setImmediate(() => {
          if (open) target.emit('message', copy)
          callback(null)
        })
      }
    const subscribe = (source: EventEmitter) => (listener: (message: unknown) => void) => {
      source.on('message', listener)
      return () => void source.off('message', listener)
    }
    createIpcChannel({
      send: deliver(toWorker),
      subscribe: subscribe(toPrimary),
      handle: (kind, body) => {
        if (!primaryAnswers) return new Promise(() => undefined)
        if (kind === 'store') return answerStoreCall(primaryStore, body as StoreCall)
        throw new Error(`unknown ${kind}`)
      },
      timeoutMs: 1_000,
    })
    const channel = createIpcChannel({
      send: deliver(toPrimary),
      subscribe: subscribe(toWorker),
      timeoutMs: 1_000,
    })
    const worker = { channel, cut: () => void (open = false) }
    workers.push(worker)
    return worker
  }
  return { primaryStore, addWorker }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('createIpcStore', () => {
  it('counts one window across workers: 60 of 70 parallel hits from one caller are under the limit', async () => {
    const pipes = createPipes()
    const stores = [pipes.addWorker(), pipes.addWorker()].map(({ channel }) => createIpcStore({ channel }))
    const counts = await Promise.all(
      Array.from({ length: 70 }, (_, index) => stores[index % 2]!.increment('rl:ip:198.51.100.7', 60_000)),
    )
    expect(counts.map(({ count }) => count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 70 }, (_, index) => index + 1),
    )
    expect(counts.filter(({ count }) => count <= 60)).toHaveLength(60)
    // One window: every hit reports the same end.
    expect(new Set(counts.map(({ resetAt }) => resetAt)).size).toBe(1)
  })

  it('lets only one worker claim a replay marker, and reads and deletes what another wrote', async () => {
    const pipes = createPipes()
    const [first, second] = [pipes.addWorker(), pipes.addWorker()].map(({ channel }) =>
      createIpcStore({ channel }),
    )
    const claims = await Promise.all([
      first!.setIfAbsent('x402:payment:abc', '1', 60_000),
      second!.setIfAbsent('x402:payment:abc', '1', 60_000),
    ])
    expect(claims.sort()).toEqual([false, true])
    await first!.set('grant:revoked:j1', 'yes', 60_000)
    expect(await second!.get('grant:revoked:j1')).toBe('yes')
    expect(await second!.get('absent')).toBeUndefined()
    await second!.delete('grant:revoked:j1')
    expect(await first!.failClosed().get('grant:revoked:j1')).toBeUndefined()
  })

  it("keeps a worker's evictable values within the primary's bound, and its other values whole", async () => {
    const pipes = createPipes({ primaryStore: createMemoryStore({ maxEvictable: 1 }) })
    const [first, second] = [pipes.addWorker(), pipes.addWorker()].map(({ channel }) =>
      createIpcStore({ channel }),
    )
    await first!.set('track:q1', 'first', 60_000, { evictable: true })
    await second!.set('track:q2', 'second', 60_000, { evictable: true })
    await first!.set('grant:revoked:j1', 'yes', 60_000)
    expect(await second!.get('track:q1')).toBeUndefined()
    expect(await first!.get('track:q2')).toBe('second')
    expect(await second!.get('grant:revoked:j1')).toBe('yes')
  })

  it('fails closed when the primary is gone: the call rejects, nothing is counted locally', async () => {
    const pipes = createPipes()
    const worker = pipes.addWorker()
    const store = createIpcStore({ channel: worker.channel })
    await store.increment('rl:ip:192.0.2.1', 60_000)
    worker.cut()
    await expect(store.increment('rl:ip:192.0.2.1', 60_000)).rejects.toThrow(/not sent/)
    await expect(store.failClosed().setIfAbsent('marker', '1', 1_000)).rejects.toThrow(/not sent/)
    expect(await pipes.primaryStore.increment('rl:ip:192.0.2.1', 60_000)).toMatchObject({ count: 2 })
  })

  it('fails a call the primary does not answer in time', async () => {
    vi.useFakeTimers()
    const pipes = createPipes({ primaryAnswers: false })
    const store = createIpcStore({ channel: pipes.addWorker().channel })
    const pending = store.get('k')
    const failed = expect(pending).rejects.toThrow(/no answer to store within 1000 ms/)
    await vi.advanceTimersByTimeAsync(1_000)
    await failed
  })
})
