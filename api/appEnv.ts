/** Hono environment of the API: what middleware stores on the context for later handlers. */
export type AppEnv = {
  Variables: {
    /** Set by `requestId`; echoed as `X-Request-Id` and in 500 bodies. */
    requestId: string
    /** The caller's address for rate limits and the steps throttle; set by `callerAddress`. */
    callerAddress: string
    /** `RateLimit-*` of this request, set by the `/quote` rate limit for a handler that stamps its answer. */
    rateLimitHeaders?: Record<string, string>
  }
}
