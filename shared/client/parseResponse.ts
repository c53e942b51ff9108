import type * as z from 'zod/mini'
import { readResponseBody } from './readResponseBody'
import { SwapApiError } from './SwapApiError'

/** A response, the schema its success body must match, a label for messages and the caller's signal. */
export type ParseResponseParameters<schema extends z.ZodMiniType> = {
  response: Response
  schema: schema
  label: string
  signal?: AbortSignal | undefined
}

/**
 * Reads a response and returns its body parsed with `schema`. A failed status throws the body's error
 * as `SwapApiError`; a success whose body is not JSON or breaks the schema throws `UPSTREAM_ERROR`
 * (the zod error is the `cause`), since a 200 never signals failure and must be whole to be used.
 * The code that words failures loads only when one happens: a page's first quote does not carry it.
 *
 * @example
 * const { chains } = await parseResponse({ response, schema: ChainsResponseSchema, label: 'GET /chains' })
 */
export async function parseResponse<schema extends z.ZodMiniType>({
  response,
  schema,
  label,
  signal,
}: ParseResponseParameters<schema>): Promise<z.output<schema>> {
  const body = await readResponseBody({ response, label, signal })
  if (!response.ok) {
    const { createErrorFromResponse } = await import('./explainFailure')
    throw createErrorFromResponse({ response, body, label })
  }
  if (!body.isJson) {
    throw new SwapApiError({
      status: response.status,
      code: 'UPSTREAM_ERROR',
      message: `The swap API answered ${label} with status ${response.status} and a body that is not JSON`,
    })
  }
  const parsed = schema.safeParse(body.json)
  if (!parsed.success) {
    // Parsed again with the words for each issue; a body that fits never needs them.
    const { describeIssue } = await import('./explainFailure')
    const error = schema.safeParse(body.json, { error: describeIssue }).error ?? parsed.error
    const issues = error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ')
    throw new SwapApiError({
      status: response.status,
      code: 'UPSTREAM_ERROR',
      message: `The swap API answered ${label} with a body that does not match the contract (${issues})`,
      cause: error,
    })
  }
  return parsed.data
}
