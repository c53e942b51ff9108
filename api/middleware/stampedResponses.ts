/**
 * Responses built by `stampResponse`: they already carry every header the app-wide middleware adds
 * (CORS, request id), so `cors` and `requestId` leave them as they are.
 */
export const stampedResponses = new WeakSet<Response>()
