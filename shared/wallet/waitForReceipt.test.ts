import { describe, expect, it } from 'vitest'
import { createSwapWallet } from './createSwapWallet'
import { ExecutionError } from './ExecutionError'
import { createFakeProvider } from './testing/createFakeProvider'
import type { FakeProviderOptions } from './testing/createFakeProvider'
import { waitForReceipt } from './waitForReceipt'

const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

async function sent(options: FakeProviderOptions) {
  const provider = createFakeProvider(options)
  const wallet = createSwapWallet({ provider, address: user })
  const hash = (await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: user, to: user, value: '0x0' }],
  })) as `0x${string}`
  return { provider, wallet, hash }
}

describe('waitForReceipt', () => {
  it('reports a reverted transaction mined after failed polls', async () => {
    const { wallet, hash } = await sent({ failingPolls: 2, revertSendIndex: 0 })
    await expect(waitForReceipt({ wallet, hash, chainId: 1, pollIntervalMs: 1 })).resolves.toEqual({
      status: 'reverted',
      blockNumber: 16n,
    })
  })

  it('times out with the hash, the chain and the last failed poll as its cause', async () => {
    const { wallet, hash } = await sent({ failingPolls: Infinity })
    const error = await waitForReceipt({ wallet, hash, chainId: 1, pollIntervalMs: 1, timeoutMs: 20 }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(ExecutionError)
    expect(error).toMatchObject({ reason: 'receipt-timeout', txHash: hash, chainId: 1 })
    let cause: unknown = (error as ExecutionError).cause
    while (typeof cause === 'object' && cause !== null && (cause as { code?: unknown }).code !== -32005) {
      cause = (cause as { cause?: unknown }).cause
    }
    expect(cause).toMatchObject({ code: -32005 })
  })

  it('never sleeps past its deadline, however long the poll interval or the back-off', async () => {
    const { wallet, hash } = await sent({ failingPolls: Infinity })
    const started = performance.now()
    await expect(
      waitForReceipt({ wallet, hash, chainId: 1, pollIntervalMs: 60_000, timeoutMs: 50 }),
    ).rejects.toMatchObject({ reason: 'receipt-timeout' })
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('backs off while polls fail, doubling the pause each time', async () => {
    const { provider, hash } = await sent({ failingPolls: 4, pendingPolls: 2 })
    const polls: number[] = []
    const recording = createSwapWallet({
      provider: {
        request: async (args) => {
          if (args.method === 'eth_getTransactionReceipt') polls.push(performance.now())
          return provider.request(args)
        },
      },
      address: user,
    })
    const result = await waitForReceipt({ wallet: recording, hash, chainId: 1, pollIntervalMs: 20 })
    expect(result.status).toBe('success')
    expect(polls).toHaveLength(7)
    const gaps = polls.slice(1).map((at, index) => at - polls[index]!)
    // After failures 1..4 the pauses are 20, 40, 80 and 160 ms (a timer never fires early; 2 ms for rounding).
    const minimums = [20, 40, 80, 160]
    expect(minimums.every((minimum, index) => gaps[index]! >= minimum - 2)).toBe(true)
  })

  it('counts a poll the wallet never answers as failed, and still ends on abort', async () => {
    const { provider, hash } = await sent({})
    let polls = 0
    const hangingFirst = createSwapWallet({
      provider: {
        request: (args) => {
          if (args.method === 'eth_getTransactionReceipt' && ++polls === 1) return new Promise(() => {})
          return provider.request(args)
        },
      },
      address: user,
    })
    await expect(
      waitForReceipt({ wallet: hangingFirst, hash, chainId: 1, pollIntervalMs: 1, pollTimeoutMs: 20 }),
    ).resolves.toMatchObject({ status: 'success' })
    expect(polls).toBe(2)

    const hanging = createSwapWallet({ provider: { request: () => new Promise(() => {}) }, address: user })
    const controller = new AbortController()
    const waiting = waitForReceipt({ wallet: hanging, hash, chainId: 1, signal: controller.signal })
    controller.abort(new Error('closed'))
    await expect(waiting).rejects.toThrow('closed')
  })
})
