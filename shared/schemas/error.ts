import * as z from 'zod/mini'
import { ErrorCodeSchema } from '../errors'
import { NonEmptyStringSchema } from './primitives'
import { StepSchema } from './quote'

/**
 * Every failure body: `{ error, code }` plus the optional extras some codes carry
 * (`steps`/`stepsNote` on `NO_ROUTE`, `missingConfig` on `NOT_CONFIGURED`, `requestId` on `INTERNAL`,
 * `param` on a refusal of one query parameter).
 */
export const ErrorBodySchema = z.looseObject({
  error: NonEmptyStringSchema,
  code: ErrorCodeSchema,
  steps: z.optional(z.array(StepSchema)),
  stepsNote: z.optional(z.string()),
  missingConfig: z.optional(z.array(z.string())),
  requestId: z.optional(z.string()),
  /**
   * The one query parameter a refusal is about (`amount`, `recipient`, `address`, `sellToken`, …), so a
   * form can mark that field; absent when it is about several or none. An addition to the contract.
   */
  param: z.optional(z.string()),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>
