import type { SwapStatus } from '../schemas'
import { SwapStatusSchema } from '../schemas'
import { type CreateSwapClientParameters, createApiCaller } from './createApiCaller'
import type { SwapCallOptions } from './createQuoteClient'

/** The swap being followed: its quote's id, and the transaction sent (or the CoW order uid). */
export type SwapStatusParameters = {
  quoteId: string
  /** Omitted for a deposit route the page has no wallet for: the service finds the deposit. */
  hash?: string | undefined
}

/** Following a submitted swap, apart from quoting so that a page loads it only once a swap is sent. */
export type StatusClient = {
  /**
   * `GET /status?quoteId=&hash=` (an addition to the contract): where a submitted swap stands, checked
   * against `SwapStatusSchema`; failures are `SwapApiError`s as for every other call.
   */
  status(params: SwapStatusParameters, options?: SwapCallOptions): Promise<SwapStatus>
}

/**
 * Creates the client of `GET /status`. `createSwapClient` includes it; the widget loads it on its
 * own with the execution code, so the first quote does not wait for it.
 *
 * @example
 * const { status } = createStatusClient({ baseUrl: 'http://127.0.0.1:8787' })
 * const { state } = await status({ quoteId: quote.quoteId, hash: txHash })
 */
export function createStatusClient(parameters: CreateSwapClientParameters): StatusClient {
  const { call } = createApiCaller(parameters)
  return {
    status: ({ quoteId, hash }, { signal } = {}) =>
      call(
        {
          method: 'GET',
          path: '/status',
          query: new URLSearchParams(hash === undefined ? { quoteId } : { quoteId, hash }).toString(),
        },
        SwapStatusSchema,
        signal,
      ),
  }
}
