import { describe, expect, it } from 'vitest'
import { ethereum, SwapError } from '../../shared'
import { fakeVenue, hangingVenue, priced } from '../testing/fakeVenue'
import type { VenueQuote, VenueRequest } from '../venues/venue'
import { getBestQuote } from './getBestQuote'
import { raceVenues } from './raceVenues'
import { toAlternatives } from './toAlternatives'

const request: VenueRequest = {
  sellChain: ethereum,
  buyChain: ethereum,
  sellToken: { caip: 'eip155:1/slip44:60', symbol: 'ETH', decimals: 18, kind: 'native' },
  buyToken: {
    caip: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    symbol: 'USDC',
    decimals: 6,
    kind: 'erc20',
    contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  },
  sellAmount: 10n ** 18n,
  sender: '0x1111111111111111111111111111111111111111',
  recipient: '0x1111111111111111111111111111111111111111',
  partnerFeeBps: 0,
}
const race = (venues: Parameters<typeof raceVenues>[0]['venues'], deadlineMs = 1_000) =>
  raceVenues({ venues, request, fetch: globalThis.fetch, deadlineMs })

describe('raceVenues', () => {
  it('gives every venue a signal and aborts a hanging venue at the deadline, once the answer is out', async () => {
    const hanging = hangingVenue('0x')
    const quick = fakeVenue({ id: 'lifi', answer: () => priced(request, 'lifi', 3000n) })
    const { quote, outcomes } = await race([hanging, quick], 50)
    expect(quote.provider).toBe('lifi')
    expect(outcomes.find((outcome) => outcome.venue === '0x')?.status).toBe('timedOut')
    // The answer does not wait for the hanging call to be closed: that comes right after.
    expect(hanging.calls[0]?.signal.aborted).toBe(false)
    await new Promise((resolve) => setImmediate(resolve))
    expect(hanging.calls[0]?.signal.aborted).toBe(true)
    expect(hanging.calls[0]?.signal.reason).toMatchObject({ name: 'TimeoutError' })
  })

  it('is not held past the deadline by a venue that ignores its signal', async () => {
    const deaf = fakeVenue({ id: 'cow', answer: () => new Promise(() => {}) })
    const quick = fakeVenue({ id: 'lifi', answer: () => priced(request, 'lifi', 3000n) })
    const { quote } = await race([deaf, quick], 50)
    expect(quote.provider).toBe('lifi')
    await new Promise((resolve) => setImmediate(resolve))
    expect(deaf.calls[0]?.signal.aborted).toBe(true)
  })

  it('stops what a venue left running when the race ends with every venue answered', async () => {
    const quick = fakeVenue({ id: 'lifi', answer: () => priced(request, 'lifi', 3000n) })
    await race([quick], 1_000)
    expect(quick.calls[0]?.signal.aborted).toBe(true)
  })

  it('drops a venue that answers garbage, also when the garbage claims the best output', async () => {
    const shapeless = fakeVenue({ id: 'cow', answer: () => ({ buyAmount: 'lots' }) as never })
    const stringly = fakeVenue({
      id: 'swapkit',
      answer: () => ({ ...priced(request, 'swapkit', 9_000n), netBuyAmount: '9000' }) as never,
    })
    // Ranks first (a negative gas cost adds to the output), and the check rejects it.
    const negativeGas = fakeVenue({
      id: '0x',
      answer: () => priced(request, '0x', 5_000n, { gasCostInBuyToken: -10_000n }),
    })
    const throwing = fakeVenue({
      id: 'thorchain',
      answer: () =>
        Object.defineProperty({ ...priced(request, 'thorchain', 8_000n) }, 'provider', {
          enumerable: true,
          get() {
            throw new Error('no provider for you')
          },
        }),
    })
    const good = fakeVenue({ id: 'lifi', answer: () => priced(request, 'lifi', 1n) })
    const { quote, outcomes } = await race([shapeless, stringly, negativeGas, throwing, good])
    expect(quote.provider).toBe('lifi')
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'quoted',
    ])
  })

  it('does not check an answer that arrives already beaten', async () => {
    const winner = fakeVenue({ id: 'lifi', answer: () => priced(request, 'lifi', 3_000n) })
    const lateBroken = fakeVenue({
      id: 'cow',
      answer: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        return priced(request, 'cow', 1_000n, { minBuyAmount: 2_000n })
      },
    })
    const { quote, outcomes } = await race([lateBroken, winner])
    expect(quote.provider).toBe('lifi')
    expect(outcomes).toMatchObject([
      { venue: 'cow', status: 'outranked' },
      { venue: 'lifi', status: 'quoted' },
    ])
  })

  it('tells a venue what the best checked answer leaves, and counts a venue outpriced on its estimate as outranked', async () => {
    let quickAnswered!: () => void
    const quickIsIn = new Promise<void>((resolve) => (quickAnswered = resolve))
    const quick = fakeVenue({
      id: '0x',
      answer: () => {
        setImmediate(quickAnswered)
        return priced(request, '0x', 3_000n, { gasCostInBuyToken: 100n })
      },
    })
    const seen: (bigint | undefined)[] = []
    const twoStep = fakeVenue({
      id: 'swapkit',
      answer: async (_request, { leadingOutput }) => {
        seen.push(leadingOutput?.())
        await quickIsIn
        const leading = leadingOutput?.()
        seen.push(leading)
        return leading !== undefined && 2_800n < leading
          ? {
              noRoute: true,
              outpriced: { output: 2_800n, buyAmount: 2_850n },
              reason: 'not built: outpriced',
            }
          : priced(request, 'swapkit', 2_800n)
      },
    })
    const { quote, outcomes } = await race([twoStep, quick])
    expect(seen).toEqual([undefined, 2_900n])
    expect(quote.provider).toBe('0x')
    expect(outcomes.find((outcome) => outcome.venue === 'swapkit')).toMatchObject({
      status: 'outranked',
      output: 2_800n,
    })
    expect(toAlternatives(outcomes, 6)).toEqual([
      expect.objectContaining({ provider: '0x', status: 'quoted', netOutput: '0.0029' }),
      {
        provider: 'swapkit',
        status: 'outranked',
        reason: 'not built: outpriced',
        buyAmount: '0.00285',
        netOutput: '0.0028',
      },
    ])
  })

  it('picks the best net output even when its gross output is lower', async () => {
    const highGross = fakeVenue({
      id: '0x',
      answer: () => priced(request, '0x', 3010n, { netBuyAmount: 2990n }),
    })
    const gasHeavy = fakeVenue({
      id: 'swapkit',
      answer: () => priced(request, 'swapkit', 3005n, { gasCostInBuyToken: 20n }),
    })
    const bestNet = fakeVenue({ id: 'lifi', answer: () => priced(request, 'lifi', 3000n) })
    const { quote, outcomes } = await race([highGross, gasHeavy, bestNet])
    expect(quote.provider).toBe('lifi')
    expect(outcomes.map((outcome) => `${outcome.venue} ${outcome.status}`)).toEqual([
      '0x outranked',
      'swapkit outranked',
      'lifi quoted',
    ])
  })

  it('serves the next best answer when the best one fails its check', async () => {
    const broken = fakeVenue({
      id: '0x',
      // Says it delivers the most, but its floor is above its own estimate.
      answer: () => priced(request, '0x', 5000n, { minBuyAmount: 6000n }),
    })
    const second = fakeVenue({ id: 'lifi', answer: () => priced(request, 'lifi', 3000n) })
    const third = fakeVenue({ id: 'cow', answer: () => priced(request, 'cow', 2000n) })
    const { quote, outcomes } = await race([third, broken, second])
    expect(quote.provider).toBe('lifi')
    expect(quote.buyAmount).toBe(3000n)
    expect(outcomes).toMatchObject([
      { venue: 'cow', status: 'outranked' },
      { venue: '0x', status: 'failed', error: { code: 'UPSTREAM_ERROR' } },
      { venue: 'lifi', status: 'quoted' },
    ])
  })

  it('answers UPSTREAM_ERROR when every answer fails its check', async () => {
    const broken = (id: string, amount: bigint) =>
      fakeVenue({ id, answer: () => priced(request, id, amount, { minBuyAmount: amount + 1n }) })
    await expect(race([broken('0x', 5n), broken('lifi', 4n)])).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    })
  })

  it('answers NO_ROUTE when every venue declines', async () => {
    const decline = (id: string) => fakeVenue({ id, answer: () => ({ noRoute: true, reason: 'no pool' }) })
    await expect(race([decline('0x'), decline('lifi')])).rejects.toMatchObject({ code: 'NO_ROUTE' })
  })

  it('answers UPSTREAM_ERROR when every venue fails unclassifiably', async () => {
    const fail = (id: string) =>
      fakeVenue({
        id,
        answer: () => {
          throw new TypeError('socket hang up')
        },
      })
    const error = await race([fail('0x'), fail('lifi')]).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SwapError)
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' })
  })

  it('answers a retryable outage unless every venue declined, and a venue BAD_REQUEST over both', async () => {
    const decline = fakeVenue({ id: 'cow', answer: () => ({ noRoute: true, reason: 'no pool' }) })
    const outage = fakeVenue({
      id: '0x',
      answer: () => {
        throw new SwapError({ code: 'UPSTREAM_ERROR', message: '0x down' })
      },
    })
    const tooSmall = fakeVenue({
      id: 'lifi',
      answer: () => {
        throw new SwapError({ code: 'BAD_REQUEST', message: 'amount below the minimum' })
      },
    })
    // NO_ROUTE means "do not retry": only when every venue declined.
    await expect(race([decline, decline])).rejects.toMatchObject({ code: 'NO_ROUTE' })
    await expect(race([outage, decline])).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: expect.stringMatching(/1 of the venues .* failed .* and 1 declined it; try again/),
    })
    await expect(race([outage, decline, tooSmall])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'amount below the minimum',
    })
  })

  it('never passes a venue RATE_LIMITED through to the client', async () => {
    const limited = fakeVenue({
      id: '0x',
      answer: () => {
        throw new SwapError({ code: 'RATE_LIMITED', message: 'upstream 429' })
      },
    })
    await expect(race([limited])).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' })
  })
})

