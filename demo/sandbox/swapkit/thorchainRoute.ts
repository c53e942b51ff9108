import { formatAmount } from '../../../shared/amount'
import { fromThorAmount, toThorAmount } from '../thorchain/assets/thorAssets'
import type { MemoAffiliate } from '../thorchain/memo/parseSwapMemo'
import type { SwapkitAsset } from './swapkitAssets'

/** A THORNode quote as SwapKit reads it (only the fields it uses). */
export type ThornodeQuote = {
  inbound_address: string
  router?: string
  memo?: string
  expected_amount_out: string
  expiry: number
  fees: {
    asset: string
    affiliate: string
    outbound: string
    liquidity: string
    total: string
    slippage_bps: number
    total_bps: number
  }
  inbound_confirmation_seconds?: number
  outbound_delay_seconds?: number
  streaming_swap_seconds?: number
  total_swap_seconds?: number
  max_streaming_quantity?: number
}

/** A provider's decline, as `providerErrors[]` lists it. */
export type ProviderError = { provider: string; errorCode: string; message: string }

export type ThorchainRouteRequest = {
  provider: 'THORCHAIN' | 'THORCHAIN_STREAMING'
  sell: SwapkitAsset
  buy: SwapkitAsset
  /** Base units of the sell asset. */
  sellAmount: bigint
  slippageBps: number
  affiliates: readonly MemoAffiliate[]
}

