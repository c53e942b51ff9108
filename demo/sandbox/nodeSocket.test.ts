import { createPublicClient } from 'viem'
import { socketClientCache } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holdNodeSocket } from './nodeSocket'
import { startAnvil, type AnvilInstance } from './startAnvil'

describe('holdNodeSocket (on a real anvil chain)', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 1 })
  }, 30_000)
  afterAll(() => anvil?.stop())

  const sockets = () => socketClientCache.size

  it('sends calls made at once on sockets of their own, reuses idle ones, and the last holder closes them', async () => {
    const first = holdNodeSocket(anvil.rpcUrl)
    const second = holdNodeSocket(anvil.rpcUrl)
    const client = createPublicClient({ transport: first.transport })
    const other = createPublicClient({ transport: second.transport })
    try {
      const [height, ...balances] = await Promise.all([
        client.getBlockNumber({ cacheTime: 0 }),
        client.getBalance({ address: '0x000000000000000000000000000000000000dEaD' }),
        other.getBalance({ address: '0x000000000000000000000000000000000000dEaD' }),
      ])
      expect(height).toBe(0n)
      expect(balances).toEqual([0n, 0n])
      // Three calls at once, three sockets: no answer queued behind another's on one socket.
      expect(sockets()).toBe(3)

      for (let call = 0; call < 5; call++) await other.getBlockNumber({ cacheTime: 0 })
      expect(sockets()).toBe(3)

      await first.release()
      await first.release()
      expect(await other.getChainId()).toBe(1)
      expect(sockets()).toBe(3)
    } finally {
      await first.release()
      await second.release()
    }
    expect(sockets()).toBe(0)
    // A call after the last release fails rather than open a socket nobody would close.
    await expect(client.getChainId()).rejects.toThrow(/closed/)
    expect(sockets()).toBe(0)
  }, 30_000)

  it('answers every call when more are made at once than it opens sockets for', async () => {
    const socket = holdNodeSocket(anvil.rpcUrl)
    const client = createPublicClient({ transport: socket.transport })
    try {
      // Distinct calls: viem folds identical ones made at once into one.
      const addresses = Array.from(
        { length: 30 },
        (_, index) => `0x${String(index + 1).padStart(40, '0')}` as const,
      )
      const balances = await Promise.all(addresses.map((address) => client.getBalance({ address })))
      expect(balances).toEqual(addresses.map(() => 0n))
      expect(sockets()).toBe(8)
    } finally {
      await socket.release()
    }
    expect(sockets()).toBe(0)
  }, 30_000)

  it('fails a call to a node that does not answer with the reason, and leaves no socket behind', async () => {
    const socket = holdNodeSocket('http://127.0.0.1:9')
    const client = createPublicClient({ transport: socket.transport })
    await expect(client.getBlockNumber()).rejects.toThrow(/ECONNREFUSED 127\.0\.0\.1:9/)
    await socket.release()
    expect(sockets()).toBe(0)
  })
})
