import type { ChainDefinition } from '../chains/chainDefinition'
import { getErc20Caip } from '../caip/caipAsset'
import type { Token } from '../schemas/token'
import { tokenLists } from './lists'
import { nativeToken } from './nativeToken'

/**
 * The curated `/tokens` list of a chain: its native asset first, then the curated ERC-20s.
 * Every entry carries `decimals`, since all of them are statically known.
 */
export function listTokens(chain: ChainDefinition): Token[] {
  const tokens = (tokenLists[chain.symbol] ?? []).map((token): Token => ({
    symbol: token.symbol,
    name: token.name,
    caip: getErc20Caip(chain, token.contract),
    chain: chain.symbol,
    isToken: true,
    contract: token.contract,
    decimals: token.decimals,
  }))
  return [nativeToken(chain), ...tokens]
}
