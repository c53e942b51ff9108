import type { AccessGrant, HolderPassChallenge } from '../schemas'
import { AccessGrantSchema, HolderPassChallengeSchema } from '../schemas'
import { type CreateSwapClientParameters, createApiCaller } from './createApiCaller'
import { createQuoteClient, type QuoteClient, type SwapCallOptions } from './createQuoteClient'
import { createStatusClient, type StatusClient } from './createStatusClient'
import { type AccessChallenge, parseAccessChallenge } from './parseAccessChallenge'

/** Step 2 of the holder-pass flow: `issued` verbatim from step 1, `signature` its `personal_sign`. */
export type HolderPassGrantParameters = {
  address: string
  issued: string
  signature: string
}

/** x402 payment headers for `/access`: `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1). */
export type PaymentHeaders = Partial<Record<'PAYMENT-SIGNATURE' | 'X-PAYMENT', string>>

/** The typed client `createSwapClient` returns: one method per call of the contract. */
export type SwapClient = QuoteClient &
  StatusClient & {
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
export function createSwapClient(parameters: CreateSwapClientParameters): SwapClient {
  const { call, send } = createApiCaller(parameters)

  return {
    ...createQuoteClient(parameters),
    ...createStatusClient(parameters),

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

function definedHeaders(headers: PaymentHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
}
