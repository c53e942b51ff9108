import { Hono } from 'hono'
import { FaultSchema, SimulatorNameSchema } from './fault'
import type { FaultController } from './createFaultController'

/**
 * The fault-injection control API (the manifest's `faultControlUrl`):
 * `GET /faults` lists, `POST /faults { simulator, mode, latencyMs?, times? }` sets one simulator's
 * fault, `DELETE /faults` clears all (`?simulator=zerox` clears one). Bad input is a 400
 * `{ error, code: 'BAD_REQUEST' }`.
 */
export function createFaultControlApp({ controller }: { controller: FaultController }): Hono {
  const app = new Hono()
  app.get('/faults', (c) => c.json({ faults: controller.list() }))
  app.post('/faults', async (c) => {
    const body = await c.req.json().catch(() => undefined)
    const parsed = FaultSchema.safeParse(body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.join('.') || 'body'
      return c.json({ error: `${field}: ${issue?.message ?? 'invalid fault'}`, code: 'BAD_REQUEST' }, 400)
    }
    controller.set(parsed.data)
    return c.json({ faults: controller.list() })
  })
  app.delete('/faults', (c) => {
    const simulator = c.req.query('simulator')
    if (simulator === undefined) {
      controller.clear()
      return c.json({ faults: controller.list() })
    }
    const parsed = SimulatorNameSchema.safeParse(simulator)
    if (!parsed.success)
      return c.json({ error: `simulator: unknown simulator ${simulator}`, code: 'BAD_REQUEST' }, 400)
    controller.clear(parsed.data)
    return c.json({ faults: controller.list() })
  })
  app.notFound((c) => c.json({ error: 'not found', code: 'NOT_FOUND' }, 404))
  return app
}
