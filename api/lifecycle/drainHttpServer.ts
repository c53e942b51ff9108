import type { Server } from 'node:http'

/**
 * Stops an HTTP server without cutting a request: it stops accepting, lets each in-flight request
 * finish (keep-alive connections are closed as they fall idle), and only after `graceMs` cuts what
 * is still open. Resolves once every connection is gone.
 */
export async function drainHttpServer(server: Server, { graceMs }: { graceMs: number }): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  const sweep = setInterval(() => server.closeIdleConnections(), 50)
  const grace = setTimeout(() => server.closeAllConnections(), graceMs)
  try {
    await closed
  } finally {
    clearInterval(sweep)
    clearTimeout(grace)
  }
}
