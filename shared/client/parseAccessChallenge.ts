import { createErrorFromResponse } from './createErrorFromResponse'
import { decodePaymentRequired } from './decodePaymentRequired'
import { type PaymentRequired, PaymentRequiredSchema } from './paymentRequired'
import { readResponseBody } from './readResponseBody'
import { SwapApiError } from './SwapApiError'

/** The 402 payment challenge of `GET /access` (contract 4.4, flow 1, step 1). */
export type AccessChallenge = {
  status: 402
  /** The x402 requirements: decoded from `PAYMENT-REQUIRED` (v2), else read from the body (v1). */
  paymentRequired: PaymentRequired | undefined
  /** The raw `PAYMENT-REQUIRED` header, for an x402 client that decodes it itself. */
  paymentRequiredHeader: string | undefined
  /** The JSON body as sent, `undefined` when the body is not JSON. */
  body: unknown
}

/** The response to an unpaid `GET /access`, a label for messages and the caller's signal. */
export type ParseAccessChallengeParameters = {
  response: Response
  label: string
  signal?: AbortSignal | undefined
}

/**
 * Reads the answer to an unpaid `GET /access`: a 402 is the expected answer and is returned, not thrown.
 * Any other failure throws its `SwapApiError` (a 503 `NOT_CONFIGURED` carries `missingConfig`); a 402
 * whose `PAYMENT-REQUIRED` header cannot be decoded, or a success where a challenge was due, is `UPSTREAM_ERROR`.
 *
 * @example
 * const challenge = await parseAccessChallenge({ response, label: 'GET /access' })
 * challenge.paymentRequired?.accepts[0]
 */
export async function parseAccessChallenge({
  response,
  label,
  signal,
}: ParseAccessChallengeParameters): Promise<AccessChallenge> {
  const body = await readResponseBody({ response, label, signal })
  if (response.status !== 402) {
    if (!response.ok) throw createErrorFromResponse({ response, body, label })
    throw new SwapApiError({
      status: response.status,
      code: 'UPSTREAM_ERROR',
      message: `The swap API answered ${label} with status ${response.status} where a 402 payment challenge was due`,
    })
  }
  const header = response.headers.get('PAYMENT-REQUIRED') ?? undefined
  let paymentRequired: PaymentRequired | undefined
  if (header !== undefined) {
    paymentRequired = decodePaymentRequired(header)
    if (paymentRequired === undefined) {
      throw new SwapApiError({
        status: response.status,
        code: 'UPSTREAM_ERROR',
        message: `The swap API answered ${label} with a PAYMENT-REQUIRED header that is not base64 JSON of x402 requirements`,
      })
    }
  } else {
    const fromBody = PaymentRequiredSchema.safeParse(body.json)
    paymentRequired = fromBody.success ? fromBody.data : undefined
  }
  return { status: 402, paymentRequired, paymentRequiredHeader: header, body: body.json }
}
