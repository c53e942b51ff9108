import * as z from 'zod/mini'
import { IsoTimeSchema, NonEmptyStringSchema, PositiveIntSchema } from './primitives'

/** The header a grant is presented as. */
export const ACCESS_HEADER = 'X-Service-Access'

/** The 200 body of `/access` (contract 2.9). */
export const AccessGrantSchema = z.object({
  token: NonEmptyStringSchema,
  header: z.literal(ACCESS_HEADER),
  subject: NonEmptyStringSchema,
  via: NonEmptyStringSchema,
  limit: z.object({
    requestsPerMinute: PositiveIntSchema,
    previously: PositiveIntSchema,
  }),
  expiresAt: IsoTimeSchema,
  ttlSeconds: PositiveIntSchema,
  usage: NonEmptyStringSchema,
  note: NonEmptyStringSchema,
})
export type AccessGrant = z.infer<typeof AccessGrantSchema>

/** Step 1 of the holder-pass flow: the message the wallet signs, bound to `issued`. */
export const HolderPassChallengeSchema = z.object({
  address: NonEmptyStringSchema,
  issued: IsoTimeSchema,
  message: NonEmptyStringSchema,
  expiresAt: IsoTimeSchema,
})
export type HolderPassChallenge = z.infer<typeof HolderPassChallengeSchema>
