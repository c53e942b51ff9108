import { getNativeCaip } from '../../shared'
import type { VenueQuote, VenueRequest } from '../venues/venue'
import { computePriceImpact } from './computePriceImpact'
import type { UsdPriceBook } from './createUsdPriceBook'
import type { VenueOutcome } from './venueOutcome'

export type ValueAtMidPriceParameters = {
  /** The quote served. */
  quote: VenueQuote
  request: VenueRequest
  /** Every venue's outcome of the race: the prices any of them stated are learned. */
  outcomes: readonly VenueOutcome[]
  priceBook: UsdPriceBook
  now: number
}

/** The quote's additions about value, each absent when unknown. */
export type MarketValue = { priceImpactBps?: number; sellValueUsd?: string; buyValueUsd?: string }

/**
 * The served quote's price impact and USD values at mid prices. Prices come first from the served
 * venue's own answer, then from any other venue's answer in the same race, then from the price book
 * (prices venues stated in earlier answers, within its max age); every price stated in this race is
 * learned into the book. Nothing is fetched. Without both prices, both fields that need them are absent
 * (a USD value whose token has a price is still given).
 */
export function valueAtMidPrice({
  quote,
  request,
  outcomes,
  priceBook,
  now,
}: ValueAtMidPriceParameters): MarketValue {
  const { sellToken, buyToken } = request
  for (const outcome of outcomes) {
    const answer =
      outcome.status === 'quoted'
        ? outcome.quote
        : outcome.status === 'outranked'
          ? outcome.answer
          : undefined
    const prices = readUsdPrices(answer)
    if (prices?.sellPriceE18 !== undefined) priceBook.learn(sellToken.caip, prices.sellPriceE18, now)
    if (prices?.buyPriceE18 !== undefined) priceBook.learn(buyToken.caip, prices.buyPriceE18, now)
    if (prices?.nativePriceE18 !== undefined)
      priceBook.learn(getNativeCaip(request.sellChain), prices.nativePriceE18, now)
  }
  const sellPriceE18 = quote.usdPrices?.sellPriceE18 ?? priceBook.read(sellToken.caip, now)
  const buyPriceE18 = quote.usdPrices?.buyPriceE18 ?? priceBook.read(buyToken.caip, now)
  if (sellPriceE18 === undefined || buyPriceE18 === undefined) {
    // One side alone still has a value; the impact only from the venue's own mid price, when it says it.
    const partial = computePriceImpact({
      sellAmount: quote.sellAmount,
      sellDecimals: sellToken.decimals,
      sellPriceE18: sellPriceE18 ?? 0n,
      buyAmount: quote.buyAmount,
      buyDecimals: buyToken.decimals,
      buyPriceE18: buyPriceE18 ?? 0n,
    })
    return {
      ...(quote.midBuyAmount !== undefined && {
        // The mid output valued as the output is, at one price: `1 - kept / mid`, rounded alike (Uniswap's
        // interface reads a V2 route's impact from its pools' mid price too, v2-sdk `computePriceImpact`).
        priceImpactBps: computePriceImpact({
          sellAmount: quote.midBuyAmount,
          sellDecimals: buyToken.decimals,
          sellPriceE18: 1n,
          buyAmount: quote.buyAmount,
          buyDecimals: buyToken.decimals,
          buyPriceE18: 1n,
          costInBuyToken: quote.gasCostInBuyToken,
        }).priceImpactBps,
      }),
      ...(sellPriceE18 !== undefined && { sellValueUsd: partial.sellValueUsd }),
      ...(buyPriceE18 !== undefined && { buyValueUsd: partial.buyValueUsd }),
    }
  }
  return computePriceImpact({
    sellAmount: quote.sellAmount,
    sellDecimals: sellToken.decimals,
    sellPriceE18,
    buyAmount: quote.buyAmount,
    buyDecimals: buyToken.decimals,
    buyPriceE18,
    costInBuyToken: quote.gasCostInBuyToken,
  })
}

/** The `usdPrices` of an answer that may not have been checked (an outranked one). */
function readUsdPrices(answer: unknown): VenueQuote['usdPrices'] {
  if (typeof answer !== 'object' || answer === null) return undefined
  const prices = (answer as { usdPrices?: unknown }).usdPrices
  if (typeof prices !== 'object' || prices === null) return undefined
  const { sellPriceE18, buyPriceE18, nativePriceE18 } = prices as Record<string, unknown>
  return {
    ...(typeof nativePriceE18 === 'bigint' && nativePriceE18 > 0n && { nativePriceE18 }),
    ...(typeof sellPriceE18 === 'bigint' && sellPriceE18 > 0n && { sellPriceE18 }),
    ...(typeof buyPriceE18 === 'bigint' && buyPriceE18 > 0n && { buyPriceE18 }),
  }
}
