import { z } from 'zod'
import type { SwapError } from '../../../shared'
import type { VenueNoRoute } from '../venue'
import { clipText, upstreamError, venueBadRequest } from '../common/venueErrors'

const CowErrorBodySchema = z.looseObject({ errorType: z.string(), description: z.string().optional() })

/** CoW errors that mean "no usable quote for this pair at this size" (`venues/cow.md`). */
const noRouteTypes = new Set([
  'NoLiquidity',
  'UnsupportedToken',
  'InvalidNativeSellToken',
  'SellAmountDoesNotCoverFee',
  'InsufficientLiquidity',
  'TokenTemporarilySuspended',
  'TradingOutsideAllowedWindow',
  'CustomSolverError',
  'QuoteNotVerified',
  'Forbidden',
])

/** CoW errors about the request's own input. */
const badRequestTypes = new Set([
  'SameBuyAndSellToken',
  'UnsupportedOrderType',
  'UnsupportedSellTokenSource',
  'UnsupportedBuyTokenDestination',
])

/**
 * Classifies a non-200 answer of CoW's quote endpoint (`{ errorType, description }`): 404 `NoLiquidity`
 * (which also hides CoW's estimators being rate-limited) and the amount/token refusals are "no route";
 * input refusals are a `BAD_REQUEST`; app-data and validity refusals are our own integration's fault,
 * and 422/429/5xx or an unknown shape are `UPSTREAM_ERROR`.
 */
export function classifyCowError({
  status,
  body,
}: {
  status: number
  body: unknown
}): VenueNoRoute | SwapError {
  const parsed = CowErrorBodySchema.safeParse(body)
  const errorType = parsed.success ? parsed.data.errorType : undefined
  const description =
    parsed.success && parsed.data.description ? ` (${clipText(parsed.data.description)})` : ''
  if (errorType && noRouteTypes.has(errorType))
    return { noRoute: true, reason: `CoW: ${errorType}${description}` }
  if (status === 404) return { noRoute: true, reason: 'CoW: no route found' }
  if (errorType && badRequestTypes.has(errorType)) return venueBadRequest('CoW', `${errorType}${description}`)
  if (status === 429) return upstreamError('CoW', 'rate limited')
  return upstreamError('CoW', `answered ${status}${errorType ? ` ${errorType}` : ''}`)
}
