export type { AccessGrant, HolderPassChallenge } from './access'
export { ACCESS_HEADER, AccessGrantSchema, HolderPassChallengeSchema } from './access'
export type { Chain, ChainsResponse, ChainType } from './chain'
export { ChainSchema, ChainsResponseSchema, ChainTypeSchema } from './chain'
export type { ErrorBody } from './error'
export { ErrorBodySchema } from './error'
export type { AssetRef } from './primitives'
export {
  AddressSchema,
  AssetRefSchema,
  Caip2Schema,
  CaipAssetSchema,
  DecimalStringSchema,
  HexQuantitySchema,
  HexSchema,
  IntegerStringSchema,
  IsoTimeSchema,
  UrlSchema,
} from './primitives'
export type { Alternative, Approval, Order, PartnerFee, Quote, Step, Tx, TypedData } from './quote'
export {
  AlternativeSchema,
  ApprovalSchema,
  OrderSchema,
  PartnerFeeSchema,
  QuoteSchema,
  StepSchema,
  TxSchema,
  TypedDataSchema,
} from './quote'
export type { QuoteParams } from './quoteParams'
export { QuoteParamsSchema } from './quoteParams'
export type { StatusTx, SwapState, SwapStatus } from './status'
export { StatusTxSchema, SwapStateSchema, SwapStatusSchema } from './status'
export type { Token, TokensResponse } from './token'
export { TokenSchema, TokensResponseSchema } from './token'
