import { z } from 'zod'

/**
 * The query of `GET /quote` as a caller writes it (contract 4.3). Values stay strings here, as on
 * the wire; the API validates and normalises them (`api/routes/quote.ts`).
 */
export const QuoteParamsSchema = z.object({
  sellChain: z.string(),
  sellToken: z.string(),
  buyChain: z.string(),
  buyToken: z.string(),
  amount: z.string(),
  address: z.string(),
  recipient: z.string().optional(),
  hubAddress: z.string().optional(),
  slippage: z.union([z.string(), z.number()]).optional(),
  partner: z.string().optional(),
  partnerFeeBps: z.union([z.string(), z.number()]).optional(),
})
export type QuoteParams = z.infer<typeof QuoteParamsSchema>
