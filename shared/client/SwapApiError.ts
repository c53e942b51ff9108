import type { ErrorCode } from '../errors'
import { SwapError } from '../errors'
import type { Step } from '../schemas'

/** What a `SwapApiError` is built from; the client fills it from the response. */
export type SwapApiErrorParameters = {
  /** The HTTP status received, or `0` when no response arrived (network failure). */
  status: number
  code: ErrorCode
  message: string
  /** The fields of the error body beside `error` and `code`, as the server sent them. */
  details?: Record<string, unknown> | undefined
  steps?: Step[] | undefined
  stepsNote?: string | undefined
  stepsThrottled?: boolean | undefined
  retryAfterSeconds?: number | undefined
  missingConfig?: string[] | undefined
  requestId?: string | undefined
  param?: string | undefined
  cause?: unknown
}

/**
 * A failed call of the swap API, as `createSwapClient` throws it: the contract's `code`, the HTTP
 * `status` received, the server's message, and the extras some codes carry. Branch on `code`,
 * never on the message text. Responses the client cannot read (not JSON, not the contract's shape)
 * and network failures arrive as `UPSTREAM_ERROR`, with the underlying error as `cause`.
 *
 * @example
 * try {
 *   await client.quote(params)
 * } catch (error) {
 *   if (error instanceof SwapApiError && error.code === 'RATE_LIMITED') wait(error.retryAfterSeconds)
 *   if (error instanceof SwapApiError && error.code === 'NO_ROUTE') showSteps(error.steps, error.stepsNote)
 * }
 */
export class SwapApiError extends SwapError {
  override name = 'SwapApiError'
  /** Two-step route through a hub chain, only on `NO_ROUTE` (contract 2.8). */
  readonly steps: Step[] | undefined
  /** Present whenever `steps` is: the estimates are indicative and up to 5 minutes old. */
  readonly stepsNote: string | undefined
  /** True when a `NO_ROUTE` carried `X-Steps-Throttled: 1`, so `steps` were withheld. */
  readonly stepsThrottled: boolean
  /** Seconds to wait before the next quote, from `Retry-After` on a 429. */
  readonly retryAfterSeconds: number | undefined
  /** The configuration names a deployment lacks, on a 503 `NOT_CONFIGURED`; not retryable. */
  readonly missingConfig: string[] | undefined
  /** The server's request id on an `INTERNAL`, for a support ticket. */
  readonly requestId: string | undefined
  /** The one query parameter a refusal is about (`amount`, `recipient`, …), to mark its field. */
  readonly param: string | undefined
  readonly #status: number

  constructor({
    status,
    code,
    message,
    details,
    steps,
    stepsNote,
    stepsThrottled = false,
    retryAfterSeconds,
    missingConfig,
    requestId,
    param,
    cause,
  }: SwapApiErrorParameters) {
    super({ code, message, details, cause })
    this.#status = status
    this.steps = steps
    this.stepsNote = stepsNote
    this.stepsThrottled = stepsThrottled
    this.retryAfterSeconds = retryAfterSeconds
    this.missingConfig = missingConfig
    this.requestId = requestId
    this.param = param
  }

  /** The HTTP status received (it may differ from the code's usual status), or `0` without a response. */
  override get status(): number {
    return this.#status
  }
}
