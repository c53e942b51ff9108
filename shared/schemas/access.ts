import { z } from 'zod'
import { IsoTimeSchema } from './primitives'

/** The header a grant is presented as. */
export const ACCESS_HEADER = 'X-Service-Access'

/** The 200 body of `/access` (contract 2.9). */
export const AccessGrantSchema = z.object({
  token: z.string().min(1),
  header: z.literal(ACCESS_HEADER),
  subject: z.string().min(1),
  via: z.string().min(1),
  limit: z.object({
    requestsPerMinute: z.number().int().positive(),
    previously: z.number().int().positive(),
  }),
  expiresAt: IsoTimeSchema,
  ttlSeconds: z.number().int().positive(),
  usage: z.string().min(1),
  note: z.string().min(1),
})
export type AccessGrant = z.infer<typeof AccessGrantSchema>

/** Step 1 of the holder-pass flow: the message the wallet signs, bound to `issued`. */
export const HolderPassChallengeSchema = z.object({
  address: z.string().min(1),
  issued: IsoTimeSchema,
  message: z.string().min(1),
  expiresAt: IsoTimeSchema,
})
export type HolderPassChallenge = z.infer<typeof HolderPassChallengeSchema>
