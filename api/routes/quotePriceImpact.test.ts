import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QuoteSchema } from '../../shared'
import { startTestSandbox, type TestSandbox } from '../../demo/sandbox/simulators/startTestSandbox'
import type { ApiServer } from '../server'
import { startSandboxApi } from '../../demo/sandbox/simulators/startSandboxApi'
import { quotePath } from '../testing/testServer'

/*
 * Price impact and USD values through the real path: the API's adapters against the venue simulators
 * on anvil, whose USD prices are the sandbox pools' mid prices. The ETH/USDC pool on ETH holds $40M a
 * side, so a small sell barely moves it and a large one gives up much of its value.
 */

let sandbox: TestSandbox
let server: ApiServer
let caller = 0

// A generous deadline: every venue answers even on a busy machine, so the race always holds a priced answer.
beforeAll(async () => {
  sandbox = await startTestSandbox({ chains: ['ETH', 'RHD'], zeroxApiKey: 'impact-0x-key' })
  server = await startSandboxApi({ sandbox, zeroxApiKey: 'impact-0x-key', deadlineMs: 5000 })
})

afterAll(async () => {
  await server?.close()
  await sandbox?.stop()
})

async function quoteOnEthereum(
  amount: string,
  sellToken = 'ETH',
  buyToken = 'USDC',
  chain = 'ETH',
  include?: string,
) {
  caller += 1
  const path = quotePath({ sellChain: chain, buyChain: chain, sellToken, buyToken, amount, include })
  const response = await fetch(`${server.url}/api/sdk/v1${path}`, {
    headers: { 'X-Forwarded-For': `198.18.7.${caller}` },
  })
  expect(response.status).toBe(200)
  return QuoteSchema.parse(await response.json())
}

