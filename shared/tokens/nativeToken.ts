import type { ChainDefinition } from '../chains/chainDefinition'
import { getNativeCaip } from '../caip/caipAsset'
import type { Token } from '../schemas/token'

/**
 * The native asset of a chain as a `Token`. Kept apart from the curated lists so code that needs only
 * the native coin (the widget, for a UTXO or Cosmos chain) does not carry every list with it.
 */
export function nativeToken(chain: ChainDefinition): Token {
  return {
    symbol: chain.nativeSymbol,
    name: chain.nativeName,
    caip: getNativeCaip(chain),
    chain: chain.symbol,
    isToken: false,
    decimals: chain.nativeDecimals,
  }
}
