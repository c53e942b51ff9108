import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'

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

/**
 * Once `draining()` is true, every response ends its connection (`Connection: close`), so a client's
 * pooled keep-alive socket is not reused while the server sheds its idle sockets: a request sent on
 * one just as `drainHttpServer` closed it was reset (a load balancer turns that into a 502). During
 * the unready window before the drain (`SHUTDOWN_DELAY_MS`) clients open a new connection per request,
 * which the load balancer, seeing `/readyz` 503, sends elsewhere.
 *
 * @example
 * createServer(closeConnectionsWhenDraining(listener, () => lifecycle.draining))
 */
export function closeConnectionsWhenDraining(
  listener: RequestListener,
  draining: () => boolean,
): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (draining()) response.shouldKeepAlive = false
    listener(request, response)
  }
}
