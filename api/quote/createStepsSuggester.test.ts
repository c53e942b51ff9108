import { describe, expect, it } from 'vitest'
import { base, bitcoin, ethereum, getNativeCaip, StepSchema } from '../../shared'
import { createMemoryStore } from '../stores/memoryStore'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { createTestRequest, erc20Token, nativeToken, USDC_ETH } from '../venues/common/createTestRequest'
import type { VenueRequest } from '../venues/venue'
import { createStepsSuggester, MIN_LEG_MS, STEP_ESTIMATE_TTL_MS } from './createStepsSuggester'

const HUB_ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const BTC = { caip: getNativeCaip(bitcoin), symbol: 'BTC', decimals: 8, kind: 'native' as const }
const TARGET = erc20Token(base, '0x1111111111111111111111111111111111111111', 'TGT', 18)

/** BTC reaches only native ETH on BASE; only BASE ETH reaches the target token. */
function hubOnlyVenue() {
  return fakeVenue({
    id: 'swapkit',
    answer: (request) => {
      if (request.sellToken.caip === BTC.caip && request.buyToken.caip === getNativeCaip(base)) {
        return priced(request, 'thorchain', 20n * 10n ** 18n)
      }
      if (request.sellToken.caip === getNativeCaip(base) && request.buyToken.caip === TARGET.caip) {
        return priced(request, 'lifi', request.sellAmount * 2n)
      }
      return { noRoute: true, reason: 'no pool' }
    },
  })
}

const btcToTarget = (overrides: Partial<VenueRequest> = {}) =>
  createTestRequest({
    sellChain: bitcoin,
    sellToken: BTC,
    buyChain: base,
    buyToken: TARGET,
    sellAmount: 100_000_000n,
    sender: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    recipient: HUB_ADDRESS,
    ...overrides,
  })

