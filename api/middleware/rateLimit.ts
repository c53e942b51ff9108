import type { MiddlewareHandler } from 'hono'
import { ACCESS_HEADER, SwapError } from '../../shared'
import type { GrantVerifier } from '../access/grantVerifier'
import { noMetrics, type Metrics } from '../metrics/createMetrics'
import type { AppEnv } from '../appEnv'
import type { RateLimitDecision, RateLimiter } from '../limits/createRateLimiter'
import type { Logger } from '../logging/logger'
import { readHeader } from '../request/readHeader'
import { stampedResponses } from './stampedResponses'

export type RateLimitParameters = {
  /** The free bucket, keyed on the caller's address (60 per minute). */
  callerLimiter: RateLimiter
  /** The grant bucket, keyed on the grant id and shared by every presenter (600 per minute). */
  grantLimiter: RateLimiter
  verifyGrant: GrantVerifier
  logger: Logger
  now: () => number
  metrics?: Metrics
  /** What is counted, for the 429 message (`quotes`, `status requests`). */
  unit?: string
}

/**
 * Rate limit of `/quote` (contract 5, 8), and with its own buckets of `/status`. Every request counts, valid or not. A valid grant
 * presented as `X-Service-Access` or `Authorization: Bearer` draws from its grant bucket; anything
 * else, including an invalid grant, from the caller's. Every answer carries
 * `RateLimit-Limit`/`-Remaining`/`-Reset` (IETF draft, seconds); over the limit it is 429
 * `RATE_LIMITED` with `Retry-After`.
 *
 * If the store fails the request is let through with a logged warning (fail open): quotes keep
 * flowing while the shared store is away.
 */
export function rateLimit({
  callerLimiter,
  grantLimiter,
  verifyGrant,
  logger,
  now,
  metrics = noMetrics,
  unit = 'quotes',
}: RateLimitParameters) {
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = presentedGrant(readHeader(c, ACCESS_HEADER), readHeader(c, 'Authorization'))
    const grantId = token ? await verifyGrant(token) : null
    let decision: RateLimitDecision | undefined
    try {
      decision = grantId ? await grantLimiter.hit(grantId) : await callerLimiter.hit(c.get('callerAddress'))
    } catch (error) {
      logger.warn('rate limit store failed; letting the request through', { error })
    }
    if (!decision) return next()
    const resetSeconds = Math.max(0, Math.ceil((decision.resetAt - now()) / 1000))
    const limit = String(decision.limit)
    const remaining = String(decision.remaining)
    const reset = String(resetSeconds)
    if (!decision.allowed) {
      metrics.rateLimited(grantId ? 'grant' : 'free')
      c.header('RateLimit-Limit', limit)
      c.header('RateLimit-Remaining', remaining)
      c.header('RateLimit-Reset', reset)
      c.header('Retry-After', String(Math.max(1, resetSeconds)))
      throw new SwapError({
        code: 'RATE_LIMITED',
        message: grantId
          ? `Rate limit of ${decision.limit} ${unit} per minute reached for this access grant`
          : token
            ? // Said only to its presenter, and never the token itself: why its grant lifted nothing.
              `Rate limit of ${decision.limit} ${unit} per minute reached: the access grant presented is not valid (expired, revoked or altered), so the free limit applies; a new one from /access raises it`
            : `Rate limit of ${decision.limit} ${unit} per minute reached; an access grant from /access raises it`,
      })
    }
    const headers = { 'RateLimit-Limit': limit, 'RateLimit-Remaining': remaining, 'RateLimit-Reset': reset }
    c.set('rateLimitHeaders', headers)
    await next()
    // A stamped answer took them from the context already.
    if (stampedResponses.has(c.res)) return
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  }
  return handler
}

function presentedGrant(
  serviceAccess: string | undefined,
  authorization: string | undefined,
): string | undefined {
  const direct = serviceAccess?.trim()
  if (direct) return direct
  if (authorization === undefined) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  return match?.[1]
}
