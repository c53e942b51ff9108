import * as z from 'zod/mini'
import { AddressSchema, CaipAssetSchema, NonEmptyStringSchema, PositiveIntSchema } from './primitives'

/** One element of `tokens` in the `/tokens` response (contract 2.2). */
export const TokenSchema = z
  .object({
    symbol: NonEmptyStringSchema,
    name: NonEmptyStringSchema,
    caip: CaipAssetSchema,
    chain: NonEmptyStringSchema,
    isToken: z.boolean(),
    contract: z.optional(AddressSchema),
    decimals: z.optional(z.int().check(z.gte(0), z.lte(255))),
    /** The token's logo: an absolute URL or a path from the API's origin (`/logos/usdc-….svg`). */
    logoURI: z.optional(z.string()),
  })
  .check(
    z.refine((token) => token.isToken === (token.contract !== undefined), {
      message: 'contract is present exactly when isToken is true',
      path: ['contract'],
    }),
  )
export type Token = z.infer<typeof TokenSchema>

/** The `/tokens` response body (contract 4.2). */
export const TokensResponseSchema = z.object({
  chain: NonEmptyStringSchema,
  /** The EVM chain id; absent for a chain that has none (BTC, GAIA, …), whose list is its native asset. */
  chainId: z.optional(PositiveIntSchema),
  tokens: z.array(TokenSchema),
})
export type TokensResponse = z.infer<typeof TokensResponseSchema>
