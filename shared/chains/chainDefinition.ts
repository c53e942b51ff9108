import type { ChainType } from '../schemas/chain'

/**
 * Everything the project knows about one chain. The public `Chain` resource of `/chains` is a
 * projection of this (see `toChainResource`).
 */
export type ChainDefinition = {
  /** Chain symbol, the value every endpoint accepts (`ETH`, `BTC`, ...). */
  symbol: string
  name: string
  nativeSymbol: string
  /** Display name of the native asset. */
  nativeName: string
  type: ChainType
  /** Numeric EIP-155 chain id, EVM chains only. */
  chainId?: number
  /** CAIP-2 chain id. */
  caip2: string
  nativeDecimals: number
  /** Block explorer base URL, no trailing slash. */
  explorerUrl: string
  /** Path of a transaction page under `explorerUrl`, `{hash}` replaced. */
  explorerTxPath: string
  /**
   * The shape of an address on this chain (format only, no checksum): the one rule the API, the
   * widget and the sandbox check addresses with, through `isChainAddress`.
   */
  addressPattern: RegExp
  /** Whether quotes may involve this chain at all (`HIVE` is listed but never quotable). */
  quotable: boolean
}
