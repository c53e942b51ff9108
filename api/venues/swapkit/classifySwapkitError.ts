import { z } from 'zod'
import type { SwapError } from '../../../shared'
import type { VenueNoRoute } from '../venue'
import { clipText, upstreamError, venueBadRequest } from '../common/venueErrors'

const SwapkitErrorBodySchema = z.looseObject({ error: z.string(), message: z.string().optional() })

/** Codes that mean "no route for this pair at this size right now" (`venues/routing-provider.md`). */
export const swapkitNoRouteCodes: ReadonlySet<string> = new Set([
  'noRoutesFound',
  'sellAssetAmountTooSmall',
  'sellAssetAmountTooLarge',
  'insufficientLiquidity',
  'tradingHalted',
  'swapHalted',
  'thorchainPoolUnavailable',
  'priceTooVolatile',
  'quoteUnavailable',
  'invalidAsset',
])

/** Codes about the request's own input or addresses. */
const badRequestCodes = new Set([
  'invalidParam',
  'invalidSourceAddress',
  'invalidDestinationAddress',
  'invalidAddressForChain',
  'riskyAddress',
  'isSanctionedAddress',
])

/**
 * Classifies a non-2xx SwapKit answer (`{ error, message }`) by its code, never by status (no-route has
 * been seen as both 400 and 404): no-route codes decline, input and address refusals are a
 * `BAD_REQUEST`, and key, quota, build and outage codes, 5xx and unknown shapes are `UPSTREAM_ERROR`.
 */
export function classifySwapkitError({
  status,
  body,
}: {
  status: number
  body: unknown
}): VenueNoRoute | SwapError {
  const parsed = SwapkitErrorBodySchema.safeParse(body)
  const code = parsed.success ? parsed.data.error : undefined
  const message = parsed.success && parsed.data.message ? ` (${clipText(parsed.data.message)})` : ''
  if (code && swapkitNoRouteCodes.has(code))
    return { noRoute: true, reason: `routing provider: ${code}${message}` }
  if (code && badRequestCodes.has(code)) return venueBadRequest('Routing provider', `${code}${message}`)
  if (status === 429 || code === 'rateLimitExceeded' || code === 'apiRateLimit') {
    return upstreamError('Routing provider', 'rate limited')
  }
  return upstreamError('Routing provider', `answered ${status}${code ? ` ${code}` : ''}`)
}
