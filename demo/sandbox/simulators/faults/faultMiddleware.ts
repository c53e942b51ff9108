import type { Context, MiddlewareHandler } from 'hono'
import type { FaultController } from './createFaultController'
import type { SimulatorName } from './fault'

export type FaultMiddlewareParameters = {
  controller: FaultController
  simulator: SimulatorName
  /** The venue's own HTTP 500 body. */
  serverErrorBody: () => unknown
  /** The venue's own "no route" response for a quote request, or `undefined` on other paths. */
  noLiquidity: (c: Context) => Response | undefined
  /** A truncated body in the venue's shape for `malformed`. */
  malformedBody?: string
}

/** Applies the simulator's active fault (if any) to each request before the venue handlers see it. */
export function faultMiddleware({
  controller,
  simulator,
  serverErrorBody,
  noLiquidity,
  malformedBody = '{"liquidityAvailable":tr',
}: FaultMiddlewareParameters): MiddlewareHandler {
  return async (c, next) => {
    const fault = controller.take(simulator)
    if (!fault) return next()
    switch (fault.mode) {
      case 'latency': {
        // A venue's latency is the whole time to its answer, its own work included: the handler
        // (pricing from the chain, a call to another simulator) runs at once, and the answer goes out
        // no sooner than `latencyMs` after the request arrived. Work slower than that answers when done.
        const waited = waitOrStop({ ms: fault.latencyMs ?? 0, controller, signal: c.req.raw.signal })
        await next()
        return waited
      }
      case 'http500':
        return c.json(serverErrorBody(), 500)
      case 'malformed':
        return c.body(malformedBody, 200, { 'content-type': 'application/json' })
      case 'hang':
        await waitOrStop({ ms: Number.POSITIVE_INFINITY, controller, signal: c.req.raw.signal })
        return c.body(null, 503)
      case 'reset': {
        const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming
        incoming?.socket?.destroy()
        return c.body(null, 503)
      }
      case 'noLiquidity':
        return noLiquidity(c) ?? next()
    }
  }
}

function waitOrStop({
  ms,
  controller,
  signal,
}: {
  ms: number
  controller: FaultController
  signal: AbortSignal
}): Promise<void> {
  return new Promise((resolve) => {
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined
    function done() {
      if (timer) clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
    void controller.stopped.then(done)
  })
}
