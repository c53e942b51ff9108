import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ErrorBody } from '../../shared'
import { SwapError } from '../../shared'
import type { AppEnv } from '../appEnv'
import { describeError } from '../logging/describeError'
import type { Logger } from '../logging/logger'

/**
 * The one place errors become responses (`app.onError`): a `SwapError` answers its status with
 * `{ error, code }` plus its details; a Hono `HTTPException` below 500 (malformed request) is
 * `BAD_REQUEST`; anything else is logged with the request id and answered 500
 * `{ error, code: 'INTERNAL', requestId }` without any detail of the cause.
 *
 * Causes are logged as `describeError` descriptions, never as the error objects: a viem error's
 * message quotes the RPC URL, where providers keep the API key.
 */
export function createErrorHandler({ logger }: { logger: Logger }): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof SwapError) {
      if (error.code === 'UPSTREAM_ERROR') {
        logger.warn('upstream error', {
          requestId: c.get('requestId'),
          path: c.req.path,
          error: describeError(error),
        })
      }
      return respond(c, error.status, { ...error.details, error: error.message, code: error.code })
    }
    if (error instanceof HTTPException && error.status < 500) {
      return respond(c, 400, { error: 'Malformed request', code: 'BAD_REQUEST' })
    }
    const requestId = c.get('requestId')
    logger.error('unexpected error', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      error: describeError(error, { stack: true }),
    })
    return respond(c, 500, { error: 'Internal error', code: 'INTERNAL', ...(requestId ? { requestId } : {}) })
  }
}

/** Unknown paths: 404 `{ error, code: 'NOT_FOUND' }`. */
export const notFound: NotFoundHandler<AppEnv> = (c) =>
  respond(c, 404, {
    error: `No such endpoint: ${c.req.method} ${c.req.path.slice(0, 200)}`,
    code: 'NOT_FOUND',
  })

function respond(c: Context<AppEnv>, status: number, body: ErrorBody): Response {
  return c.json(body, status as 400)
}
