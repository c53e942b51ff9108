export { buildSwapkitVenueQuote } from './buildSwapkitVenueQuote'
export { classifySwapkitError } from './classifySwapkitError'
export { createSwapkitVenue } from './createSwapkitVenue'
export { parseVenueDecimal } from './parseVenueDecimal'
export {
  MAX_MEMO_AFFILIATES,
  readMemoAffiliates,
  rewriteMemoAffiliates,
  splitAffiliateBps,
} from './rewriteMemoAffiliates'
export type { MemoAffiliate, MemoAffiliateShare, RewriteMemoAffiliatesOptions } from './rewriteMemoAffiliates'
export { SWAPKIT_CHAINS } from './swapkitVenueOptions'
export type { SwapkitVenueOptions } from './swapkitVenueOptions'
export { thorchainRouterAbi } from './thorchainRouterAbi'
export { toSwapkitAsset } from './toSwapkitAsset'
