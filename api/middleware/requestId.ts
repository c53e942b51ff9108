/** The response header that carries the request id. */
export const REQUEST_ID_HEADER = 'X-Request-Id'
