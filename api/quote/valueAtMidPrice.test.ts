import { describe, expect, it } from 'vitest'
import { ethereum } from '../../shared'
import { createTestRequest, nativeToken, USDC_ETH } from '../venues/common/createTestRequest'
import type { VenueQuote } from '../venues/venue'
import { createUsdPriceBook } from './createUsdPriceBook'
import { valueAtMidPrice } from './valueAtMidPrice'

const E18 = 10n ** 18n
const request = createTestRequest({ sellToken: nativeToken(ethereum), buyToken: USDC_ETH, sellAmount: E18 })
const quote = (extra: Partial<VenueQuote> = {}): VenueQuote => ({
  provider: '0x',
  sellAmount: E18,
  buyAmount: 2_970_000_000n,
  netBuyAmount: 2_970_000_000n,
  serviceFeeBps: 0,
  ...extra,
})

describe('valueAtMidPrice', () => {
  it("uses the served venue's own prices", () => {
    const served = quote({ usdPrices: { sellPriceE18: 3000n * E18, buyPriceE18: E18 } })
    const value = valueAtMidPrice({
      quote: served,
      request,
      outcomes: [{ venue: '0x', elapsedMs: 1, status: 'quoted', quote: served }],
      priceBook: createUsdPriceBook(),
      now: 0,
    })
    // 1 - 2970 / 3000 = 1%
    expect(value).toEqual({ priceImpactBps: 100, sellValueUsd: '3000.00', buyValueUsd: '2970.00' })
  })

  it("values a quote whose venue states no price by another venue's prices in the same race", () => {
    const served = quote()
    const outranked = {
      ...quote({ provider: 'lifi' }),
      usdPrices: { sellPriceE18: 2000n * E18, buyPriceE18: E18 },
    }
    const value = valueAtMidPrice({
      quote: served,
      request,
      outcomes: [
        { venue: '0x', elapsedMs: 1, status: 'quoted', quote: served },
        { venue: 'lifi', elapsedMs: 1, status: 'outranked', answer: outranked, output: 1n },
      ],
      priceBook: createUsdPriceBook(),
      now: 0,
    })
    // 1 - 2970 / 2000 = -48.5%
    expect(value.priceImpactBps).toBe(-4850)
  })

  it('values the served quote by the prices of a venue that stopped on its estimate (an unbuilt route)', () => {
    const served = quote()
    const unbuilt = {
      noRoute: true as const,
      reason: 'not built',
      outpriced: { output: 2_900_000_000n, buyAmount: 2_950_000_000n },
      usdPrices: { sellPriceE18: 3000n * E18, buyPriceE18: E18 },
    }
    const value = valueAtMidPrice({
      quote: served,
      request,
      outcomes: [
        { venue: '0x', elapsedMs: 1, status: 'quoted', quote: served },
        { venue: 'swapkit', elapsedMs: 1, status: 'outranked', answer: unbuilt, output: 2_900_000_000n },
      ],
      priceBook: createUsdPriceBook(),
      now: 0,
    })
    expect(value.priceImpactBps).toBe(100)
  })

  it('uses prices learned in an earlier race within their max age, and says nothing without them', () => {
    const priceBook = createUsdPriceBook({ maxAgeMs: 60_000 })
    const priced = quote({ usdPrices: { sellPriceE18: 3000n * E18, buyPriceE18: E18 } })
    valueAtMidPrice({
      quote: priced,
      request,
      outcomes: [{ venue: 'lifi', elapsedMs: 1, status: 'quoted', quote: priced }],
      priceBook,
      now: 0,
    })
    const bare = { quote: quote(), request, outcomes: [], priceBook }
    expect(valueAtMidPrice({ ...bare, now: 60_000 }).priceImpactBps).toBe(100)
    expect(valueAtMidPrice({ ...bare, now: 60_001 })).toEqual({})
  })

  it('gives the USD value of the side with a known price alone, without an impact', () => {
    const served = quote({ usdPrices: { sellPriceE18: 3000n * E18 } })
    expect(
      valueAtMidPrice({ quote: served, request, outcomes: [], priceBook: createUsdPriceBook(), now: 0 }),
    ).toEqual({ sellValueUsd: '3000.00' })
  })
})
