import type { Store } from '../stores/store'

/** The verdict for one counted request, with what the `RateLimit-*` headers report. */
export type RateLimitDecision = {
  allowed: boolean
  limit: number
  remaining: number
  /** Epoch milliseconds when the window ends. */
  resetAt: number
}

export type CreateRateLimiterParameters = {
  store: Store
  /** Requests allowed per window. */
  limit: number
  windowMs: number
  /** Key namespace in the store, for example `rl:ip`. */
  prefix: string
}

/**
 * A fixed-window limiter on a `Store`: each call counts one hit on `key` and allows it while the
 * window's count is within `limit`. With a Redis store the count is exact across instances.
 *
 * @example
 * const limiter = createRateLimiter({ store, limit: 60, windowMs: 60_000, prefix: 'rl:ip' })
 * const { allowed } = await limiter.hit('203.0.113.7')
 */
export function createRateLimiter({ store, limit, windowMs, prefix }: CreateRateLimiterParameters) {
  return {
    limit,
    async hit(key: string): Promise<RateLimitDecision> {
      const { count, resetAt } = await store.increment(`${prefix}:${key}`, windowMs)
      return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetAt }
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
