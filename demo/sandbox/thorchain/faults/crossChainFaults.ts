import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { createFaultController, type FaultController } from '../../simulators/faults/createFaultController'
import { FaultModeSchema, type Fault, type SimulatorName } from '../../simulators/faults/fault'
import { faultMiddleware, type FaultMiddlewareParameters } from '../../simulators/faults/faultMiddleware'

/** The cross-chain simulators a fault can target. */
export const CrossChainSimulatorNameSchema = z.enum(['thornode', 'swapkit'])
export type CrossChainSimulatorName = z.infer<typeof CrossChainSimulatorNameSchema>

/** A fault for a cross-chain simulator: the same modes as the aggregator simulators' faults. */
export const CrossChainFaultSchema = z
  .object({
    simulator: CrossChainSimulatorNameSchema,
    mode: FaultModeSchema,
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    times: z.number().int().positive().optional(),
  })
  .refine((fault) => fault.mode !== 'latency' || fault.latencyMs !== undefined, {
    message: 'latencyMs is required for mode latency',
    path: ['latencyMs'],
  })
export type CrossChainFault = z.infer<typeof CrossChainFaultSchema>

/*
 * The simulators' fault controller keys its state by simulator name and works for any name; its
 * types list only the aggregator simulators (`zerox`, `lifi`, `cow`), so the cross-chain names are
 * cast here, in one place, until that list includes them.
 */
const asSimulatorName = (name: CrossChainSimulatorName) => name as unknown as SimulatorName

/** The simulators' fault controller, for the cross-chain simulators' faults. */
export function createCrossChainFaultController({
  initial = [],
}: { initial?: CrossChainFault[] } = {}): FaultController {
  return createFaultController({ initial: initial as unknown as Fault[] })
}

/** The simulators' fault middleware for a cross-chain simulator. */
export function crossChainFaultMiddleware({
  simulator,
  ...rest
}: Omit<FaultMiddlewareParameters, 'simulator'> & { simulator: CrossChainSimulatorName }): MiddlewareHandler {
  return faultMiddleware({ ...rest, simulator: asSimulatorName(simulator) })
}

/**
 * The cross-chain fault control API, like the simulators' one: `GET /faults`,
 * `POST /faults { simulator: 'thornode' | 'swapkit', mode, latencyMs?, times? }`, `DELETE /faults`
 * (`?simulator=` clears one). Bad input is a 400 `{ error, code: 'BAD_REQUEST' }`.
 */
export function createCrossChainFaultControlApp({ controller }: { controller: FaultController }): Hono {
  const app = new Hono()
  app.get('/faults', (c) => c.json({ faults: controller.list() }))
  app.post('/faults', async (c) => {
    const parsed = CrossChainFaultSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.join('.') || 'body'
      return c.json({ error: `${field}: ${issue?.message ?? 'invalid fault'}`, code: 'BAD_REQUEST' }, 400)
    }
    controller.set(parsed.data as unknown as Fault)
    return c.json({ faults: controller.list() })
  })
  app.delete('/faults', (c) => {
    const simulator = c.req.query('simulator')
    if (simulator === undefined) {
      controller.clear()
      return c.json({ faults: controller.list() })
    }
    const parsed = CrossChainSimulatorNameSchema.safeParse(simulator)
    if (!parsed.success) {
      return c.json(
        { error: `simulator: unknown simulator ${simulator.slice(0, 40)}`, code: 'BAD_REQUEST' },
        400,
      )
    }
    controller.clear(asSimulatorName(parsed.data))
    return c.json({ faults: controller.list() })
  })
  app.notFound((c) => c.json({ error: 'not found', code: 'NOT_FOUND' }, 404))
  return app
}
