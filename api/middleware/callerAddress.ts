import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv'
import { getCallerAddress } from '../limits/getCallerAddress'

/** Reads the TCP peer address from the runtime (the Node server passes one); undefined elsewhere. */
export type GetSocketAddress = (c: Context) => string | undefined

/** Works out the caller's address once per request (`getCallerAddress`) and stores it on the context. */
export function callerAddress({
  trustedProxies,
  getSocketAddress,
}: {
  trustedProxies: readonly string[]
  getSocketAddress: GetSocketAddress
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set(
      'callerAddress',
      getCallerAddress({
        forwardedFor: c.req.header('X-Forwarded-For'),
        socketAddress: getSocketAddress(c),
        trustedProxies,
      }),
    )
    await next()
  }
}
