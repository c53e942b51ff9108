import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'
import { getCallerAddress, parseProxyRanges } from '../limits/getCallerAddress'
import type { GetSocketAddress } from './callerAddress'
import { corsExposedHeaders, corsPreflightHeaders } from './cors'
import { chooseRequestId, generateRandomRequestId, REQUEST_ID_HEADER } from './requestId'
import { stampedResponses } from './stampedResponses'
import { readHeader } from '../request/readHeader'

export type RequestContextParameters = {
  /** IPs or CIDRs of our own proxies (config `TRUSTED_PROXIES`). */
  trustedProxies: readonly string[]
  /** Leading bits of an IPv6 address that name one caller (config `CALLER_IPV6_PREFIX`). */
  ipv6Prefix?: number
  getSocketAddress: GetSocketAddress
  /** Request ids; default `crypto.randomUUID`. */
  generate?: () => string
  /** A preflight answer of its own for a path outside `/api/` (`createApp`'s `sitePreflight`). */
  preflight?: ((path: string) => Record<string, string> | undefined) | undefined
}

/**
 * The app-wide middleware, as one step per request:
 *
 * - CORS per contract 8: every `OPTIONS` is a 204 preflight, and every other response, errors and
 *   404s included, carries `Access-Control-Allow-Origin: *` and the exposed headers. With `*` the
 *   answer never depends on the request's `Origin`, so no `Vary: Origin` is needed.
 * - A request id (kept from a well-formed incoming `X-Request-Id`, else generated), stored on the
 *   context and echoed as `X-Request-Id`, so a 500's `requestId` can be found in the log.
 * - The caller's key (`getCallerAddress`: an IPv4 address or an IPv6 network), stored on the context
 *   for the rate limits.
 *
 * Responses built by `stampResponse` already carry these headers and are left as they are.
 */
export function requestContext({
  trustedProxies,
  ipv6Prefix = 64,
  getSocketAddress,
  generate = generateRandomRequestId,
  preflight,
}: RequestContextParameters): MiddlewareHandler<AppEnv> {
  const proxyRanges = parseProxyRanges(trustedProxies)
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      const own = c.req.path.startsWith('/api/') ? undefined : preflight?.(c.req.path)
      return c.body(null, 204, own ?? corsPreflightHeaders)
    }
    const id = chooseRequestId(readHeader(c, REQUEST_ID_HEADER), generate)
    c.set('requestId', id)
    c.set(
      'callerAddress',
      getCallerAddress({
        forwardedFor: readHeader(c, 'X-Forwarded-For'),
        socketAddress: getSocketAddress(c),
        trustedProxies: proxyRanges,
        ipv6Prefix,
      }),
    )
    await next()
    const response = c.res
    if (stampedResponses.has(response)) return
    const headers = response.headers
    headers.set(REQUEST_ID_HEADER, id)
    headers.set('Access-Control-Allow-Origin', '*')
    headers.set('Access-Control-Expose-Headers', corsExposedHeaders)
  }
}
