import { formatAmount, isSwapError } from '../../../shared'
import type { Venue, VenueRequest } from '../venue'
import { fetchVenueJson } from '../common/fetchVenueJson'
import { upstreamError } from '../common/venueErrors'
import { planSwapkitFees } from '../../fees/planSwapkitFees'
import { buildSwapkitVenueQuote, isThorchainRoute } from './buildSwapkitVenueQuote'
import { classifySwapkitError } from './classifySwapkitError'
import { parseVenueDecimal } from './parseVenueDecimal'
import { readRoutePrices } from './readRoutePrices'
import { readSourceGas } from './readSourceGas'
import { SwapkitQuoteResponseSchema, SwapkitSwapResponseSchema } from './swapkitSchemas'
import { SWAPKIT_CHAINS, type SwapkitVenueOptions } from './swapkitVenueOptions'
import { toSwapkitAsset } from './toSwapkitAsset'

/**
 * The routing-provider venue (SwapKit API v3): `POST /v3/quote` prices every provider's routes, the
 * best expected output is built for the sender with `POST /v3/swap`, unless the race already holds a
 * better answer than that route's expected output (then it is reported outranked, unbuilt). Serves
 * every quotable chain pair SwapKit knows (not RHD), racing the others on same-chain EVM. Routes
 * carrying a THORChain memo are reported as provider `thorchain` with the service's own memo
 * affiliates rewritten into its split; partner fees ride in `affiliateFee` only when the operator
 * switches them on (api/fees `planSwapkitFees`).
 *
 * @example
 * const venue = createSwapkitVenue({ baseUrl: 'https://api.swapkit.dev', apiKey, serviceAffiliate: 'sq' })
 */
export function createSwapkitVenue(options: SwapkitVenueOptions): Venue {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const headers = { 'x-api-key': options.apiKey }
  return {
    id: 'swapkit',
    name: 'SwapKit routing provider',
    serves: (request: VenueRequest) =>
      SWAPKIT_CHAINS.has(request.sellChain.symbol) && SWAPKIT_CHAINS.has(request.buyChain.symbol),
    async quote(request, { fetch, signal, leadingOutput }) {
      const call = async (path: string, body: unknown) => {
        const response = await fetchVenueJson({
          venueName: 'Routing provider',
          fetch,
          url: `${baseUrl}${path}`,
          method: 'POST',
          headers,
          body,
          signal,
        })
        if (response.status >= 200 && response.status < 300) return { ok: true as const, body: response.body }
        const classified = classifySwapkitError(response)
        if (isSwapError(classified)) throw classified
        return { ok: false as const, noRoute: classified }
      }

      const feePlan = planSwapkitFees({
        request,
        serviceFeeBps: options.affiliateFeeBps,
        partnerFees: options.partnerFees ?? false,
        partner: request.partner === undefined ? undefined : options.partners?.get(request.partner),
      })
      const priced = await call('/v3/quote', {
        sellAsset: toSwapkitAsset(request.sellChain, request.sellToken),
        buyAsset: toSwapkitAsset(request.buyChain, request.buyToken),
        sellAmount: formatAmount({ value: request.sellAmount, decimals: request.sellToken.decimals }),
        sourceAddress: request.sender,
        destinationAddress: request.recipient,
        ...(request.slippagePercent === undefined ? {} : { slippage: request.slippagePercent }),
        ...(feePlan.affiliateFeeBps === undefined ? {} : { affiliateFee: feePlan.affiliateFeeBps }),
      })
      if (!priced.ok) return priced.noRoute
      const quote = SwapkitQuoteResponseSchema.safeParse(priced.body)
      if (!quote.success)
        throw upstreamError('Routing provider', 'answered a quote of an unexpected shape', quote.error)
      const best = quote.data.routes
        .map((route) => ({
          route,
          output: parseVenueDecimal(route.expectedBuyAmount ?? route.buyAmount, request.buyToken.decimals),
        }))
        .filter(
          (candidate) => candidate.route.routeId && candidate.output !== undefined && candidate.output > 0n,
        )
        .sort((a, b) => (a.output === b.output ? 0 : (a.output as bigint) > (b.output as bigint) ? -1 : 1))[0]
      if (!best) {
        const reasons = quote.data.providerErrors.map(
          (error) => `${error.provider ?? '?'}: ${error.errorCode ?? error.message ?? 'declined'}`,
        )
        return {
          noRoute: true,
          reason: `routing provider: no routes${reasons.length ? ` (${reasons.join('; ').slice(0, 300)})` : ''}`,
        }
      }

      // What the route would rank on once built: its expected output (the fees are already in it) less
      // the source-chain gas its `fees[]` list, as for the built route. A race that already holds an
      // answer leaving the recipient more has no use for it: skip `/v3/swap` (a round trip, and a
      // request against the key's rate limit) and say so. `/v3/swap` re-prices the route (SwapKit's v3
      // docs: prices hold about 60 s), by little.
      const leading = leadingOutput?.()
      const expected = best.output as bigint
      const estimate =
        expected - (readSourceGas({ fees: best.route.fees, request, buyAmount: expected }) ?? 0n)
      if (leading !== undefined && estimate < leading) {
        const usdPrices = readRoutePrices({ route: best.route, request })
        return {
          noRoute: true,
          // Named as its built route would be, so the race behind a quote names a venue one way.
          outpriced: {
            output: estimate > 0n ? estimate : 0n,
            buyAmount: expected,
            provider: isThorchainRoute(best.route.providers) ? 'thorchain' : 'swapkit',
          },
          // Its prices still count: the served quote's price impact may rest on them.
          ...(usdPrices && { usdPrices }),
          reason: 'priced, but another venue already left the recipient more, so its route was not built',
        }
      }

      const built = await call('/v3/swap', {
        routeId: best.route.routeId,
        sourceAddress: request.sender,
        destinationAddress: request.recipient,
        // A quote is not a trade: like the other venues, do not refuse a sender who has yet to fund the wallet.
        disableBalanceCheck: true,
      })
      if (!built.ok) return built.noRoute
      const swap = SwapkitSwapResponseSchema.safeParse(built.body)
      if (!swap.success)
        throw upstreamError('Routing provider', 'built a route of an unexpected shape', swap.error)
      return buildSwapkitVenueQuote({
        swap: {
          ...best.route,
          ...swap.data,
          providers: swap.data.providers.length ? swap.data.providers : best.route.providers,
        },
        request,
        options,
        feePlan,
      })
    },
  }
}
