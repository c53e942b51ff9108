import { z } from 'zod'

/** The simulators a fault can target. */
export const SimulatorNameSchema = z.enum(['zerox', 'lifi', 'cow'])
export type SimulatorName = z.infer<typeof SimulatorNameSchema>

/**
 * How a simulator misbehaves:
 * - `latency`: answers normally, `latencyMs` after the request arrived (the simulator's own work, such
 *   as pricing from the chain, happens within that time; work that takes longer answers when done);
 * - `http500`: the venue's own 500 error body;
 * - `malformed`: HTTP 200 with a truncated JSON body;
 * - `hang`: never answers (until the client gives up or the simulators stop);
 * - `reset`: destroys the TCP connection without an HTTP response;
 * - `noLiquidity`: the venue's own "no route" answer on its quote endpoints.
 */
export const FaultModeSchema = z.enum(['latency', 'http500', 'malformed', 'hang', 'reset', 'noLiquidity'])
export type FaultMode = z.infer<typeof FaultModeSchema>

/** A fault as `POST /faults` takes it. `times` limits it to the next N requests (default: until cleared). */
export const FaultSchema = z
  .object({
    simulator: SimulatorNameSchema,
    mode: FaultModeSchema,
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    times: z.number().int().positive().optional(),
  })
  .refine((fault) => fault.mode !== 'latency' || fault.latencyMs !== undefined, {
    message: 'latencyMs is required for mode latency',
    path: ['latencyMs'],
  })
export type Fault = z.infer<typeof FaultSchema>
