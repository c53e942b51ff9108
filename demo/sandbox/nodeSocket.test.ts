import { connect, createServer, type Socket } from 'node:net'
import { createPublicClient } from 'viem'
import { socketClientCache } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holdNodeSocket } from './nodeSocket'
import { startAnvil, type AnvilInstance } from './startAnvil'

/** A TCP relay in front of the node that counts the connections made through it, and those open. */
async function startCountingRelay(target: string) {
  const { hostname, port } = new URL(target)
  const open = new Set<Socket>()
  let made = 0
  const server = createServer((incoming) => {
    made += 1
    open.add(incoming)
    const outgoing = connect(Number(port), hostname)
    incoming.pipe(outgoing).pipe(incoming)
    const end = () => {
      open.delete(incoming)
      incoming.destroy()
      outgoing.destroy()
    }
    incoming.on('close', end).on('error', end)
    outgoing.on('close', end).on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port: relayPort } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${relayPort}`,
    made: () => made,
    open: () => open.size,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/** Waits for `done` to hold, checking every 10 ms for at most 5 s (a closed socket's handle goes in a later tick). */
async function waitFor(done: () => boolean) {
  for (let attempt = 0; attempt < 500 && !done(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 10))
  expect(done()).toBe(true)
}

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

  it('opens one connection per socket even when calls arrive while it is still connecting, and closes them all', async () => {
    const relay = await startCountingRelay(anvil.rpcUrl)
    const socket = holdNodeSocket(relay.url)
    const client = createPublicClient({ transport: socket.transport })
    const balance = (index: number) =>
      client.getBalance({ address: `0x${String(index + 1).padStart(40, '0')}` })
    try {
      const first = Array.from({ length: 8 }, (_, index) => balance(index))
      // The next eight share the first eight's sockets, some of them still connecting (a WebSocket
      // handshake takes a few milliseconds).
      await new Promise((resolve) => setTimeout(resolve, 2))
      const second = Array.from({ length: 8 }, (_, index) => balance(100 + index))
      await Promise.all([...first, ...second])
      expect(relay.made()).toBe(8)
    } finally {
      await socket.release()
    }
    await waitFor(() => relay.open() === 0)
    await relay.close()
  }, 30_000)

  it('fails a call in flight when the last holder lets go, and opens no socket for it', async () => {
    const relay = await startCountingRelay(anvil.rpcUrl)
    const socket = holdNodeSocket(relay.url)
    const client = createPublicClient({ transport: socket.transport })
    await client.getChainId()
    // Mining 512 blocks keeps the call in flight long enough to let go meanwhile.
    const mining = client.request({ method: 'anvil_mine', params: ['0x200'] } as never)
    await new Promise((resolve) => setImmediate(resolve))
    await socket.release()
    await expect(mining).rejects.toThrow(/disconnected/)
    await waitFor(() => relay.open() === 0)
    expect(relay.made()).toBe(1)
    expect(sockets()).toBe(0)
    await relay.close()
  }, 30_000)

  it('fails a call to a node that does not answer with the reason, and leaves no socket behind', async () => {
    const socket = holdNodeSocket('http://127.0.0.1:9')
    const client = createPublicClient({ transport: socket.transport })
    await expect(client.getBlockNumber()).rejects.toThrow(/ECONNREFUSED 127\.0\.0\.1:9/)
    await socket.release()
    expect(sockets()).toBe(0)
  })
})
