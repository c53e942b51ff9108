import type { MiddlewareHandler } from 'hono'

/** `Cache-Control` of `/chains` and `/tokens` (contract 4.1, 8). */
export const PUBLIC_CACHE_CONTROL = 'public, s-maxage=3600, stale-while-revalidate=86400'

/**
 * For cacheable reads: on a 200, sets `Cache-Control` and a strong `ETag` (SHA-256 of the body) and
 * answers a matching `If-None-Match` with a bodiless 304. Error responses get `no-store`, so a CDN
 * never keeps a transient failure for an hour.
 */
export function publicCache(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.status !== 200) {
      c.res.headers.set('Cache-Control', 'no-store')
      return
    }
    const body = await c.res.clone().arrayBuffer()
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body))
    const etag = `"${Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}"`
    const headers = { 'Cache-Control': PUBLIC_CACHE_CONTROL, ETag: etag }
    if (matchesIfNoneMatch(c.req.header('If-None-Match'), etag)) {
      c.res = new Response(null, { status: 304, headers })
      return
    }
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  }
}

/** `Cache-Control: no-store` on every response (quotes and access grants are never cached). */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    c.res.headers.set('Cache-Control', 'no-store')
  }
}

// If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/"x"` matches `"x"`.
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}
