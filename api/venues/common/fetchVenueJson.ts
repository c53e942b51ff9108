import { SwapError } from '../../../shared'
import type { VenueFetch, VenueFetchResponse } from './venueFetch'

export type FetchVenueJsonParameters = {
  /** Display name of the venue, for error messages (never the URL: it may carry a key). */
  venueName: string
  fetch: VenueFetch
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** Sent as JSON when present. */
  body?: unknown
  signal: AbortSignal
}

/** A venue's HTTP answer: the status and the parsed JSON body (`undefined` when it was not JSON). */
export type VenueHttpResponse = { status: number; body: unknown }

/**
 * Calls a venue and reads its JSON answer, whatever the status: classifying a non-2xx answer is the
 * adapter's job, because venues signal "no route" with 200, 400 and 404 alike. A transport failure
 * (refused connection, reset, DNS) becomes `UPSTREAM_ERROR`; an abort is rethrown as is, so the race
 * sees its own deadline.
 *
 * @example
 * const { status, body } = await fetchVenueJson({ venueName: '0x', fetch, url, signal })
 */
export async function fetchVenueJson({
  venueName,
  fetch,
  url,
  method = 'GET',
  headers = {},
  body,
  signal,
}: FetchVenueJsonParameters): Promise<VenueHttpResponse> {
  let response: VenueFetchResponse
  let text: string
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    })
    text = await response.text()
  } catch (error) {
    if (signal.aborted) throw error
    throw new SwapError({
      code: 'UPSTREAM_ERROR',
      message: `${venueName} could not be reached`,
      cause: error,
    })
  }
  return { status: response.status, body: parseJson(text) }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
