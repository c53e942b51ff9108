import { z } from 'zod'
import type { SwapError } from '../../../shared'
import type { VenueNoRoute } from '../venue'
import { clipText, upstreamError, venueBadRequest } from '../common/venueErrors'

const LifiErrorBodySchema = z.looseObject({
  message: z.string().optional(),
  code: z.number().optional(),
  errors: z
    .looseObject({
      failed: z
        .array(
          z.looseObject({
            subpaths: z
              .record(
                z.string(),
                z.array(z.looseObject({ code: z.string().optional(), tool: z.string().optional() })),
              )
              .optional(),
          }),
        )
        .optional(),
    })
    .optional(),
})

/**
 * Classifies a non-200 LI.FI answer (`{ message, code, errors? }`): 404 with code 1002 (NoQuote) or 1003,
 * and 409 (1007, slippage too low for every route) are "no route", with the tools' reasons; 400 (1011)
 * is a `BAD_REQUEST` at the venue, except LI.FI refusing our fee setup, which is our configuration and
 * so `UPSTREAM_ERROR`; 424, 429, 5xx and unknown shapes are `UPSTREAM_ERROR`.
 */
export function classifyLifiError({
  status,
  body,
}: {
  status: number
  body: unknown
}): VenueNoRoute | SwapError {
  const parsed = LifiErrorBodySchema.safeParse(body)
  const error = parsed.success ? parsed.data : {}
  const message = error.message ?? ''
  if (
    (status === 404 && (error.code === 1002 || error.code === 1003 || error.code === undefined)) ||
    status === 409
  ) {
    const toolCodes = (error.errors?.failed ?? []).flatMap((failed) =>
      Object.values(failed.subpaths ?? {}).flatMap((steps) => steps.map((step) => step.code).filter(Boolean)),
    )
    const detail = [...new Set(toolCodes)].join(', ')
    return {
      noRoute: true,
      reason: `LI.FI: ${clipText(message || 'no available quotes')}${detail ? ` (${detail})` : ''}`,
    }
  }
  if (status === 400) {
    if (/not configured for collecting fees|integrator/i.test(message)) {
      return upstreamError('LI.FI', 'refused the integrator fee setup')
    }
    return venueBadRequest('LI.FI', clipText(message || 'invalid parameters'))
  }
  if (status === 401 || status === 403) return upstreamError('LI.FI', 'the API key was refused')
  if (status === 429) return upstreamError('LI.FI', 'rate limited')
  return upstreamError('LI.FI', `answered ${status}${error.code ? ` (code ${error.code})` : ''}`)
}
