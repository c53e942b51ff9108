import type { ChainsResponse, Quote, QuoteParams, TokensResponse } from '../schemas'
import { ACCESS_HEADER, ChainsResponseSchema, QuoteSchema, TokensResponseSchema } from '../schemas'
import { buildQuoteQuery } from './buildQuoteQuery'
import { type CreateSwapClientParameters, createApiCaller } from './createApiCaller'

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

/** The quoting half of the swap API: chains, tokens and quotes, without the `/access` flows. */
export type QuoteClient = {
  /** `GET /chains`: every chain the service lists. */
  chains(options?: SwapCallOptions): Promise<ChainsResponse>
  /** `GET /tokens?chainId=`: the curated tokens of a chain, by numeric EVM chain id or symbol. */
  tokens(chain: string | number, options?: SwapCallOptions): Promise<TokensResponse>
  /** `GET /quote`: one firm quote; every failure is a `SwapApiError` with the contract's code. */
  quote(params: QuoteParams, options?: QuoteCallOptions): Promise<Quote>
}

/**
 * Creates the quoting client: `createSwapClient` without the `/access` calls, for code that only
 * lists chains and tokens and asks for quotes (the widget), so it does not carry the access flows.
 * Responses are checked and failures thrown exactly as by `createSwapClient`.
 *
 * @example
 * const client = createQuoteClient({ baseUrl: 'http://127.0.0.1:8787' })
 * const quote = await client.quote(params, { signal })
 */
export function createQuoteClient(parameters: CreateSwapClientParameters): QuoteClient {
  const { call } = createApiCaller(parameters)
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
  }
}
