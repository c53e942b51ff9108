import { SwapApiError } from './SwapApiError'

/** The `fetch` the client calls: `globalThis.fetch` or any function of the same call shape. */
export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>

/** One request: the URL, the `RequestInit` (with the caller's signal) and a label for messages. */
export type SendRequestParameters = {
  fetch: FetchFn
  url: string
  init: RequestInit
  /** `METHOD /path` for messages; never the query or headers, which may carry addresses or grants. */
  label: string
}

/**
 * Calls `fetch` once. A caller's abort rethrows the abort error unchanged; any other failure to get
 * a response (refused connection, DNS, CORS) becomes `UPSTREAM_ERROR` with status `0`, keeping the cause.
 *
 * @example
 * const response = await sendRequest({ fetch, url, init: { signal }, label: 'GET /chains' })
 */
export async function sendRequest({ fetch, url, init, label }: SendRequestParameters): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    if (init.signal?.aborted) throw error
    throw new SwapApiError({
      status: 0,
      code: 'UPSTREAM_ERROR',
      message: `Could not reach the swap API (${label})`,
      cause: error,
    })
  }
}
