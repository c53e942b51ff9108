import { z } from 'zod'
import { upstreamError } from '../common/venueErrors'

const integer = z.string().regex(/^[0-9]+$/)

/**
 * The fields of CoW's `POST /api/v1/quote` answer the adapter relies on; other fields pass and are
 * left out of the parsed value.
 */
export const CowQuoteResponseSchema = z.object({
  quote: z.object({
    sellToken: z.string(),
    buyToken: z.string(),
    sellAmount: integer,
    buyAmount: integer,
    feeAmount: integer,
    validTo: z.number().int().positive(),
    appDataHash: z.string().optional(),
    kind: z.literal('sell'),
  }),
  expiration: z.string().optional(),
  id: z.number().int().nullish(),
  verified: z.boolean().optional(),
  // A string such as "2" at CoW; may carry decimals.
  protocolFeeBps: z.union([z.string().regex(/^[0-9]+(\.[0-9]+)?$/), z.number().nonnegative()]).optional(),
})
export type CowQuoteResponse = z.infer<typeof CowQuoteResponseSchema>

/** Validates a 200 answer of CoW's quote endpoint, or throws `UPSTREAM_ERROR`. */
export function parseCowQuoteResponse(body: unknown): CowQuoteResponse {
  const parsed = CowQuoteResponseSchema.safeParse(body)
  if (!parsed.success) throw upstreamError('CoW', 'answered a quote of an unexpected shape', parsed.error)
  return parsed.data
}
