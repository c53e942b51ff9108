import type { MiddlewareHandler } from 'hono'
import { stampedResponses } from './stampedResponses'

/** The preflight answer of contract 8, on every path. */
export const corsPreflightHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '86400',
} as const

/**
 * Response headers a browser caller may read. Exposing them widens nothing the contract restricts
 * (methods and request headers stay as contract 8 says), and without it a widget cannot show a
 * retry countdown (`Retry-After`) or tell a throttled steps answer (`X-Steps-Throttled`).
 */
export const corsExposedHeaders =
  'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Steps-Throttled, X-Request-Id'

/**
 * CORS per contract 8: every `OPTIONS` is a 204 preflight, and every response, errors and 404s
 * included, carries `Access-Control-Allow-Origin: *`. With `*` the answer never depends on the
 * request's `Origin`, so no `Vary: Origin` is needed.
 */
export function cors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      return c.body(null, 204, corsPreflightHeaders)
    }
    await next()
    if (stampedResponses.has(c.res)) return
    c.res.headers.set('Access-Control-Allow-Origin', '*')
    c.res.headers.set('Access-Control-Expose-Headers', corsExposedHeaders)
  }
}
