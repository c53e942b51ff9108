import * as z from 'zod/mini'
import { AMOUNT_PATTERN } from '../amount'

/**
 * The query of `GET /quote` as a caller writes it (contract 4.3). Values stay strings here, as on
 * the wire; the API validates and normalises them (`api/routes/quote.ts`).
 */
export const QuoteParamsSchema = z.object({
  sellChain: z.string(),
  sellToken: z.string(),
  buyChain: z.string(),
  buyToken: z.string(),
  /** Human units of the sell token in the contract's grammar (`AMOUNT_PATTERN`), for example `0.1`. */
  amount: z.string().check(z.regex(AMOUNT_PATTERN)),
  address: z.string(),
  recipient: z.optional(z.string()),
  hubAddress: z.optional(z.string()),
  slippage: z.optional(z.union([z.string(), z.number()])),
  partner: z.optional(z.string()),
  partnerFeeBps: z.optional(z.union([z.string(), z.number()])),
  /** `alternatives`: add every venue of the race to the quote (an addition to the contract). */
  include: z.optional(z.string()),
})
export type QuoteParams = z.infer<typeof QuoteParamsSchema>
