/** The response header that carries the request id. */
export const REQUEST_ID_HEADER = 'X-Request-Id'

/** Request ids when the caller brings none (or a malformed one). */
export const generateRandomRequestId = (): string => crypto.randomUUID()

const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

/**
 * The request's id: the caller's `X-Request-Id` when it is well formed (8 to 64 of `A-Z a-z 0-9 . _ -`,
 * so it can be logged and echoed safely), else a new one.
 */
export function chooseRequestId(incoming: string | undefined, generate: () => string): string {
  return incoming !== undefined && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : generate()
}
