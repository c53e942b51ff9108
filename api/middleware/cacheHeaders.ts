import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'
import { stampResponse } from './stampResponse'
import { stampedResponses } from './stampedResponses'
import { readHeader } from '../request/readHeader'

/** `Cache-Control` of `/chains` and `/tokens` (contract 4.1, 8). */
export const PUBLIC_CACHE_CONTROL = 'public, s-maxage=3600, stale-while-revalidate=86400'

/**
 * For cacheable reads: a response that is neither 200 nor 304 gets `no-store`, so a CDN never keeps
 * a transient failure for an hour. The 200s themselves come from `respondWithCachedJson`.
 */
export function publicCache(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.status !== 200 && c.res.status !== 304) c.res.headers.set('Cache-Control', 'no-store')
  }
}

/** A JSON body serialised once, with its strong ETag. */
export type CachedJson = { body: string; etag: string }

/**
 * Serialises `value` once and fingerprints it (SHA-256, first 128 bits) for a strong `ETag`. The
 * registry behind `/chains` and `/tokens` never changes while the process runs, so doing this per
 * request would only cost throughput.
 */
export async function prepareCachedJson(value: unknown): Promise<CachedJson> {
  const body = JSON.stringify(value)
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)))
  const etag = `"${Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}"`
  return { body, etag }
}

/**
 * Answers a prepared JSON body with `Cache-Control` and its `ETag`, or a bodiless 304 when
 * `If-None-Match` matches.
 */
export function respondWithCachedJson(c: Context<AppEnv>, { body, etag }: CachedJson): Response {
  if (matchesIfNoneMatch(readHeader(c, 'If-None-Match'), etag)) {
    return stampResponse(c, null, 304, { 'Cache-Control': PUBLIC_CACHE_CONTROL, ETag: etag })
  }
  return stampResponse(c, body, 200, {
    'Cache-Control': PUBLIC_CACHE_CONTROL,
    ETag: etag,
    'Content-Type': 'application/json',
  })
}

/**
 * `Cache-Control: no-store` on every response (quotes and access grants are never cached). A
 * stamped response (`stampResponse`) must carry it already.
 */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (!stampedResponses.has(c.res)) c.res.headers.set('Cache-Control', 'no-store')
  }
}

/** Whether an `If-None-Match` header matches `etag`, by the weak comparison (RFC 9110 13.1.2): `W/"x"` matches `"x"`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}
