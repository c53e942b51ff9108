export type {
  CreateSwapClientParameters,
  HolderPassGrantParameters,
  PaymentHeaders,
  QuoteCallOptions,
  SwapCallOptions,
  SwapClient,
} from './createSwapClient'
export { API_PATH_PREFIX, createSwapClient } from './createSwapClient'
export { decodePaymentRequired } from './decodePaymentRequired'
export type { AccessChallenge } from './parseAccessChallenge'
export type { PaymentRequired } from './paymentRequired'
export { PaymentRequiredSchema } from './paymentRequired'
export type { FetchFn } from './sendRequest'
export type { SwapApiErrorParameters } from './SwapApiError'
export { SwapApiError } from './SwapApiError'
