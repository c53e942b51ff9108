import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ErrorBody } from '../../shared'
import { SwapError } from '../../shared'
import type { AppEnv } from '../appEnv'
import { STORE_RETRY_AFTER_SECONDS } from '../access/subjectGrants'
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
      if (error.code === 'STORE_UNAVAILABLE') {
        logger.warn('shared store unavailable; refused what must not happen twice', {
          requestId: c.get('requestId'),
          path: c.req.path,
          error: describeError(error.cause),
        })
        c.header('Retry-After', String(STORE_RETRY_AFTER_SECONDS))
      }
      return respond(c, error.status, { ...error.details, error: error.message, code: error.code })
    }
    if (error instanceof HTTPException && error.status < 500) {
      return respond(c, 400, { error: 'Malformed request', code: 'BAD_REQUEST' })
    }
    if (isClientGone(error, c)) {
      // The caller hung up (mid-body, or while we waited on something for it): nothing of ours failed, so
      // no stack and no page for whoever watches errors. The answer is for a half-closed socket that can
      // still read one; usually none can.
      logger.info('client went away before the answer', {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
      })
      return respond(c, 400, { error: 'The request body ended early', code: 'BAD_REQUEST' })
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

/**
 * A read of the request body failed because the client went away: Node aborts the incoming message
 * (`Error('aborted')`, code `ECONNRESET`) and the request's signal fires. An upstream socket reset is not
 * this: it fails a venue call, which never reads the incoming body.
 */
function isClientGone(error: Error, c: Context<AppEnv>): boolean {
  if (c.req.raw.signal?.aborted) return true
  const incoming = (c.env as { incoming?: { destroyed: boolean; complete: boolean } } | undefined)?.incoming
  if (incoming !== undefined && incoming.destroyed && !incoming.complete) return true
  return error.message === 'aborted' && (error as NodeJS.ErrnoException).code === 'ECONNRESET'
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
