import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A running HTTP server: its base URL (no trailing slash) and how to stop it. */
export type ServedApp = { url: string; close(): Promise<void> }

/**
 * Serves a fetch handler on a free port of 127.0.0.1 with @hono/node-server.
 *
 * @example
 * const { url, close } = await serveApp({ fetch: app.fetch })
 */
export function serveApp({
  fetch,
}: {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>
}): Promise<ServedApp> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            // Hung and keep-alive connections would hold close() open forever.
            server.close(() => done())
            ;(server as Server).closeAllConnections?.()
          }),
      })
    }) as Server
    server.once('error', reject)
  })
}
