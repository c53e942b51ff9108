import type * as z from 'zod/mini'
import { parseResponse } from './parseResponse'
import { type FetchFn, sendRequest } from './sendRequest'

/**
 * The path prefix of every endpoint (contract section 1); the client appends it to `baseUrl`.
 *
 * @example
 * `${baseUrl}${API_PATH_PREFIX}/chains` // 'http://127.0.0.1:8787/api/sdk/v1/chains'
 */
export const API_PATH_PREFIX = '/api/sdk/v1'

/** Where the service is, and optionally the `fetch` to call it with and headers for every request. */
export type CreateSwapClientParameters = {
  /**
   * The service's base URL, without `/api/sdk/v1` (one that ends in it is taken as the same service);
   * `''` means same origin in a browser.
   */
  baseUrl: string
  /** Defaults to `globalThis.fetch`, looked up at call time. */
  fetch?: FetchFn | undefined
  /** Sent on every request (for example a `X-Forwarded-For` from a server-side caller). */
  headers?: HeadersInit | undefined
}

/** One call of the API: method, path below `/api/sdk/v1`, and what goes with it. */
export type ApiRequest = {
  method: 'GET' | 'POST'
  path: string
  query?: string
  headers?: HeadersInit
  body?: string
}

/** Sends requests to one service: `send` returns the response, `call` its body parsed with a schema. */
export type ApiCaller = {
  send(request: ApiRequest, signal: AbortSignal | undefined): Promise<{ response: Response; label: string }>
  call<schema extends z.ZodMiniType>(
    request: ApiRequest,
    schema: schema,
    signal: AbortSignal | undefined,
  ): Promise<z.output<schema>>
}

/**
 * The request plumbing the clients share: the URL below `baseUrl`, the headers of every request, the
 * `accept` header, and the label (`METHOD /path`) that failures are worded with.
 *
 * @example
 * const { call } = createApiCaller({ baseUrl })
 * const { chains } = await call({ method: 'GET', path: '/chains' }, ChainsResponseSchema, signal)
 */
export function createApiCaller({ baseUrl, fetch, headers }: CreateSwapClientParameters): ApiCaller {
  // A base that already ends in the prefix (a service URL copied with its path) is the same service.
  const root = `${baseUrl.replace(/(\/api\/sdk\/v1)?\/*$/, '')}${API_PATH_PREFIX}`
  const fetchFn: FetchFn = fetch ?? ((input, init) => globalThis.fetch(input, init))

  async function send(
    request: ApiRequest,
    signal: AbortSignal | undefined,
  ): Promise<{ response: Response; label: string }> {
    const label = `${request.method} ${request.path}`
    const merged = new Headers(headers)
    merged.set('accept', 'application/json')
    for (const [name, value] of new Headers(request.headers)) merged.set(name, value)
    const url = `${root}${request.path}${request.query ? `?${request.query}` : ''}`
    const init: RequestInit = { method: request.method, headers: merged, signal }
    if (request.body !== undefined) init.body = request.body
    const response = await sendRequest({ fetch: fetchFn, url, init, label })
    return { response, label }
  }

  return {
    send,
    call: (request, schema, signal) =>
      send(request, signal).then(({ response, label }) => parseResponse({ response, schema, label, signal })),
  }
}
