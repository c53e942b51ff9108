import { z } from 'zod'
import { AddressSchema, CaipAssetSchema } from './primitives'

/** One element of `tokens` in the `/tokens` response (contract 2.2). */
export const TokenSchema = z
  .object({
    symbol: z.string().min(1),
    name: z.string().min(1),
    caip: CaipAssetSchema,
    chain: z.string().min(1),
    isToken: z.boolean(),
    contract: AddressSchema.optional(),
    decimals: z.number().int().min(0).max(255).optional(),
  })
  .refine((token) => token.isToken === (token.contract !== undefined), {
    message: 'contract is present exactly when isToken is true',
    path: ['contract'],
  })
export type Token = z.infer<typeof TokenSchema>

/** The `/tokens` response body (contract 4.2). */
export const TokensResponseSchema = z.object({
  chain: z.string().min(1),
  chainId: z.number().int().positive(),
  tokens: z.array(TokenSchema),
})
export type TokensResponse = z.infer<typeof TokensResponseSchema>
