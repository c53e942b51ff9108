import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'
import { stampedResponses } from './stampedResponses'

/** The response header that carries the request id. */
export const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * Gives every request an id (kept from a well-formed incoming `X-Request-Id`, else generated) and
 * echoes it on the response, so a 500's `requestId` can be found in the log.
 */
export function requestId({ generate = () => crypto.randomUUID() }: { generate?: () => string } = {}) {
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const incoming = c.req.header(REQUEST_ID_HEADER)
    const id = incoming && /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : generate()
    c.set('requestId', id)
    await next()
    if (!stampedResponses.has(c.res)) c.res.headers.set(REQUEST_ID_HEADER, id)
  }
  return handler
}
