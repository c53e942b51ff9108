import type { ErrorCode } from '../../shared/errors'
import type { Step } from '../../shared/schemas'

/** A quote failure ready to show: the code, plain words, and the extras some codes carry. */
export type QuoteProblem = {
  code: ErrorCode | 'NETWORK'
  message: string
  steps?: Step[] | undefined
  stepsNote?: string | undefined
  retryAfterSeconds?: number | undefined
}

type ApiErrorLike = {
  code?: unknown
  steps?: Step[]
  stepsNote?: string
  retryAfterSeconds?: number
  status?: number
}

const words: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Something in this request is not valid. Check the amount, tokens and addresses.',
  UNSUPPORTED_PAIR: 'These two assets cannot be swapped with each other here.',
  UNKNOWN_CHAIN: 'That chain is not supported.',
  UNKNOWN_TOKEN: 'That token could not be found on the chosen chain. Check the symbol or contract address.',
  NO_ROUTE: 'No venue can swap this pair at this size right now. A smaller amount or another pair may work.',
  RATE_LIMITED: 'Too many quote requests from this connection.',
  UPSTREAM_ERROR: 'The quote service could not get a price right now. Please try again shortly.',
  NOT_FOUND: 'The quote service did not recognise this request.',
  INTERNAL: 'The quote service had a problem. Please try again shortly.',
  BAD_SIGNATURE: 'The signature was not accepted.',
  PAYMENT_REQUIRED: 'A payment is required for this.',
  PAYMENT_INVALID: 'The payment was not accepted.',
  NO_PASS: 'No holder pass was found for this wallet.',
  NOT_CONFIGURED: 'This service is not set up for that here.',
  STORE_UNAVAILABLE: 'The service is briefly unavailable. Please try again shortly.',
}

/**
 * Turns whatever a quote request threw into plain words, branching on the error's `code` only
 * (never on its message). A failure without a contract code is a network problem.
 */
export function describeQuoteError(error: unknown): QuoteProblem {
  const apiError = (typeof error === 'object' && error !== null ? error : {}) as ApiErrorLike
  const code =
    typeof apiError.code === 'string' && apiError.code in words ? (apiError.code as ErrorCode) : undefined
  if (!code)
    return { code: 'NETWORK', message: 'The quote service cannot be reached. Check your connection.' }
  if (code === 'UPSTREAM_ERROR' && apiError.status === 0) {
    return { code, message: 'The quote service cannot be reached. Check your connection.' }
  }
  return {
    code,
    message: words[code],
    steps: code === 'NO_ROUTE' ? apiError.steps : undefined,
    stepsNote: code === 'NO_ROUTE' ? apiError.stepsNote : undefined,
    retryAfterSeconds: code === 'RATE_LIMITED' ? apiError.retryAfterSeconds : undefined,
  }
}
