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

/** A route the app serves: its path pattern (`:name` for one segment) and method, as `app.routes` lists them. */
export type ServedRoute = { path: string; method: string }

/**
 * Unknown paths: 404 `{ error, code: 'NOT_FOUND' }`. A path the app serves, asked with another method
 * (a `POST /quote`), is 405 `METHOD_NOT_ALLOWED` with the `Allow` header naming the methods it takes,
 * as RFC 9110 15.5.6 asks, so a caller learns what to send instead of being told the path is not there.
 *
 * @example
 * app.notFound(createNotFound(() => app.routes))
 */
export function createNotFound(routes: () => readonly ServedRoute[]): NotFoundHandler<AppEnv> {
  let allowed: { pattern: RegExp; methods: Set<string> }[] | undefined
  return (c) => {
    allowed ??= groupRoutes(routes())
    const methods = allowed.find((entry) => entry.pattern.test(c.req.path))?.methods
    if (methods && !methods.has(c.req.method)) {
      const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ')
      c.header('Allow', allow)
      return respond(c, 405, {
        error: `${c.req.method.slice(0, 16)} is not allowed on ${c.req.path.slice(0, 200)}: use ${allow}`,
        code: 'METHOD_NOT_ALLOWED',
      })
    }
    return respond(c, 404, {
      error: `No such endpoint: ${c.req.method.slice(0, 16)} ${c.req.path.slice(0, 200)}`,
      code: 'NOT_FOUND',
    })
  }
}

/** Each served path with the methods it takes; middleware (`ALL`) and catch-alls are not endpoints. */
function groupRoutes(routes: readonly ServedRoute[]): { pattern: RegExp; methods: Set<string> }[] {
  const byPath = new Map<string, Set<string>>()
  for (const { path, method } of routes) {
    if (method === 'ALL' || path.includes('*')) continue
    const methods = byPath.get(path) ?? new Set<string>()
    methods.add(method)
    byPath.set(path, methods)
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(
      `^${path
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}$`,
    ),
    methods,
  }))
}

function respond(c: Context<AppEnv>, status: number, body: ErrorBody): Response {
  return c.json(body, status as 400)
}
