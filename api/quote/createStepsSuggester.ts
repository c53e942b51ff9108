import type { ChainDefinition, Step } from '../../shared'
import { findChain, formatAmount, getErc20Caip, getNativeCaip, tokenLists } from '../../shared'
import type { Store } from '../stores/store'
import type { QuoteToken, Venue, VenueQuote, VenueRequest } from '../venues/venue'
import { getBestQuote } from './getBestQuote'
import type { SuggestSteps } from './suggestSteps'
import type { VenueFetch } from '../venues/common/venueFetch'

/** Hub chains a two-step route may pass through, in order of preference (contract 2.8). */
export const HUB_CHAINS = ['BASE', 'ETH', 'ARB'] as const

/** How long a suggestion is reused: the contract allows estimates up to 5 minutes old. */
export const STEP_ESTIMATE_TTL_MS = 5 * 60_000

/**
 * A leg's race is not started with less time than this left: no venue answers over the network
 * that fast, and a fresh suggestion that cannot finish must not spend the caller's allowance.
 */
export const MIN_LEG_MS = 10

export const STEPS_NOTE =
  'These steps are indicative estimates, up to 5 minutes old. Quote step 1 before sending it, then quote ' +
  'step 2 again with the amount that actually arrived on the hub chain.'

export type CreateStepsSuggesterParameters = {
  venues: readonly Venue[]
  store: Store
  fetch: VenueFetch
  /** Longest a leg's race may take; each leg also gets no more than the request's `remainingMs()`. */
  deadlineMs: number
}

type Leg = { request: VenueRequest; quote: VenueQuote }

/**
 * Suggests a two-step route through a hub chain (BASE, ETH, ARB) for a pair no venue prices
 * directly: step 1 sells into the hub's native coin or USDC, step 2 sells that into the asked
 * asset. Each leg is a real race of the same venues; the candidate with the best final net output
 * wins. Step 1's recipient is `hubAddress`, or `address` for an EVM sell; a non-EVM sell without
 * `hubAddress` gets no steps. Suggestions are cached in the store for 5 minutes, so only fresh ones
 * ask `allowUncached` (the per-caller throttle).
 *
 * Both legs share the time the `/quote` caller has left (`remainingMs`): leg 2 gets only what leg 1
 * left over. With less than `MIN_LEG_MS` left there is no fresh suggestion (steps are optional on a
 * `NO_ROUTE`), and a leg that cannot be priced in time drops its route.
 *
 * @example
 * const suggestSteps = createStepsSuggester({ venues, store, fetch, deadlineMs: 3_000 })
 */
export function createStepsSuggester({
  venues,
  store,
  fetch,
  deadlineMs,
}: CreateStepsSuggesterParameters): SuggestSteps {
  return async (request, { signal, allowUncached, remainingMs = () => deadlineMs }) => {
    const hubRecipient = request.hubAddress ?? (request.sellChain.type === 'evm' ? request.sender : undefined)
    if (hubRecipient === undefined) return undefined

    const cacheKey = [
      'steps',
      request.sellToken.caip,
      request.buyToken.caip,
      request.sellAmount.toString(),
      hubRecipient.toLowerCase(),
      request.recipient.toLowerCase(),
    ].join(':')
    const cached = await store.get(cacheKey).catch(() => undefined)
    if (cached !== undefined) return parseCached(cached)
    if (remainingMs() < MIN_LEG_MS) return undefined
    if (!(await allowUncached())) return undefined

    const candidates = HUB_CHAINS.flatMap((symbol) => {
      const hub = findChain(symbol)
      return hub ? getHubAssets(hub).map((asset) => ({ hub, asset })) : []
    }).filter(
      ({ asset }) =>
        asset.caip.toLowerCase() !== request.sellToken.caip.toLowerCase() &&
        asset.caip.toLowerCase() !== request.buyToken.caip.toLowerCase(),
    )

    const routes = await Promise.all(
      candidates.map(async ({ hub, asset }) => {
        const first = await priceLeg({
          ...request,
          buyChain: hub,
          buyToken: asset,
          recipient: hubRecipient,
        })
        if (!first || first.quote.buyAmount === 0n) return undefined
        const second = await priceLeg({
          ...request,
          sellChain: hub,
          sellToken: asset,
          sellAmount: first.quote.buyAmount,
          sender: hubRecipient,
        })
        return second ? { first, second } : undefined
      }),
    )
    const best = routes
      .filter((route) => route !== undefined)
      .reduce<{ first: Leg; second: Leg } | undefined>(
        (leader, route) =>
          !leader || route.second.quote.netBuyAmount > leader.second.quote.netBuyAmount ? route : leader,
        undefined,
      )
    if (!best) return undefined

    const suggestion = { steps: [toStep(best.first), toStep(best.second)], stepsNote: STEPS_NOTE }
    await store.set(cacheKey, JSON.stringify(suggestion), STEP_ESTIMATE_TTL_MS).catch(() => undefined)
    return suggestion

    async function priceLeg(legRequest: VenueRequest): Promise<Leg | undefined> {
      const leg: VenueRequest = { ...legRequest, partnerFeeBps: 0 }
      delete leg.partner
      delete leg.hubAddress
      const legDeadlineMs = Math.min(deadlineMs, remainingMs())
      if (legDeadlineMs < MIN_LEG_MS) return undefined
      try {
        const race = await getBestQuote({
          venues,
          request: leg,
          fetch,
          deadlineMs: legDeadlineMs,
          ...(signal && { signal }),
        })
        return { request: leg, quote: race.quote }
      } catch {
        return undefined
      }
    }
  }
}

/** The assets a hub route may pass through: the hub's native coin and its USDC. */
function getHubAssets(hub: ChainDefinition): QuoteToken[] {
  const native: QuoteToken = {
    caip: getNativeCaip(hub),
    symbol: hub.nativeSymbol,
    decimals: hub.nativeDecimals,
    kind: 'native',
  }
  const usdc = (tokenLists[hub.symbol] ?? []).find((token) => token.symbol === 'USDC')
  return usdc
    ? [
        native,
        {
          caip: getErc20Caip(hub, usdc.contract),
          symbol: usdc.symbol,
          decimals: usdc.decimals,
          kind: 'erc20',
          contract: usdc.contract,
        },
      ]
    : [native]
}

function toStep({ request, quote }: Leg): Step {
  return {
    sellChain: request.sellChain.symbol,
    sellToken: { caip: request.sellToken.caip, symbol: request.sellToken.symbol },
    buyChain: request.buyChain.symbol,
    buyToken: { caip: request.buyToken.caip, symbol: request.buyToken.symbol },
    sellAmount: formatAmount({ value: request.sellAmount, decimals: request.sellToken.decimals }),
    buyAmount: formatAmount({ value: quote.buyAmount, decimals: request.buyToken.decimals }),
    provider: quote.provider,
    recipient: request.recipient,
  }
}

function parseCached(value: string): { steps: Step[]; stepsNote: string } | undefined {
  try {
    return JSON.parse(value) as { steps: Step[]; stepsNote: string }
  } catch {
    return undefined
  }
}
