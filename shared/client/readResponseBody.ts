import { SwapApiError } from './SwapApiError'

/** The response to read, a label for messages and the caller's signal. */
export type ReadResponseBodyParameters = {
  response: Response
  label: string
  signal?: AbortSignal | undefined
}

/** The body as JSON when it is JSON; `isJson` is false for an empty or non-JSON body. */
export type ReadResponseBodyReturnType = { isJson: true; json: unknown } | { isJson: false; json: undefined }

/**
 * Reads a response body to the end and parses it as JSON when it can. A caller's abort while reading
 * rethrows the abort error unchanged; a broken stream becomes `UPSTREAM_ERROR`.
 *
 * @example
 * const body = await readResponseBody({ response, label: 'GET /quote', signal })
 * if (body.isJson) console.log(body.json)
 */
export async function readResponseBody({
  response,
  label,
  signal,
}: ReadResponseBodyParameters): Promise<ReadResponseBodyReturnType> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    if (signal?.aborted) throw error
    throw new SwapApiError({
      status: response.status,
      code: 'UPSTREAM_ERROR',
      message: `The swap API's answer to ${label} broke off while it was read`,
      cause: error,
    })
  }
  try {
    return { isJson: true, json: JSON.parse(text) as unknown }
  } catch {
    return { isJson: false, json: undefined }
  }
}
