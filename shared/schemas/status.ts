import * as z from 'zod/mini'
import { DecimalStringSchema, IsoTimeSchema, NonEmptyStringSchema } from './primitives'

/**
 * Where a submitted swap stands (`GET /status`, an addition to the contract):
 * - `pending`: nothing seen yet (the source transaction or order is not confirmed or filled);
 * - `inFlight`: the source side is done, the funds are on their way to the destination chain;
 * - `delivered`: at least `minBuyAmount` reached the recipient on the destination chain;
 * - `refunded`: the venue gave the funds back (on the sell chain, to the refund address);
 * - `failed`: the source transaction reverted, or the order expired or was cancelled unfilled.
 * `delivered`, `refunded` and `failed` are final.
 */
export const SwapStateSchema = z.enum(['pending', 'inFlight', 'delivered', 'refunded', 'failed'])
export type SwapState = z.infer<typeof SwapStateSchema>

/** One transaction a status names: the chain's symbol (as `/chains` lists it) and its hash. */
export const StatusTxSchema = z.object({
  chain: NonEmptyStringSchema,
  hash: NonEmptyStringSchema,
})
export type StatusTx = z.infer<typeof StatusTxSchema>

/** The 200 body of `GET /status?quoteId=&hash=`. */
export const SwapStatusSchema = z.object({
  quoteId: NonEmptyStringSchema,
  provider: z.string().check(z.regex(/^[a-z0-9]+$/)),
  state: SwapStateSchema,
  /** The transaction (or CoW order uid) the user submitted, as it was given. */
  sourceTx: z.optional(StatusTxSchema),
  /** The delivery (or refund) transaction, once seen. */
  destinationTx: z.optional(StatusTxSchema),
  /** What reached the recipient, in human units of the buy token (or of the sell token for a refund). */
  deliveredAmount: z.optional(DecimalStringSchema),
  /** A short sentence for people on why the swap stands where it does (a refund's or failure's reason). */
  reason: z.optional(z.string()),
  updatedAt: IsoTimeSchema,
})
export type SwapStatus = z.infer<typeof SwapStatusSchema>
