import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import type { IncomingMessage } from 'node:http'

/**
 * One request header, case-insensitive, `undefined` when absent. Under the Node server it reads the
 * incoming message's own header object: Hono's `c.req.header()` first builds a WHATWG `Headers` of
 * every header, a measurable share of a cached `/chains` answer. Elsewhere (tests' `app.request`) it
 * is `c.req.header()`. Repeated headers come joined with `, `, except the few Node keeps only the
 * first of (`Authorization` among them).
 */
export function readHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as HttpBindings | undefined)?.incoming
  return incoming ? readIncomingHeader(incoming, name.toLowerCase()) : c.req.header(name)
}

/** `readHeader` on Node's incoming message itself; `lowerCaseName` as Node keys its headers. */
export function readIncomingHeader(incoming: IncomingMessage, lowerCaseName: string): string | undefined {
  const value = incoming.headers[lowerCaseName]
  return Array.isArray(value) ? value.join(', ') : value
}
