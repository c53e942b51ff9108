import * as z from 'zod/mini'
import { Caip2Schema, NonEmptyStringSchema, PositiveIntSchema } from './primitives'

/** The four kinds of chain the service lists. */
export const ChainTypeSchema = z.enum(['evm', 'utxo', 'cosmos', 'hive'])
export type ChainType = z.infer<typeof ChainTypeSchema>

/** One element of `chains` in the `/chains` response (contract 2.1). `chainId` is there for EVM chains only. */
export const ChainSchema = z
  .object({
    id: NonEmptyStringSchema,
    name: NonEmptyStringSchema,
    nativeSymbol: NonEmptyStringSchema,
    caip2: Caip2Schema,
    type: ChainTypeSchema,
    chainId: z.optional(PositiveIntSchema),
  })
  .check(
    z.refine((chain) => (chain.type === 'evm') === (chain.chainId !== undefined), {
      message: 'chainId is present exactly when type is evm',
      path: ['chainId'],
    }),
  )
export type Chain = z.infer<typeof ChainSchema>

/** The `/chains` response body (contract 4.1). */
export const ChainsResponseSchema = z.object({ chains: z.array(ChainSchema) })
export type ChainsResponse = z.infer<typeof ChainsResponseSchema>