describe('getBestQuote', () => {
  it('races only the venues that serve the request, and is NO_ROUTE when none does', async () => {
    const other = fakeVenue({
      id: 'router',
      serves: () => false,
      answer: () => priced(request, 'router', 9999n),
    })
    const serving = fakeVenue({ id: 'lifi', answer: () => priced(request, 'lifi', 1n) })
    const parameters = { request, fetch: globalThis.fetch, deadlineMs: 1_000 }
    expect((await getBestQuote({ venues: [other, serving], ...parameters })).quote.provider).toBe('lifi')
    expect(other.calls).toHaveLength(0)
    await expect(getBestQuote({ venues: [other], ...parameters })).rejects.toMatchObject({ code: 'NO_ROUTE' })
  })
})

describe('raceVenues without the service gas rate', () => {
  // USDC to USDT: neither side is the gas coin, so gas stated in wei needs USD prices to count.
  const tokenRequest: VenueRequest = {
    ...request,
    sellToken: request.buyToken,
    buyToken: {
      caip: 'eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7',
      symbol: 'USDT',
      decimals: 6,
      kind: 'erc20',
      contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    },
    sellAmount: 200_000_000n,
  }
  const E18 = 10n ** 18n
  // 0x: 199.40 USDT and 0.00075 ETH of gas it cannot price; CoW: 197.73 with its network cost inside.
  const zerox = () =>
    fakeVenue({
      id: '0x',
      answer: () => priced(tokenRequest, '0x', 199_400_000n, { unpricedGasWei: 75n * 10n ** 13n }),
    })
  const cow = () => fakeVenue({ id: 'cow', answer: () => priced(tokenRequest, 'cow', 197_730_000n) })
  // LI.FI states ETH at $3,000 and USDT at $1, and its own gas already priced.
  const lifi = (usdPrices: VenueQuote['usdPrices']) =>
    fakeVenue({
      id: 'lifi',
      answer: () => priced(tokenRequest, 'lifi', 198_500_000n, { gasCostInBuyToken: 2_000_000n, usdPrices }),
    })

  it("converts a venue's unpriced gas at prices another venue stated in the race, and serves what leaves the most", async () => {
    const { quote, outcomes } = await raceVenues({
      venues: [zerox(), cow(), lifi({ nativePriceE18: 3000n * E18, buyPriceE18: E18 })],
      request: tokenRequest,
      fetch: globalThis.fetch,
      deadlineMs: 1_000,
    })
    // 0x: 199.40 less $2.25 of gas is 197.15, under CoW's 197.73.
    expect(quote.provider).toBe('cow')
    const alternatives = toAlternatives(outcomes, 6)
    // The served quote first, then by what each leaves after its gas.
    expect(alternatives.map((entry) => [entry.provider, entry.status, entry.netOutput])).toEqual([
      ['cow', 'quoted', '197.73'],
      ['0x', 'outranked', '197.15'],
      ['lifi', 'outranked', '196.5'],
    ])
  })

  it('serves the converted gas as the network cost when the venue that stated it still wins', async () => {
    const cheap = fakeVenue({ id: 'cow', answer: () => priced(tokenRequest, 'cow', 190_000_000n) })
    const { quote } = await raceVenues({
      venues: [zerox(), cheap, lifi({ nativePriceE18: 3000n * E18, buyPriceE18: E18 })],
      request: tokenRequest,
      fetch: globalThis.fetch,
      deadlineMs: 1_000,
    })
    expect(quote.provider).toBe('0x')
    expect(quote.gasCostInBuyToken).toBe(2_250_000n)
    expect(quote.unpricedGasWei).toBeUndefined()
  })

  it('keeps the race as it ranked when no venue stated the gas coin’s price, or the service had its own rate', async () => {
    const unpriced = await raceVenues({
      venues: [zerox(), cow(), lifi({ buyPriceE18: E18 })],
      request: tokenRequest,
      fetch: globalThis.fetch,
      deadlineMs: 1_000,
    })
    expect(unpriced.quote.provider).toBe('0x')
    // The service's own rate was already in every venue's conversion: nothing is converted twice.
    const withRate = await raceVenues({
      venues: [zerox(), cow(), lifi({ nativePriceE18: 3000n * E18, buyPriceE18: E18 })],
      request: { ...tokenRequest, gasRate: { nativePriceE18: 3000n * E18, buyPriceE18: E18 } },
      fetch: globalThis.fetch,
      deadlineMs: 1_000,
    })
    expect(withRate.quote.provider).toBe('0x')
  })
})
