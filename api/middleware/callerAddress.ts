import type { Context } from 'hono'

/** Reads the TCP peer address from the runtime (the Node server passes one); undefined elsewhere. */
export type GetSocketAddress = (c: Context) => string | undefined
