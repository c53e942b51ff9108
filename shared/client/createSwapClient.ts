import type { z } from 'zod'
import type {
  AccessGrant,
  ChainsResponse,
  HolderPassChallenge,
  Quote,
  QuoteParams,
  TokensResponse,
} from '../schemas'
import {
  ACCESS_HEADER,
  AccessGrantSchema,
  ChainsResponseSchema,
  HolderPassChallengeSchema,
  QuoteSchema,
  TokensResponseSchema,
} from '../schemas'
import { buildQuoteQuery } from './buildQuoteQuery'
import { type AccessChallenge, parseAccessChallenge } from './parseAccessChallenge'
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
  /** The service's base URL, without `/api/sdk/v1`; `''` means same origin in a browser. */
  baseUrl: string
  /** Defaults to `globalThis.fetch`, looked up at call time. */
  fetch?: FetchFn | undefined
  /** Sent on every request (for example a `X-Forwarded-For` from a server-side caller). */
  headers?: HeadersInit | undefined
}

/** Options every call takes. */
export type SwapCallOptions = {
  /** Aborting rejects the call with the signal's abort error, unchanged. */
  signal?: AbortSignal | undefined
}

/** Options of `quote`: a signal and the access grant. */
export type QuoteCallOptions = SwapCallOptions & {
  /** A grant token from `/access`, sent as `X-Service-Access`. Keep it server-side. */
  access?: string | undefined
}

/** Step 2 of the holder-pass flow: `issued` verbatim from step 1, `signature` its `personal_sign`. */
export type HolderPassGrantParameters = {
  address: string
  issued: string
  signature: string
}

/** x402 payment headers for `/access`: `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1). */
export type PaymentHeaders = Partial<Record<'PAYMENT-SIGNATURE' | 'X-PAYMENT', string>>

/** The typed client `createSwapClient` returns: one method per call of the contract. */
export type SwapClient = {
  /** `GET /chains`: every chain the service lists. */
  chains(options?: SwapCallOptions): Promise<ChainsResponse>
  /** `GET /tokens?chainId=`: the curated tokens of a chain, by numeric EVM chain id or symbol. */
  tokens(chain: string | number, options?: SwapCallOptions): Promise<TokensResponse>
  /** `GET /quote`: one firm quote; every failure is a `SwapApiError` with the contract's code. */
  quote(params: QuoteParams, options?: QuoteCallOptions): Promise<Quote>
  /** `GET /access` without payment: the 402 x402 challenge, returned rather than thrown. */
  accessChallenge(options?: SwapCallOptions): Promise<AccessChallenge>
  /** `GET /access` with x402 payment headers: the grant once the payment settles. */
  accessWithPayment(headers: PaymentHeaders, options?: SwapCallOptions): Promise<AccessGrant>
  /** `GET /access?address=`: holder-pass step 1, the message to sign. */
  holderPassChallenge(address: string, options?: SwapCallOptions): Promise<HolderPassChallenge>
  /** `POST /access` with a JSON body (so the signature stays out of query logs): holder-pass step 2. */
  holderPassGrant(params: HolderPassGrantParameters, options?: SwapCallOptions): Promise<AccessGrant>
}

/**
 * Creates the typed client of the swap API. Every response is checked against the shared schemas,
 * and every failure is one `SwapApiError` whose `code` is the contract's; an abort rethrows the
 * signal's error unchanged.
 *
 * @example
 * const client = createSwapClient({ baseUrl: 'http://127.0.0.1:8787' })
 * const { chains } = await client.chains()
 * const quote = await client.quote(
 *   { sellChain: 'BASE', sellToken: 'ETH', buyChain: 'BASE', buyToken: 'USDC', amount: '0.1', address },
 *   { signal },
 * )
 */
export function createSwapClient({ baseUrl, fetch, headers }: CreateSwapClientParameters): SwapClient {
  const root = `${baseUrl.replace(/\/+$/, '')}${API_PATH_PREFIX}`
  const fetchFn: FetchFn = fetch ?? ((input, init) => globalThis.fetch(input, init))

  function call<schema extends z.ZodType>(
    request: ApiRequest,
    schema: schema,
    signal: AbortSignal | undefined,
  ): Promise<z.output<schema>> {
    return send(request, signal).then(({ response, label }) =>
      parseResponse({ response, schema, label, signal }),
    )
  }

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
    chains: ({ signal } = {}) => call({ method: 'GET', path: '/chains' }, ChainsResponseSchema, signal),

    tokens: (chain, { signal } = {}) =>
      call(
        { method: 'GET', path: '/tokens', query: new URLSearchParams({ chainId: String(chain) }).toString() },
        TokensResponseSchema,
        signal,
      ),

    quote: (params, { access, signal } = {}) =>
      call(
        {
          method: 'GET',
          path: '/quote',
          query: buildQuoteQuery(params),
          headers: access === undefined ? {} : { [ACCESS_HEADER]: access },
        },
        QuoteSchema,
        signal,
      ),

    accessChallenge: async ({ signal } = {}) => {
      const { response, label } = await send({ method: 'GET', path: '/access' }, signal)
      return parseAccessChallenge({ response, label, signal })
    },

    accessWithPayment: (paymentHeaders, { signal } = {}) =>
      call(
        { method: 'GET', path: '/access', headers: definedHeaders(paymentHeaders) },
        AccessGrantSchema,
        signal,
      ),

    holderPassChallenge: (address, { signal } = {}) =>
      call(
        { method: 'GET', path: '/access', query: new URLSearchParams({ address }).toString() },
        HolderPassChallengeSchema,
        signal,
      ),

    holderPassGrant: ({ address, issued, signature }, { signal } = {}) =>
      call(
        {
          method: 'POST',
          path: '/access',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ address, issued, signature }),
        },
        AccessGrantSchema,
        signal,
      ),
  }
}

type ApiRequest = {
  method: 'GET' | 'POST'
  path: string
  query?: string
  headers?: HeadersInit
  body?: string
}

function definedHeaders(headers: PaymentHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}
