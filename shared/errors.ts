import * as z from 'zod/mini'

/**
 * Every error code the HTTP contract names, spelled exactly as it is on the wire, with the HTTP status
 * that goes with it.
 *
 * The quote codes come from contract section 7; the `/access` codes and `NOT_FOUND`/`INTERNAL`
 * are the decisions recorded where the contract says "not shown"; `METHOD_NOT_ALLOWED` (405: a path
 * the service serves, asked with a method it does not take) is an addition.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNSUPPORTED_PAIR: 400,
  UNKNOWN_CHAIN: 404,
  UNKNOWN_TOKEN: 404,
  NO_ROUTE: 404,
  RATE_LIMITED: 429,
  UPSTREAM_ERROR: 502,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INTERNAL: 500,
  BAD_SIGNATURE: 401,
  PAYMENT_REQUIRED: 402,
  PAYMENT_INVALID: 402,
  NO_PASS: 403,
  NOT_CONFIGURED: 503,
  STORE_UNAVAILABLE: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

/** The codes of `errorStatus`, one list: the widget's first load carries each name once. */
export const ErrorCodeSchema = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]])

export type SwapErrorParameters = {
  code: ErrorCode
  message: string
  /** Extra fields that travel in the error body beside `error` and `code` (for example `steps`). */
  details?: Record<string, unknown> | undefined
  cause?: unknown
}

/**
 * The one error class of the project: its `code` is the HTTP contract's code, and
 * `errorStatus[code]` is the status it is answered with.
 *
 * @example
 * throw new SwapError({ code: 'UNKNOWN_CHAIN', message: 'Unsupported chain: FOO' })
 */
export class SwapError extends Error {
  override name = 'SwapError'
  readonly code: ErrorCode
  readonly details: Record<string, unknown> | undefined

  constructor({ code, message, details, cause }: SwapErrorParameters) {
    super(message, cause === undefined ? undefined : { cause })
    this.code = code
    this.details = details
  }

  /** The HTTP status of this error's code. */
  get status(): number {
    return errorStatus[this.code]
  }
}

/** True for a `SwapError`, also across bundles where `instanceof` fails. */
export function isSwapError(value: unknown): value is SwapError {
  return (
    value instanceof SwapError ||
    (value instanceof Error &&
      ErrorCodeSchema.safeParse((value as { code?: unknown }).code).success &&
      (value.name === 'SwapError' || value.name === 'SwapApiError'))
  )
}
