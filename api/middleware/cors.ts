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
