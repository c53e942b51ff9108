import { estimateGasInBuyToken } from '../venues/common/estimateGasInBuyToken'
import type { VenueQuote, VenueRequest } from '../venues/venue'
import { isVenueNoRoute } from '../venues/venue'
import { checkVenueQuote } from './checkVenueQuote'
import { getRankingOutput, ranksAbove, type Standing } from './ranking'
import type { VenueOutcome } from './venueOutcome'

/**
 * A race the service had no gas rate for (its price book held no recent price of the gas coin and of
 * the buy or sell token: a process just started, or a pair nobody quoted in the last minutes) ranked
 * a venue that states its gas only in wei (0x; LI.FI without its prices) on its output alone, so on a
 * token-to-token swap it beat a venue whose price already pays the network (CoW) by the gas it left
 * out. Once every venue has answered, this converts that gas at the USD prices another venue stated
 * in the same race (LI.FI's token and gas-token `priceUSD`), as the price book would have a moment
 * later, and ranks every priced answer again. An answer beaten before is checked now, since it may be
 * served. The venue list's order breaks ties, as in the race.
 *
 * Returns the outcomes ranked again, or `undefined` when no answer left gas unpriced, or no answer of
 * this race states the prices to convert it at (then the race's own ranking stands).
 *
 * @example
 * const ranked = rankAtRaceRate(outcomes, request) // 0x's 199.40 USDT less 2.25 of gas loses to CoW's 197.73
 */
export function rankAtRaceRate(
  outcomes: readonly VenueOutcome[],
  request: VenueRequest,
): VenueOutcome[] | undefined {
  const answers = outcomes.map((outcome) =>
    outcome.status === 'quoted'
      ? outcome.quote
      : outcome.status === 'outranked' && !isVenueNoRoute(outcome.answer)
        ? outcome.answer
        : undefined,
  )
  // The common case costs one field read per answer: nothing to convert.
  if (!answers.some((answer) => typeof readField(answer, 'unpricedGasWei') === 'bigint')) return undefined
  const quotes = answers.map((answer) => (answer === undefined ? undefined : checkVenueQuote(answer)))
  const rate = quotes.map((quote) => toRate(quote?.usdPrices)).find((found) => found !== undefined)
  if (!rate) return undefined

  const priced = quotes.map((quote) => {
    if (!quote?.unpricedGasWei) return quote
    const gas = estimateGasInBuyToken({
      request,
      gasWei: quote.unpricedGasWei,
      buyAmount: quote.buyAmount,
      rate,
    })
    if (gas === undefined) return quote
    const { unpricedGasWei: _converted, ...rest } = quote
    return { ...rest, gasCostInBuyToken: (quote.gasCostInBuyToken ?? 0n) + gas }
  })
  let best: (Standing & { quote: VenueQuote }) | undefined
  priced.forEach((quote, index) => {
    if (!quote) return
    const standing = { output: getRankingOutput(quote), index }
    if (!best || ranksAbove(standing, best)) best = { ...standing, quote }
  })
  if (!best) return undefined
  const served = best.quote
  return outcomes.map((outcome, index): VenueOutcome => {
    const quote = priced[index]
    // Not a valid quote: `toAlternatives` shows it as failed, as after the race.
    if (!quote) return outcome
    const { venue, elapsedMs } = outcome
    return quote === served
      ? { venue, elapsedMs, status: 'quoted', quote }
      : { venue, elapsedMs, status: 'outranked', answer: quote, output: getRankingOutput(quote) }
  })
}

function readField(answer: unknown, field: string): unknown {
  return typeof answer === 'object' && answer !== null
    ? (answer as Record<string, unknown>)[field]
    : undefined
}

/** The USD prices a quote states, as a gas rate: the gas coin's and the buy or sell token's. */
function toRate(prices: VenueQuote['usdPrices']): VenueRequest['gasRate'] {
  if (!prices?.nativePriceE18) return undefined
  const { nativePriceE18, buyPriceE18, sellPriceE18 } = prices
  if (buyPriceE18) return { nativePriceE18, buyPriceE18 }
  return sellPriceE18 ? { nativePriceE18, sellPriceE18 } : undefined
}
