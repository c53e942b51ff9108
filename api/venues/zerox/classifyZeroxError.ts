import { z } from 'zod'
import type { SwapError } from '../../../shared'
import type { VenueNoRoute } from '../venue'
import { clipText, upstreamError, venueBadRequest } from '../common/venueErrors'

const ZeroxErrorBodySchema = z.looseObject({
  name: z.string(),
  message: z.string().optional(),
  data: z
    .looseObject({
      details: z
        .array(z.looseObject({ field: z.string().optional(), reason: z.string().optional() }))
        .optional(),
    })
    .optional(),
})

/** Names that mean "0x has no quote for this", not "the request is wrong" (`venues/zerox.md`). */
const noRouteNames = new Set([
  'SWAP_VALIDATION_FAILED',
  'TOKEN_NOT_SUPPORTED',
  'TAKER_NOT_AUTHORIZED_FOR_TRADE',
  'RECIPIENT_NOT_AUTHORIZED_FOR_TRADE',
  'XSTOCKS_NOT_AUTHORIZED',
  'BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE',
  'SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE',
])

/**
 * Classifies a non-200 0x answer (body `{ name, message, data }`): `SWAP_VALIDATION_FAILED`, unsupported
 * or compliance-blocked tokens and addresses are "no route" (another venue may still serve them);
 * `INPUT_INVALID` and `RECIPIENT_NOT_SUPPORTED` are a `BAD_REQUEST` at the venue; a bad key or plan,
 * rate limits, 5xx and unknown shapes are `UPSTREAM_ERROR`.
 */
export function classifyZeroxError({
  status,
  body,
}: {
  status: number
  body: unknown
}): VenueNoRoute | SwapError {
  const parsed = ZeroxErrorBodySchema.safeParse(body)
  const name = parsed.success ? parsed.data.name : undefined
  if (name && noRouteNames.has(name)) {
    return {
      noRoute: true,
      reason: `0x: ${name}${parsed.data?.message ? ` (${clipText(parsed.data.message)})` : ''}`,
    }
  }
  if (status === 451) return { noRoute: true, reason: '0x refuses this request (451)' }
  if (status === 400 && (name === 'INPUT_INVALID' || name === 'RECIPIENT_NOT_SUPPORTED')) {
    const details = parsed.data?.data?.details ?? []
    const text = details.length
      ? details.map((detail) => `${detail.field ?? '?'}: ${detail.reason ?? 'invalid'}`).join('; ')
      : (parsed.data?.message ?? name)
    return venueBadRequest('0x', clipText(text))
  }
  if (status === 401 || name === 'USER_NOT_AUTHORIZED') return upstreamError('0x', 'the API key was refused')
  if (status === 429) return upstreamError('0x', 'rate limited')
  return upstreamError('0x', `answered ${status}${name ? ` ${name}` : ''}`)
}