/** Maps a THORNode error message to SwapKit's provider error code (by message, as THORNode's status is unreliable). */
function classify(message: string): string {
  if (/dust threshold|min swap amount|pay for fees/.test(message)) return 'sellAssetAmountTooSmall'
  if (/halted/.test(message)) return 'tradingHalted'
  if (/doesn't exist|not available|pool does not exist/.test(message)) return 'thorchainPoolUnavailable'
  if (/destination/.test(message)) return 'invalidDestinationAddress'
  return 'quoteUnavailable'
}

/**
 * Asks THORNode for a quote of the route, with SwapKit's affiliates (the `/`-joined multi-affiliate
 * form) and a limit from the slippage (`liquidity_tolerance_bps`); streaming for
 * `THORCHAIN_STREAMING`. Any failure becomes a provider error rather than an exception.
 */
export async function fetchThornodeQuote({
  thornodeUrl,
  fetch,
  request,
  destination,
  timeoutMs,
}: {
  thornodeUrl: string
  fetch: typeof globalThis.fetch
  request: ThorchainRouteRequest
  destination?: string | undefined
  timeoutMs: number
}): Promise<{ ok: true; quote: ThornodeQuote } | { ok: false; error: ProviderError }> {
  const amount = toThorAmount(request.sellAmount, request.sell.decimals)
  const query = new URLSearchParams({
    from_asset: request.sell.thorAsset,
    to_asset: request.buy.thorAsset,
    amount: String(amount),
    liquidity_tolerance_bps: String(request.slippageBps),
  })
  if (request.provider === 'THORCHAIN_STREAMING') {
    query.set('streaming_interval', '1')
    query.set('streaming_quantity', '0')
  }
  const paid = request.affiliates.filter((affiliate) => affiliate.bps > 0)
  if (paid.length > 0) {
    query.set('affiliate', paid.map((affiliate) => affiliate.name).join('/'))
    query.set('affiliate_bps', paid.map((affiliate) => String(affiliate.bps)).join('/'))
  }
  if (destination) query.set('destination', destination)
  const fail = (errorCode: string, message: string) => ({
    ok: false as const,
    error: { provider: request.provider, errorCode, message },
  })
  let response: Response
  try {
    response = await fetch(`${thornodeUrl}/thorchain/quote/swap?${query}`, {
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    return error instanceof Error && error.name === 'TimeoutError'
      ? fail('requestTimeout', 'THORNode did not answer in time')
      : fail('apiRequestFailed', 'THORNode request failed')
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
  if (!body) return fail('apiRequestFailed', `THORNode answered ${response.status} without JSON`)
  if (!response.ok || typeof body.expected_amount_out !== 'string') {
    const message = String(body.message ?? body.error ?? `THORNode answered ${response.status}`)
    return fail(classify(message), message.slice(0, 200))
  }
  return { ok: true, quote: body as unknown as ThornodeQuote }
}

/**
 * SwapKit's `meta.assets` of a THORChain route: the USD price of the sold and the bought asset, as it
 * states them on every route (v3 quote response, `{ asset, price, image }`). Here each asset's
 * `asset_tor_price` (THORChain's own USD price, 1e8) from THORNode's `GET /thorchain/pool/{asset}`; an
 * asset THORNode prices no pool of (RUNE) is left out, as is everything when THORNode does not answer.
 */
export async function readThorchainPrices({
  thornodeUrl,
  fetch,
  request,
  timeoutMs,
}: {
  thornodeUrl: string
  fetch: typeof globalThis.fetch
  request: Pick<ThorchainRouteRequest, 'sell' | 'buy'>
  timeoutMs: number
}): Promise<{ asset: string; price: number; image: string }[]> {
  const priced = await Promise.all(
    [request.sell, request.buy].map(async (asset) => {
      try {
        const response = await fetch(`${thornodeUrl}/thorchain/pool/${encodeURIComponent(asset.thorAsset)}`, {
          signal: AbortSignal.timeout(timeoutMs),
        })
        const body = (await response.json()) as { asset_tor_price?: unknown }
        const torPrice = Number(body.asset_tor_price)
        return response.ok && torPrice > 0
          ? { asset: asset.identifier, price: torPrice / 1e8, image: '' }
          : undefined
      } catch {
        return undefined
      }
    }),
  )
  return priced.filter((entry) => entry !== undefined)
}

/** A 1e8 amount of `asset` as SwapKit's human decimal string (rounded down to the asset's decimals). */
export function formatThorAmount(amount: bigint | string, asset: SwapkitAsset): string {
  return formatAmount({ value: fromThorAmount(BigInt(amount), asset.decimals), decimals: asset.decimals })
}

/**
 * The route fields SwapKit answers for a THORChain quote: amounts in human units, the limit the
 * memo enforces as `expectedBuyAmountMaxSlippage`, fees itemised (SwapKit's own affiliate share as
 * `service`, the key's affiliate as `affiliate`), and THORNode's expiry as `expiration`.
 */
export function thorchainRouteFields({
  request,
  quote,
  routeId,
  serviceAffiliate,
}: {
  request: ThorchainRouteRequest
  quote: ThornodeQuote
  routeId: string
  serviceAffiliate: string
}) {
  const { sell, buy, provider } = request
  const expected = BigInt(quote.expected_amount_out)
  const limit = (expected * BigInt(10_000 - request.slippageBps)) / 10_000n
  const totalBps = request.affiliates.reduce((sum, affiliate) => sum + affiliate.bps, 0)
  const affiliateTotal = BigInt(quote.fees.affiliate)
  const share = (bps: number) => (totalBps === 0 ? 0n : (affiliateTotal * BigInt(bps)) / BigInt(totalBps))
  const serviceBps = request.affiliates
    .filter((a) => a.name === serviceAffiliate)
    .reduce((sum, a) => sum + a.bps, 0)
  const fee = (type: string, amount: bigint) => ({
    type,
    amount: formatThorAmount(amount, buy),
    asset: buy.identifier,
    chain: buy.chain,
    protocol: provider,
  })
  const fees = [
    fee('liquidity', BigInt(quote.fees.liquidity)),
    fee('outbound', BigInt(quote.fees.outbound)),
    ...(serviceBps > 0 ? [fee('service', share(serviceBps))] : []),
    ...(totalBps > serviceBps ? [fee('affiliate', affiliateTotal - share(serviceBps))] : []),
  ]
  const sellAmount = formatAmount({ value: request.sellAmount, decimals: sell.decimals })
  const expectedBuyAmount = formatThorAmount(expected, buy)
  return {
    routeId,
    providers: [provider],
    sellAsset: sell.identifier,
    sellAmount,
    buyAsset: buy.identifier,
    expectedBuyAmount,
    expectedBuyAmountMaxSlippage: formatThorAmount(limit, buy),
    fees,
    estimatedTime: {
      inbound: quote.inbound_confirmation_seconds ?? 0,
      swap: quote.streaming_swap_seconds ?? 0,
      outbound: quote.outbound_delay_seconds ?? 0,
      total: quote.total_swap_seconds ?? 0,
    },
    totalSlippageBps: quote.fees.slippage_bps,
    expiration: String(quote.expiry),
    legs: [
      { provider, sellAsset: sell.identifier, sellAmount, buyAsset: buy.identifier, expectedBuyAmount, fees },
    ],
    warnings: [],
    meta: {
      tags: [] as string[],
      assets: [],
      ...(provider === 'THORCHAIN_STREAMING'
        ? { streamingInterval: 1, maxStreamingQuantity: quote.max_streaming_quantity ?? 1 }
        : {}),
      affiliate: request.affiliates.map((affiliate) => affiliate.name).join('/'),
      affiliateFee: String(totalBps),
    },
    nextActions: [{ method: 'POST', url: '/v3/swap', payload: { routeId } }],
  }
}
