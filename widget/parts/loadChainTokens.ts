import type { QuoteClient } from '../../shared/client'
import type { Token } from '../../shared/schemas'

/**
 * The token list of a chain for the pickers, as `/tokens` answers it for every chain `/chains` lists:
 * a UTXO or Cosmos chain's list is its one native coin. (The answer is publicly cacheable, so the
 * browser keeps it.)
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
  return (await client.tokens(chain, { signal })).tokens
}
