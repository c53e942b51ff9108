/**
 * Responses built by `stampResponse`: final, they already carry every header the middleware on their
 * path would add (CORS and the request id app-wide; `Cache-Control` and `RateLimit-*` on `/quote`),
 * so that middleware leaves them as they are.
 */
export const stampedResponses = new WeakSet<Response>()
