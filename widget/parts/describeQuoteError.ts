import type { ErrorCode } from '../../shared/errors'
import type { Step } from '../../shared/schemas'
// The words stay English in the element's error events; the view translates them (`renderQuoteProblem`).
import { english as t } from './translate'

/**
 * A quote failure ready to show: the code, plain English words (a catalog key: shown through the
 * element's `t`), and the extras some codes carry.
 */
export type QuoteProblem = {
  code: ErrorCode | 'NETWORK'
  message: string
  steps?: Step[] | undefined
  stepsNote?: string | undefined
  retryAfterSeconds?: number | undefined
  /**
   * The service's own words on a request it refuses as it stands (`BAD_REQUEST`, `UNSUPPORTED_PAIR`):
   * which field, which address, which tax. Shown in place of "Try again".
   */
  detail?: string | undefined
  /** The query parameter the service refused (`amount`, `recipient`, `address`, …): its field is marked. */
  param?: string | undefined
}

type ApiErrorLike = {
  code?: unknown
  message?: unknown
  steps?: Step[]
  stepsNote?: string
  retryAfterSeconds?: number
  status?: number
  param?: string
}

const words: Record<ErrorCode, string> = {
  BAD_REQUEST: t('Something in this request is not valid. Check the amount, tokens and addresses.'),
  UNSUPPORTED_PAIR: t('These two assets cannot be swapped with each other here.'),
  UNKNOWN_CHAIN: t('That chain is not supported.'),
  UNKNOWN_TOKEN: t(
    'That token could not be found on the chosen chain. Check the symbol or contract address.',
  ),
  // "Another", not "a smaller": a dust amount is refused too, and a larger one is what it needs.
  NO_ROUTE: t('No venue can swap this pair at this size right now. Another amount or pair may work.'),
  RATE_LIMITED: t('Too many quote requests from this connection.'),
  UPSTREAM_ERROR: t('The quote service could not get a price right now. Please try again shortly.'),
  NOT_FOUND: t('The quote service did not recognise this request.'),
  METHOD_NOT_ALLOWED: t('The quote service did not recognise this request.'),
  INTERNAL: t('The quote service had a problem. Please try again shortly.'),
  BAD_SIGNATURE: t('The signature was not accepted.'),
  PAYMENT_REQUIRED: t('A payment is required for this.'),
  PAYMENT_INVALID: t('The payment was not accepted.'),
  NO_PASS: t('No holder pass was found for this wallet.'),
  NOT_CONFIGURED: t('This service is not set up for that here.'),
  STORE_UNAVAILABLE: t('The service is briefly unavailable. Please try again shortly.'),
}

/**
 * Turns whatever a quote request threw into plain words, branching on the error's `code` only
 * (never on its message). A failure without a contract code is a network problem.
 */
export function describeQuoteError(error: unknown): QuoteProblem {
  const apiError = (typeof error === 'object' && error !== null ? error : {}) as ApiErrorLike
  const code =
    typeof apiError.code === 'string' && apiError.code in words ? (apiError.code as ErrorCode) : undefined
  const unreachable = t('The quote service cannot be reached. Check your connection.')
  // Not reached at all (the client's status 0) is the network's failure, as the events promise hosts.
  if (!code || (code === 'UPSTREAM_ERROR' && apiError.status === 0))
    return { code: 'NETWORK', message: unreachable }
  return {
    code,
    message: words[code],
    steps: code === 'NO_ROUTE' ? apiError.steps : undefined,
    stepsNote: code === 'NO_ROUTE' ? apiError.stepsNote : undefined,
    retryAfterSeconds: code === 'RATE_LIMITED' ? apiError.retryAfterSeconds : undefined,
    // A request refused as it stands says what to correct, in the service's words; asking again
    // unchanged cannot help.
    detail:
      code === 'BAD_REQUEST' || code === 'UNSUPPORTED_PAIR' ? String(apiError.message ?? '') : undefined,
    param: apiError.param,
  }
}
