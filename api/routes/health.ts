import { Hono } from 'hono'
import type { AppEnv } from '../appEnv'
import type { Store } from '../stores/store'

const noStore = { 'Cache-Control': 'no-store' }

export type CreateHealthRoutesParameters = {
  /** True once shutdown has begun (`api/lifecycle`): the instance should get no new traffic. */
  isDraining: () => boolean
  /** The shared state; a store with a shared backend (Redis) must answer for the instance to be ready. */
  store: Store
}

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (it should get traffic: not draining, and its
 * shared store answers), outside `/api/sdk/v1`: never rate limited, never cached, and no detail beyond
 * which check failed. A venue outage is not readiness: `/chains` and `/tokens` still answer without
 * venues, so a venue's health belongs to metrics, not to the load balancer.
 */
export function createHealthRoutes({ isDraining, store }: CreateHealthRoutesParameters) {
  const shared = store.failClosed()
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore))
    .get('/readyz', async (c) => {
      if (isDraining()) return c.json({ status: 'draining' }, 503, noStore)
      try {
        await shared.get('health:ready')
      } catch {
        return c.json({ status: 'unready', store: 'unavailable' }, 503, noStore)
      }
      return c.json({ status: 'ready' }, 200, noStore)
    })
}
