import { findChain } from '../../shared/chains'
import type { QuoteClient } from '../../shared/client'
import type { Token } from '../../shared/schemas'
import { nativeToken } from '../../shared/tokens/nativeToken'

/**
 * The token list of a chain for the pickers. `/tokens` lists EVM chains only; a UTXO, Cosmos or Hive
 * chain has one asset, its native coin, which the chain registry describes, so no request is made
 * for it.
 *
 * @example
 * await loadChainTokens({ client, chain: 'BTC' }) // [{ symbol: 'BTC', isToken: false, … }]
 */
export async function loadChainTokens({
  client,
  chain,
  signal,
}: {
  client: QuoteClient
  chain: string
  signal?: AbortSignal
}): Promise<Token[]> {
  const known = findChain(chain)
  if (known && known.type !== 'evm') return [nativeToken(known)]
  return (await client.tokens(chain, signal ? { signal } : {})).tokens
}
