import { socketClientCache } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findChain } from '../../shared/chains'
import { createChainClients, type ChainClients } from './createChainClients'
import { startAnvil, type AnvilInstance } from './startAnvil'
import { watchNewBlocks } from './watchNewBlocks'

// Never reached in these tests: every call of `onBlock` below comes from the node's announcement.
const noFallback = 3_600_000

/** Counts `onBlock` calls and resolves `next()` at the next one. */
function counter() {
  let calls = 0
  let waiting: (() => void) | undefined
  return {
    onBlock: () => {
      calls++
      waiting?.()
    },
    calls: () => calls,
    next: () => new Promise<void>((resolve) => (waiting = resolve)),
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

  it('hears every mined block from the node, shares one socket and closes it with the last watcher', async () => {
    const first = counter()
    const second = counter()
    const a = watchNewBlocks({ rpcUrl: anvil.rpcUrl, onBlock: first.onBlock, fallbackMs: noFallback })
    const b = watchNewBlocks({ rpcUrl: anvil.rpcUrl, onBlock: second.onBlock, fallbackMs: noFallback })
    try {
      // The subscription is in place once a mined block reaches both (mine until it does).
      const heard = Promise.all([first.next(), second.next()])
      let mined = true
      while (mined) {
        await clients.testClient.mine({ blocks: 1 })
        mined = await Promise.race([
          heard.then(() => false),
          new Promise<boolean>((r) => setImmediate(() => r(true))),
        ])
      }
      expect(socketClientCache.size).toBe(1)

      await a.stop()
      const before = first.calls()
      const again = second.next()
      await clients.testClient.mine({ blocks: 1 })
      await again
      expect(first.calls()).toBe(before)
      expect(socketClientCache.size).toBe(1)
    } finally {
      await a.stop()
      await b.stop()
    }
    expect(socketClientCache.size).toBe(0)
  }, 30_000)

  it('keeps calling on its fallback when the node has no WebSocket', async () => {
    const calls = counter()
    const watch = watchNewBlocks({ rpcUrl: 'http://127.0.0.1:9', onBlock: calls.onBlock, fallbackMs: 10 })
    try {
      await calls.next()
      await calls.next()
      expect(calls.calls()).toBeGreaterThanOrEqual(2)
    } finally {
      await watch.stop()
    }
    expect(socketClientCache.size).toBe(0)
  })
})
