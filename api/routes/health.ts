import { Hono } from 'hono'
import type { AppEnv } from '../appEnv'
import { isFailedOver } from '../stores/failoverStore'
import type { Store } from '../stores/store'

const noStore = { 'Cache-Control': 'no-store' }

export type CreateHealthRoutesParameters = {
  /** True once shutdown has begun (`api/lifecycle`): the instance should get no new traffic. */
  isDraining: () => boolean
  /** The shared state (failing over to memory when it has a shared backend), probed on each `/readyz`. */
  store: Store
}

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (it should get traffic: not draining),
 * outside `/api/sdk/v1`: never rate limited, never cached, and no detail beyond the store's state.
 * Neither a venue outage nor a Redis outage is readiness: every instance shares them, so a 503 for
 * them would take every instance out of the load balancer at once, while each can still serve (the
 * rate limit fails open to its own memory; what must happen once answers `STORE_UNAVAILABLE`). The
 * body says `store: "unavailable"` meanwhile, and the probe goes through the failing-over store, so
 * its gauge (`swapquote_store_failed_over`) follows Redis even on an instance that gets no quotes.
 */
export function createHealthRoutes({ isDraining, store }: CreateHealthRoutesParameters) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore))
    .get('/readyz', async (c) => {
      if (isDraining()) return c.json({ status: 'draining' }, 503, noStore)
      // Never throws: a failed Redis call falls over to memory and marks the store failed over.
      await store.get('health:ready')
      return isFailedOver(store)
        ? c.json({ status: 'ready', store: 'unavailable' }, 200, noStore)
        : c.json({ status: 'ready' }, 200, noStore)
    })
}
