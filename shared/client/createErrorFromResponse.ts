import { ErrorBodySchema } from '../schemas'
import type { ReadResponseBodyReturnType } from './readResponseBody'
import { SwapApiError } from './SwapApiError'

/** A failed response, its body as read once, and a label for messages. */
export type CreateErrorFromResponseParameters = {
  response: Response
  body: ReadResponseBodyReturnType
  label: string
}

/**
 * Turns a failed response into a `SwapApiError`: the body's `code` and `error` message, the extras of
 * the body (`steps`, `stepsNote`, `missingConfig`, `requestId`), `Retry-After` in seconds and the
 * `X-Steps-Throttled` flag. A body that is not the contract's `{ error, code }` becomes `UPSTREAM_ERROR`.
 *
 * @example
 * if (!response.ok) throw createErrorFromResponse({ response, body, label: 'GET /quote' })
 */
export function createErrorFromResponse({
  response,
  body,
  label,
}: CreateErrorFromResponseParameters): SwapApiError {
  const parsed = body.isJson ? ErrorBodySchema.safeParse(body.json) : undefined
  if (!parsed?.success) {
    return new SwapApiError({
      status: response.status,
      code: 'UPSTREAM_ERROR',
      message: `The swap API answered ${label} with status ${response.status} and ${
        body.isJson ? 'a body that is not an error of the contract' : 'a body that is not JSON'
      }`,
      cause: parsed?.error,
    })
  }
  const { error, code, ...details } = parsed.data
  return new SwapApiError({
    status: response.status,
    code,
    message: error,
    details,
    steps: details.steps,
    stepsNote: details.stepsNote,
    stepsThrottled: response.headers.get('X-Steps-Throttled') === '1',
    retryAfterSeconds: parseRetryAfterSeconds(response.headers.get('Retry-After')),
    missingConfig: details.missingConfig,
    requestId: details.requestId,
    param: details.param,
  })
}

// Only the delta-seconds form: the service sends it, and the HTTP-date form would need a clock here.
function parseRetryAfterSeconds(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined
  return Number(value.trim())
}
