import { socketClientCache } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findChain } from '../../shared/chains'
import { createChainClients, type ChainClients } from './createChainClients'
import { startAnvil, type AnvilInstance } from './startAnvil'
import { watchNewBlocks } from './watchNewBlocks'

// Never reached in these tests: after the first run, every run below comes from the node's announcement.
const noFallback = 3_600_000
const failOnError = (error: unknown) => {
  throw error
}

/** Counts `onBlock` runs; `next()` resolves at the next one. `hold()` keeps the next run open. */
function counter() {
  let runs = 0
  let running = 0
  let mostAtOnce = 0
  let waiting: (() => void) | undefined
  let held: Promise<void> | undefined
  return {
    onBlock: async () => {
      runs++
      running++
      mostAtOnce = Math.max(mostAtOnce, running)
      waiting?.()
      await held
      running--
    },
    runs: () => runs,
    mostAtOnce: () => mostAtOnce,
    next: () => new Promise<void>((resolve) => (waiting = resolve)),
    hold: () => {
      let release = () => undefined as void
      held = new Promise<void>((resolve) => (release = resolve))
      return () => {
        held = undefined
        release()
      }
    },
  }
}

describe('watchNewBlocks (on a real anvil chain)', () => {
  let anvil: AnvilInstance
  let clients: ChainClients
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 1 })
    clients = createChainClients({ definition: findChain('ETH')!, rpcUrl: anvil.rpcUrl })
  }, 30_000)
  afterAll(() => anvil?.stop())

  /** Watches the test chain with `reads`, with no fallback ticks and failing on any error. */
  const watchAnvil = (reads: { onBlock: () => Promise<void> }) =>
    watchNewBlocks({
      rpcUrl: anvil.rpcUrl,
      onBlock: reads.onBlock,
      fallbackMs: noFallback,
      onError: failOnError,
    })

  /** Mines blocks until `heard` settles: a block mined before the subscription is in place is not announced. */
  async function mineUntil(heard: Promise<unknown>) {
    let done = false
    void heard.then(() => (done = true))
    while (!done) {
      await clients.testClient.mine({ blocks: 1 })
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  it('runs at once and at every mined block, shares one socket and closes it with the last watcher', async () => {
    const first = counter()
    const second = counter()
    const a = watchAnvil(first)
    const b = watchAnvil(second)
    try {
      expect([first.runs(), second.runs()]).toEqual([1, 1])
      await mineUntil(Promise.all([first.next(), second.next()]))
      expect(socketClientCache.size).toBe(1)

      await a.stop()
      const before = first.runs()
      const again = second.next()
      await clients.testClient.mine({ blocks: 1 })
      await again
      expect(first.runs()).toBe(before)
      expect(socketClientCache.size).toBe(1)
    } finally {
      await a.stop()
      await b.stop()
    }
    expect(socketClientCache.size).toBe(0)
  }, 30_000)

  it('never runs twice at once: blocks announced during a run make it run again after it', async () => {
    const reads = counter()
    const watch = watchAnvil(reads)
    try {
      await mineUntil(reads.next())
      const release = reads.hold()
      const held = reads.next()
      await clients.testClient.mine({ blocks: 1 })
      await held
      const during = reads.runs()
      for (let block = 0; block < 3; block++) await clients.testClient.mine({ blocks: 1 })
      await clients.publicClient.getBlockNumber({ cacheTime: 0 })
      expect(reads.runs()).toBe(during)
      // Released, it runs again for what was announced meanwhile, without waiting for the fallback.
      const after = reads.next()
      release()
      await after
      expect(reads.mostAtOnce()).toBe(1)
    } finally {
      await watch.stop()
    }
  }, 30_000)

  it('keeps running on its fallback when the node has no WebSocket, and reports the failure', async () => {
    const reads = counter()
    const errors: unknown[] = []
    const watch = watchNewBlocks({
      rpcUrl: 'http://127.0.0.1:9',
      onBlock: reads.onBlock,
      fallbackMs: 10,
      onError: (error) => errors.push(error),
    })
    try {
      await reads.next()
      await reads.next()
      expect(reads.runs()).toBeGreaterThanOrEqual(3)
    } finally {
      await watch.stop()
    }
    expect(errors.length).toBeGreaterThan(0)
    expect(socketClientCache.size).toBe(0)
  })
})
