import type { Alternative } from '../../shared'
import { formatAmount } from '../../shared'
import { isVenueNoRoute } from '../venues/venue'
import { checkAnswer } from './raceVenues'
import { getRankingOutput } from './ranking'
import { describeOutcome, type VenueOutcome } from './venueOutcome'

/**
 * The race behind a quote as `alternatives` (`include=alternatives`): one entry per venue that took
 * part, the served quote first, then the others by net output, then those that did not price. An
 * outranked answer is checked here, only when asked for: one that is not a valid quote is shown as
 * `failed`. A venue that stopped on its own estimate (`VenueNoRoute.outpriced`) shows its expected
 * output as `buyAmount` and the estimate it ranked on as `netOutput`. Amounts are in the buy token's
 * units, as the quote's own.
 */
export function toAlternatives(outcomes: readonly VenueOutcome[], buyDecimals: number): Alternative[] {
  const format = (value: bigint) => formatAmount({ value, decimals: buyDecimals })
  const entries = outcomes.map((outcome): { entry: Alternative; rank: bigint } => {
    // Beaten on its own estimate before it built a route: its estimate, and why it stopped.
    if (outcome.status === 'outranked' && isVenueNoRoute(outcome.answer)) {
      const entry: Alternative = {
        provider: outcome.answer.outpriced?.provider ?? outcome.venue,
        status: 'outranked',
        reason: outcome.answer.reason,
        ...(outcome.answer.outpriced && { buyAmount: format(outcome.answer.outpriced.buyAmount) }),
        netOutput: format(outcome.output),
      }
      return { entry, rank: outcome.output }
    }
    const priced =
      outcome.status === 'quoted'
        ? outcome.quote
        : outcome.status === 'outranked'
          ? checkAnswer(outcome.answer)
          : undefined
    if (outcome.status === 'outranked' && !priced) {
      const entry: Alternative = {
        provider: outcome.venue,
        status: 'failed',
        reason: 'answered something that is not a valid quote',
      }
      return { entry, rank: -1n }
    }
    const entry: Alternative = {
      provider: priced?.provider ?? outcome.venue,
      status: outcome.status,
      reason: describeOutcome(outcome),
    }
    if (!priced) return { entry, rank: -1n }
    const output = getRankingOutput(priced)
    entry.buyAmount = format(priced.buyAmount)
    if (priced.minBuyAmount !== undefined) entry.minBuyAmount = format(priced.minBuyAmount)
    entry.netOutput = format(output)
    // The served quote first, whatever ties say.
    return { entry, rank: outcome.status === 'quoted' ? (output + 1n) << 255n : output }
  })
  return entries
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => (a.rank === b.rank ? a.index - b.index : a.rank > b.rank ? -1 : 1))
    .map((item) => item.entry)
}