describe('createStepsSuggester', () => {
  it('suggests selling into the hub native coin, then from it into the asked token, with hubAddress as step 1 recipient', async () => {
    const suggest = createStepsSuggester({
      venues: [hubOnlyVenue()],
      store: createMemoryStore(),
      fetch,
      deadlineMs: 500,
    })
    const result = await suggest(btcToTarget({ hubAddress: HUB_ADDRESS }), {
      allowUncached: async () => true,
    })
    expect(result?.steps).toHaveLength(2)
    const [first, second] = result!.steps.map((step) => StepSchema.parse(step))
    expect(first).toMatchObject({
      sellChain: 'BTC',
      buyChain: 'BASE',
      buyToken: { symbol: 'ETH' },
      sellAmount: '1',
      buyAmount: '20',
      provider: 'thorchain',
      recipient: HUB_ADDRESS,
    })
    expect(second).toMatchObject({
      sellChain: 'BASE',
      sellAmount: '20',
      buyAmount: '40',
      buyToken: { symbol: 'TGT' },
    })
    expect(result?.stepsNote).toMatch(/5 minutes/)
  })

  it('offers no steps for a non-EVM sell without hubAddress', async () => {
    const suggest = createStepsSuggester({
      venues: [hubOnlyVenue()],
      store: createMemoryStore(),
      fetch,
      deadlineMs: 500,
    })
    expect(await suggest(btcToTarget(), { allowUncached: async () => true })).toBeUndefined()
  })

  it('uses address as step 1 recipient for an EVM sell', async () => {
    const venue = fakeVenue({
      id: 'lifi',
      answer: (request) =>
        request.buyChain.symbol === 'BASE' && request.buyToken.kind === 'native'
          ? priced(request, 'lifi', 10n ** 18n)
          : request.sellChain.symbol === 'BASE'
            ? priced(request, 'lifi', 5n)
            : { noRoute: true, reason: 'no pool' },
    })
    const suggest = createStepsSuggester({
      venues: [venue],
      store: createMemoryStore(),
      fetch,
      deadlineMs: 500,
    })
    const request = createTestRequest({ buyChain: base, buyToken: TARGET, recipient: HUB_ADDRESS })
    const result = await suggest(request, { allowUncached: async () => true })
    expect(result?.steps[0]?.recipient).toBe(request.sender)
    expect(result?.steps[1]?.recipient).toBe(HUB_ADDRESS)
  })

  it('answers from the cache for 5 minutes without asking the throttle again', async () => {
    const store = createMemoryStore()
    const venue = hubOnlyVenue()
    const suggest = createStepsSuggester({ venues: [venue], store, fetch, deadlineMs: 500 })
    const request = btcToTarget({ hubAddress: HUB_ADDRESS })
    const fresh = await suggest(request, { allowUncached: async () => true })
    const callsAfterFresh = venue.calls.length
    const cached = await suggest(request, {
      allowUncached: async () => {
        throw new Error('a cached suggestion must not ask for permission')
      },
    })
    expect(cached).toEqual(fresh)
    expect(venue.calls.length).toBe(callsAfterFresh)
    expect(STEP_ESTIMATE_TTL_MS).toBe(300_000)
  })

  it('produces nothing fresh when the throttle refuses', async () => {
    const venue = hubOnlyVenue()
    const suggest = createStepsSuggester({
      venues: [venue],
      store: createMemoryStore(),
      fetch,
      deadlineMs: 500,
    })
    expect(
      await suggest(btcToTarget({ hubAddress: HUB_ADDRESS }), { allowUncached: async () => false }),
    ).toBeUndefined()
    expect(venue.calls).toHaveLength(0)
  })

  it('picks the hub route with the best final net output', async () => {
    const venue = fakeVenue({
      id: 'lifi',
      answer: (request) => {
        if (request.sellChain.symbol === 'ETH') return priced(request, 'lifi', 10n ** 18n)
        if (request.sellChain.symbol === 'ARB') return priced(request, 'lifi', 900n)
        if (request.sellChain.symbol === 'BASE') return priced(request, 'lifi', 700n)
        return { noRoute: true, reason: 'no pool' }
      },
      serves: (request) => request.buyChain.symbol !== 'ETH' || request.sellChain.symbol !== 'ETH',
    })
    const suggest = createStepsSuggester({
      venues: [venue],
      store: createMemoryStore(),
      fetch,
      deadlineMs: 500,
    })
    const request = createTestRequest({
      sellToken: USDC_ETH,
      buyChain: base,
      buyToken: TARGET,
      recipient: HUB_ADDRESS,
    })
    const result = await suggest(request, { allowUncached: async () => true })
    expect(result?.steps[0]?.buyChain).toBe('ARB')
    expect(result?.steps[1]?.buyAmount).toBe('0.0000000000000009')
    expect(nativeToken(ethereum).symbol).toBe('ETH')
  })

  it('makes no fresh suggestion, and spends no allowance, when the request has no time left', async () => {
    const venue = hubOnlyVenue()
    const suggest = createStepsSuggester({
      venues: [venue],
      store: createMemoryStore(),
      fetch,
      deadlineMs: 500,
    })
    let asked = 0
    const result = await suggest(btcToTarget({ hubAddress: HUB_ADDRESS }), {
      allowUncached: async () => {
        asked += 1
        return true
      },
      remainingMs: () => MIN_LEG_MS - 1,
    })
    expect(result).toBeUndefined()
    expect(asked).toBe(0)
    expect(venue.calls).toHaveLength(0)
  })

  it('gives leg 2 only the time leg 1 left: with none left, the route is dropped', async () => {
    // A fake clock: pricing a first leg uses up the whole budget.
    const clock = { elapsedMs: 0 }
    const budgetMs = 300
    const soldOn: string[] = []
    const venue = fakeVenue({
      id: 'swapkit',
      answer: (request) => {
        soldOn.push(request.sellChain.symbol)
        if (request.sellChain.symbol === 'BTC') {
          clock.elapsedMs = budgetMs
          return priced(request, 'thorchain', 20n * 10n ** 18n)
        }
        return priced(request, 'lifi', request.sellAmount * 2n)
      },
    })
    const suggest = createStepsSuggester({
      venues: [venue],
      store: createMemoryStore(),
      fetch,
      deadlineMs: 500,
    })
    const result = await suggest(btcToTarget({ hubAddress: HUB_ADDRESS }), {
      allowUncached: async () => true,
      remainingMs: () => budgetMs - clock.elapsedMs,
    })
    expect(result).toBeUndefined()
    // Only first legs (from BTC) were raced: no second leg was started without time for it.
    expect(soldOn.length).toBeGreaterThan(0)
    expect(new Set(soldOn)).toEqual(new Set(['BTC']))
  })
})
