import type { VenueQuote, VenueRequest } from '../venue'
import { parseUsdPrice } from '../common/parseUsdPrice'
import type { SwapkitRoute } from './swapkitSchemas'
import { toSwapkitAsset } from './toSwapkitAsset'

/**
 * The USD prices of the sold and bought asset that a route's `meta.assets` states, if any (SwapKit v3
 * `meta.assets[]`: `{ asset, price, image }`; a `/v3/quote` route and the built `/v3/swap` one alike).
 *
 * @example
 * readRoutePrices({ route, request }) // { sellPriceE18: 95812310000000000000000n, buyPriceE18: … }
 */
export function readRoutePrices({
  route,
  request,
}: {
  route: Pick<SwapkitRoute, 'meta'>
  request: VenueRequest
}): VenueQuote['usdPrices'] {
  const assets = route.meta?.assets
  if (!assets?.length) return undefined
  const priceOf = (identifier: string) =>
    parseUsdPrice(
      assets.find((entry) => (entry.asset ?? '').toLowerCase() === identifier.toLowerCase())?.price,
    )
  const sellPriceE18 = priceOf(toSwapkitAsset(request.sellChain, request.sellToken))
  const buyPriceE18 = priceOf(toSwapkitAsset(request.buyChain, request.buyToken))
  if (sellPriceE18 === undefined && buyPriceE18 === undefined) return undefined
  return {
    ...(sellPriceE18 !== undefined && { sellPriceE18 }),
    ...(buyPriceE18 !== undefined && { buyPriceE18 }),
  }
}
