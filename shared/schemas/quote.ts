import * as z from 'zod/mini'
import {
  AddressSchema,
  AssetRefSchema,
  DecimalStringSchema,
  HexQuantitySchema,
  HexSchema,
  IntegerStringSchema,
  IsoTimeSchema,
  NonEmptyStringSchema,
  PositiveIntSchema,
  UrlSchema,
} from './primitives'

/** A transaction ready for `eth_sendTransaction` as it stands (contract 2.4). */
export const TxSchema = z.object({
  chainId: PositiveIntSchema,
  to: AddressSchema,
  data: z.optional(HexSchema),
  value: z.optional(HexQuantitySchema),
  gasLimit: z.optional(HexQuantitySchema),
})
export type Tx = z.infer<typeof TxSchema>

/** The exact ERC-20 approval to confirm before `tx` (contract 2.5). Never unlimited. */
export const ApprovalSchema = z.object({
  chainId: PositiveIntSchema,
  token: AddressSchema,
  spender: AddressSchema,
  amountWei: IntegerStringSchema,
})
export type Approval = z.infer<typeof ApprovalSchema>

/** EIP-712 typed data, signed verbatim with `eth_signTypedData_v4`. */
export const TypedDataSchema = z.object({
  domain: z.record(z.string(), z.unknown()),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: NonEmptyStringSchema,
  message: z.record(z.string(), z.unknown()),
})
export type TypedData = z.infer<typeof TypedDataSchema>

/**
 * A signed-order route (contract 2.6). `protocol` is `"cow"`, `validTo` a unix time in seconds and
 * `body` the fields of CoW's `POST /api/v1/orders` except `signature` and `signingScheme`.
 */
export const OrderSchema = z.object({
  protocol: NonEmptyStringSchema,
  chainId: PositiveIntSchema,
  appDataUrl: UrlSchema,
  appData: z.looseObject({ fullAppData: NonEmptyStringSchema }),
  typedData: TypedDataSchema,
  postUrl: UrlSchema,
  body: z.record(z.string(), z.unknown()),
  signingScheme: NonEmptyStringSchema,
  validTo: PositiveIntSchema,
  note: NonEmptyStringSchema,
})
export type Order = z.infer<typeof OrderSchema>

/** A whole number of basis points from 0 to 100. */
const BpsSchema = z.int().check(z.gte(0), z.lte(100))

/** What was or was not collected for the partner on this route (contract 2.7). */
export const PartnerFeeSchema = z.object({
  requestedBps: BpsSchema,
  recipient: z.optional(AddressSchema),
  collectedBps: BpsSchema,
  collected: z.boolean(),
  note: NonEmptyStringSchema,
})
export type PartnerFee = z.infer<typeof PartnerFeeSchema>

/**
 * One venue of the race behind a quote, in `alternatives` (only with `include=alternatives`, an
 * addition to the contract): how it ended, why, and for a venue that priced what it offered. `netOutput`
 * is what ranking compared: the output after fees, less the gas the user pays, in the buy token.
 */
export const AlternativeSchema = z.object({
  provider: z.string().check(z.regex(/^[a-z0-9]+$/)),
  status: z.enum(['quoted', 'outranked', 'noRoute', 'failed', 'timedOut']),
  reason: z.string(),
  buyAmount: z.optional(DecimalStringSchema),
  minBuyAmount: z.optional(DecimalStringSchema),
  netOutput: z.optional(DecimalStringSchema),
})
export type Alternative = z.infer<typeof AlternativeSchema>

/** The 200 body of `/quote` (contract 2.3). */
export const QuoteSchema = z
  .object({
    provider: z.string().check(z.regex(/^[a-z0-9]+$/)),
    sellChain: NonEmptyStringSchema,
    buyChain: NonEmptyStringSchema,
    sellToken: AssetRefSchema,
    buyToken: AssetRefSchema,
    sellAmount: DecimalStringSchema,
    buyAmount: DecimalStringSchema,
    minBuyAmount: z.optional(DecimalStringSchema),
    rate: z.number().check(z.nonnegative()),
    tx: z.optional(TxSchema),
    approval: z.optional(ApprovalSchema),
    depositAddress: z.optional(NonEmptyStringSchema),
    memo: z.optional(NonEmptyStringSchema),
    order: z.optional(OrderSchema),
    expiresAt: IsoTimeSchema,
    partner: z.optional(z.string().check(z.maxLength(64))),
    partnerFeeBps: z.optional(z.int().check(z.positive(), z.lte(100))),
    partnerFee: z.optional(PartnerFeeSchema),
    /** This quote's id (an addition to the contract): the key of its quote-log line. */
    quoteId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/))),
    /**
     * An addition to the contract, absent when unknown: how much worse this quote's rate is than the
     * market's mid price, in basis points (positive is worse, negative better), from the venue's own
     * figure or the service's cached mid price. Fees and the network cost paid beside the swap are
     * included: it is what the user gives up, at most 10000.
     */
    priceImpactBps: z.optional(z.int()),
    /** An addition, absent when unknown: the sell amount's value in US dollars, for example `"301.25"`. */
    sellValueUsd: z.optional(DecimalStringSchema),
    /** An addition, absent when unknown: the buy amount's value in US dollars. */
    buyValueUsd: z.optional(DecimalStringSchema),
    /**
     * An addition: the service's own fee on this route in basis points of the swap, already taken in
     * the amounts (never charged on top).
     */
    serviceFeeBps: z.optional(z.int().check(z.nonnegative(), z.lte(1000))),
    /**
     * An addition, absent when unknown: what the user pays beyond the sell amount (network gas, and any
     * venue fee charged on top), valued in the buy token as a decimal string. Not taken from `buyAmount`.
     */
    networkCost: z.optional(DecimalStringSchema),
    /** An addition, absent when the venue states none: seconds expected from sending to delivery. */
    estimatedSeconds: z.optional(PositiveIntSchema),
    /** Only with `include=alternatives`: every venue that took part, the served one first. */
    alternatives: z.optional(z.array(AlternativeSchema)),
  })
  .check(
    z.refine((quote) => !(quote.tx && quote.order), {
      message: 'tx and order are mutually exclusive',
      path: ['order'],
    }),
    z.refine((quote) => (quote.partner === undefined) === (quote.partnerFee === undefined), {
      message: 'partnerFee is present exactly when partner is',
      path: ['partnerFee'],
    }),
    z.refine((quote) => quote.partnerFeeBps === undefined || quote.partnerFee?.collected === true, {
      message: 'partnerFeeBps is present only when the partner fee is collected',
      path: ['partnerFeeBps'],
    }),
  )
export type Quote = z.infer<typeof QuoteSchema>

/**
 * One leg of a two-step suggestion through a hub chain, carried on a 404 `NO_ROUTE` (contract 2.8).
 * Its amounts are indicative and may be up to 5 minutes old.
 */
export const StepSchema = z.object({
  sellChain: NonEmptyStringSchema,
  sellToken: AssetRefSchema,
  buyChain: NonEmptyStringSchema,
  buyToken: AssetRefSchema,
  sellAmount: DecimalStringSchema,
  buyAmount: DecimalStringSchema,
  provider: NonEmptyStringSchema,
  recipient: NonEmptyStringSchema,
})
export type Step = z.infer<typeof StepSchema>
