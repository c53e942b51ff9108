import { z } from 'zod'
import { ErrorCodeSchema } from '../errors'
import { StepSchema } from './quote'

/**
 * Every failure body: `{ error, code }` plus the optional extras some codes carry
 * (`steps`/`stepsNote` on `NO_ROUTE`, `missingConfig` on `NOT_CONFIGURED`, `requestId` on `INTERNAL`).
 */
export const ErrorBodySchema = z.looseObject({
  error: z.string().min(1),
  code: ErrorCodeSchema,
  steps: z.array(StepSchema).optional(),
  stepsNote: z.string().optional(),
  missingConfig: z.array(z.string()).optional(),
  requestId: z.string().optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>
