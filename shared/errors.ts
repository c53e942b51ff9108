import * as z from 'zod/mini'

/**
 * Every error code the HTTP contract names, spelled exactly as it is on the wire.
 *
 * The quote codes come from contract section 7; the `/access` codes and `NOT_FOUND`/`INTERNAL`
 * are the decisions recorded where the contract says "not shown".
 */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'UNSUPPORTED_PAIR',
  'UNKNOWN_CHAIN',
  'UNKNOWN_TOKEN',
  'NO_ROUTE',
  'RATE_LIMITED',
  'UPSTREAM_ERROR',
  'NOT_FOUND',
  'INTERNAL',
  'BAD_SIGNATURE',
  'PAYMENT_REQUIRED',
  'PAYMENT_INVALID',
  'NO_PASS',
  'NOT_CONFIGURED',
  'STORE_UNAVAILABLE',
])

export type ErrorCode = z.infer<typeof ErrorCodeSchema>

/** The HTTP status that goes with each error code. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNSUPPORTED_PAIR: 400,
  UNKNOWN_CHAIN: 404,
  UNKNOWN_TOKEN: 404,
  NO_ROUTE: 404,
  RATE_LIMITED: 429,
  UPSTREAM_ERROR: 502,
  NOT_FOUND: 404,
  INTERNAL: 500,
  BAD_SIGNATURE: 401,
  PAYMENT_REQUIRED: 402,
  PAYMENT_INVALID: 402,
  NO_PASS: 403,
  NOT_CONFIGURED: 503,
  STORE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>

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
