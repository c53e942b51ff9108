export type { Rounding } from './amount'
export { applyBps, BPS, computeRate, formatAmount, MAX_AMOUNT_LENGTH, parseAmount } from './amount'
export type { ParsedCaipAsset } from './caip'
export { getErc20Caip, getNativeCaip, parseCaipAsset } from './caip'
export type { ChainDefinition } from './chains'
export {
  arbitrum,
  avalanche,
  base,
  bitcoin,
  bitcoinCash,
  bsc,
  chainDefinitions,
  cosmosHub,
  dogecoin,
  ethereum,
  findChain,
  getExplorerTxUrl,
  hive,
  litecoin,
  robinhood,
  thorchain,
  toChainResource,
} from './chains'
export type { ErrorCode, SwapErrorParameters } from './errors'
export { ErrorCodeSchema, errorStatus, isSwapError, SwapError } from './errors'
export type {
  AccessGrant,
  Approval,
  AssetRef,
  Chain,
  ChainsResponse,
  ChainType,
  ErrorBody,
  HolderPassChallenge,
  Order,
  PartnerFee,
  Quote,
  QuoteParams,
  Step,
  Token,
  TokensResponse,
  Tx,
  TypedData,
} from './schemas'
export {
  ACCESS_HEADER,
  AccessGrantSchema,
  AddressSchema,
  ApprovalSchema,
  AssetRefSchema,
  Caip2Schema,
  CaipAssetSchema,
  ChainSchema,
  ChainsResponseSchema,
  ChainTypeSchema,
  DecimalStringSchema,
  ErrorBodySchema,
  HexQuantitySchema,
  HexSchema,
  HolderPassChallengeSchema,
  IntegerStringSchema,
  IsoTimeSchema,
  OrderSchema,
  PartnerFeeSchema,
  QuoteParamsSchema,
  QuoteSchema,
  StepSchema,
  TokenSchema,
  TokensResponseSchema,
  TxSchema,
  TypedDataSchema,
} from './schemas'
export type { ResolvedToken, TokenDefinition } from './tokens'
export { listTokens, resolveToken, tokenLists } from './tokens'