describe('price impact on the sandbox market', () => {
  it('is small for 0.1 ETH, with both sides valued at the mid price (about $300)', async () => {
    const quote = await quoteOnEthereum('0.1')
    // The gas paid beside the swap counts, as it does in a CoW order's output.
    const gasBps = (Number(quote.networkCost) / Number(quote.buyAmount)) * 10_000
    expect(gasBps).toBeGreaterThan(0)
    expect(quote.priceImpactBps).toBeGreaterThanOrEqual(Math.floor(gasBps))
    // The pool's 0.3% fee and the service fee besides, nothing more.
    expect(quote.priceImpactBps).toBeLessThan(gasBps + 100)
    expect(Number(quote.sellValueUsd)).toBeCloseTo(300, 0)
    expect(Number(quote.buyValueUsd)).toBeCloseTo(Number(quote.buyAmount), 1)
  })

  it('is all of it for 0.1 USDC to ETH, whose gas is worth more than what arrives', async () => {
    const quote = await quoteOnEthereum('0.1', 'USDC', 'ETH')
    expect(Number(quote.networkCost)).toBeGreaterThan(Number(quote.buyAmount))
    // What arrives is still valued as it is; the impact says the trade loses everything it is worth.
    expect(Number(quote.buyValueUsd)).toBeGreaterThan(0)
    // Worth cents: to the millionth, so the gas's dollar value read back from it is right.
    expect(quote.buyValueUsd).toMatch(/^0\.\d{3,6}$/)
    expect(quote.priceImpactBps).toBe(10_000)
  })

  it('is large for 20,000 ETH: the rate is far worse than the mid price, and the quote says so', async () => {
    const small = await quoteOnEthereum('0.1')
    const large = await quoteOnEthereum('20000')
    expect(large.priceImpactBps).toBeGreaterThan(1500)
    expect(large.priceImpactBps).toBeLessThan(9900)
    // The sell side is valued at the mid price, not at the worse price it executes at.
    expect(Number(large.sellValueUsd)).toBeCloseTo(20_000 * (Number(small.sellValueUsd) / 0.1), -3)
    expect(Number(large.buyValueUsd)).toBeLessThan(Number(large.sellValueUsd) * 0.85)
  })

  it('is nearly 10000 bps for an absurd amount that buys only what the pools hold', async () => {
    const quote = await quoteOnEthereum('99999999999999')
    expect(quote.priceImpactBps).toBeGreaterThanOrEqual(9990)
    expect(quote.priceImpactBps).toBeLessThanOrEqual(10000)
  })

  it("is said on the RHD router's route, whose venue states no USD price, from its pools' mid price", async () => {
    const small = await quoteOnEthereum('0.01', 'ETH', 'USDG', 'RHD')
    const large = await quoteOnEthereum('5000', 'ETH', 'USDG', 'RHD')
    expect(small.provider).toBe('router')
    // The pool's 0.3% fee and a sliver of its move.
    expect(small.priceImpactBps).toBeGreaterThanOrEqual(30)
    expect(small.priceImpactBps).toBeLessThan(60)
    // 5,000 ETH drains the pool: the user gives up most of it, and the quote says so.
    expect(large.priceImpactBps).toBeGreaterThan(5000)
    const rate = (quote: typeof small) => Number(quote.buyAmount) / 1e6 / Number(quote.sellAmount)
    expect(1 - rate(large) / rate(small)).toBeCloseTo(large.priceImpactBps! / 10_000, 1)
  })

  it("counts a token-to-token swap's gas against every venue's output, so the ranking compares what is left", async () => {
    // The service learns ETH's price from the venues' answers (any ETH quote, LI.FI's gas costs).
    await quoteOnEthereum('0.1')
    const quote = await quoteOnEthereum('200', 'USDC', 'USDT', 'ETH', 'alternatives')
    const priced = quote.alternatives!.filter((alternative) => alternative.netOutput !== undefined)
    const venues = Object.fromEntries(priced.map((alternative) => [alternative.provider, alternative]))
    // 0x and LI.FI state their gas beside the swap: a few dollars at the sandbox's gas price, taken off
    // what ranking compared. CoW's network cost is already inside its output.
    for (const provider of ['0x', 'lifi']) {
      const gas = Number(venues[provider]!.buyAmount) - Number(venues[provider]!.netOutput)
      expect(gas).toBeGreaterThan(0.1)
      expect(gas).toBeLessThan(20)
    }
    expect(venues.cow!.netOutput).toBe(venues.cow!.buyAmount)
    // The quote served leaves the most after the gas paid beside it, which it shows as its network cost.
    const best = Math.max(...priced.map((alternative) => Number(alternative.netOutput)))
    expect(Number(quote.buyAmount) - Number(quote.networkCost ?? 0)).toBeCloseTo(best, 5)
    if (quote.provider !== 'cow') expect(Number(quote.networkCost)).toBeGreaterThan(0.1)
  })

  it("counts a token-to-token swap's gas in a process that has learned no price yet, at prices stated in the same race", async () => {
    // A process just started: its price book is empty, as after a quiet spell of a few minutes.
    const fresh = await startSandboxApi({ sandbox, zeroxApiKey: 'impact-0x-key', deadlineMs: 5000 })
    try {
      const response = await fetch(
        `${fresh.url}/api/sdk/v1${quotePath({ sellChain: 'ETH', buyChain: 'ETH', sellToken: 'USDC', buyToken: 'USDT', amount: '200', include: 'alternatives' })}`,
        { headers: { 'X-Forwarded-For': '198.18.8.1' } },
      )
      expect(response.status).toBe(200)
      const quote = QuoteSchema.parse(await response.json())
      const priced = quote.alternatives!.filter((alternative) => alternative.netOutput !== undefined)
      const zerox = priced.find((alternative) => alternative.provider === '0x')!
      // 0x states its gas in wei only; LI.FI's prices in the same answer set convert it.
      const gas = Number(zerox.buyAmount) - Number(zerox.netOutput)
      expect(gas).toBeGreaterThan(0.1)
      expect(gas).toBeLessThan(20)
      const best = Math.max(...priced.map((alternative) => Number(alternative.netOutput)))
      expect(Number(quote.buyAmount) - Number(quote.networkCost ?? 0)).toBeCloseTo(best, 5)
      expect(quote.alternatives![0]!.provider).toBe(quote.provider)
    } finally {
      await fresh.close()
    }
  })
})
