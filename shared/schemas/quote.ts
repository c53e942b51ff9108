import { z } from 'zod'
import {
  AddressSchema,
  AssetRefSchema,
  DecimalStringSchema,
  HexQuantitySchema,
  HexSchema,
  IntegerStringSchema,
  IsoTimeSchema,
} from './primitives'

/** A transaction ready for `eth_sendTransaction` as it stands (contract 2.4). */
export const TxSchema = z.object({
  chainId: z.number().int().positive(),
  to: AddressSchema,
  data: HexSchema.optional(),
  value: HexQuantitySchema.optional(),
  gasLimit: HexQuantitySchema.optional(),
})
export type Tx = z.infer<typeof TxSchema>

/** The exact ERC-20 approval to confirm before `tx` (contract 2.5). Never unlimited. */
export const ApprovalSchema = z.object({
  chainId: z.number().int().positive(),
  token: AddressSchema,
  spender: AddressSchema,
  amountWei: IntegerStringSchema,
})
export type Approval = z.infer<typeof ApprovalSchema>

/** EIP-712 typed data, signed verbatim with `eth_signTypedData_v4`. */
export const TypedDataSchema = z.object({
  domain: z.record(z.string(), z.unknown()),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string().min(1),
  message: z.record(z.string(), z.unknown()),
})
export type TypedData = z.infer<typeof TypedDataSchema>

/**
 * A signed-order route (contract 2.6). `protocol` is `"cow"`, `validTo` a unix time in seconds and
 * `body` the fields of CoW's `POST /api/v1/orders` except `signature` and `signingScheme`.
 */
export const OrderSchema = z.object({
  protocol: z.string().min(1),
  chainId: z.number().int().positive(),
  appDataUrl: z.url(),
  appData: z.looseObject({ fullAppData: z.string().min(1) }),
  typedData: TypedDataSchema,
  postUrl: z.url(),
  body: z.record(z.string(), z.unknown()),
  signingScheme: z.string().min(1),
  validTo: z.number().int().positive(),
  note: z.string().min(1),
})
export type Order = z.infer<typeof OrderSchema>

/** What was or was not collected for the partner on this route (contract 2.7). */
export const PartnerFeeSchema = z.object({
  requestedBps: z.number().int().min(0).max(100),
  recipient: AddressSchema.optional(),
  collectedBps: z.number().int().min(0).max(100),
  collected: z.boolean(),
  note: z.string().min(1),
})
export type PartnerFee = z.infer<typeof PartnerFeeSchema>

/** The 200 body of `/quote` (contract 2.3). */
export const QuoteSchema = z
  .object({
    provider: z.string().regex(/^[a-z0-9]+$/),
    sellChain: z.string().min(1),
    buyChain: z.string().min(1),
    sellToken: AssetRefSchema,
    buyToken: AssetRefSchema,
    sellAmount: DecimalStringSchema,
    buyAmount: DecimalStringSchema,
    minBuyAmount: DecimalStringSchema.optional(),
    rate: z.number().nonnegative(),
    tx: TxSchema.optional(),
    approval: ApprovalSchema.optional(),
    depositAddress: z.string().min(1).optional(),
    memo: z.string().min(1).optional(),
    order: OrderSchema.optional(),
    expiresAt: IsoTimeSchema,
    partner: z.string().max(64).optional(),
    partnerFeeBps: z.number().int().positive().max(100).optional(),
    partnerFee: PartnerFeeSchema.optional(),
  })
  .refine((quote) => !(quote.tx && quote.order), {
    message: 'tx and order are mutually exclusive',
    path: ['order'],
  })
  .refine((quote) => (quote.partner === undefined) === (quote.partnerFee === undefined), {
    message: 'partnerFee is present exactly when partner is',
    path: ['partnerFee'],
  })
  .refine((quote) => quote.partnerFeeBps === undefined || quote.partnerFee?.collected === true, {
    message: 'partnerFeeBps is present only when the partner fee is collected',
    path: ['partnerFeeBps'],
  })
export type Quote = z.infer<typeof QuoteSchema>

/**
 * One leg of a two-step suggestion through a hub chain, carried on a 404 `NO_ROUTE` (contract 2.8).
 * Its amounts are indicative and may be up to 5 minutes old.
 */
export const StepSchema = z.object({
  sellChain: z.string().min(1),
  sellToken: AssetRefSchema,
  buyChain: z.string().min(1),
  buyToken: AssetRefSchema,
  sellAmount: DecimalStringSchema,
  buyAmount: DecimalStringSchema,
  provider: z.string().min(1),
  recipient: z.string().min(1),
})
export type Step = z.infer<typeof StepSchema>
