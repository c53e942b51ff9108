export type { ChainDefinition } from './chainDefinition'
export {
  arbitrum,
  avalanche,
  base,
  bitcoin,
  bitcoinCash,
  bsc,
  caip2Aliases,
  chainDefinitions,
  cosmosHub,
  dogecoin,
  ethereum,
  hive,
  litecoin,
  robinhood,
  thorchain,
} from './definitions'
export { findChain, getExplorerTxUrl, toChainResource } from './findChain'
export { isChainAddress } from './isChainAddress'
