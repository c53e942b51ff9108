import { Hono } from 'hono'
import type { TokensResponse } from '../../shared'
import { findChain, listTokens, SwapError } from '../../shared'
import type { AppEnv } from '../appEnv'
import type { CachedJson } from '../middleware/cacheHeaders'
import { prepareCachedJson, publicCache, respondWithCachedJson } from '../middleware/cacheHeaders'
import { parseQueryString } from '../request/parseQueryString'

/**
 * `GET /tokens?chainId=` (alias `chain`) (contract 4.2): the curated list of one chain.
 *
 * Decision: the response's `chainId` is an integer, which only EVM chains have, so only EVM chains
 * are listable here; a known non-EVM chain (BTC, GAIA, …) answers 404 `UNKNOWN_CHAIN` naming that
 * reason. Their single native asset is in `/chains` (`nativeSymbol`) and quotable by symbol.
 * Without `chainId` or `chain` it is 400 `BAD_REQUEST` naming `chainId`.
 */
export function createTokensRoute() {
  // One prepared body per chain symbol: at most one per EVM chain of the registry.
  const prepared = new Map<string, Promise<CachedJson>>()
  return new Hono<AppEnv>().get('/tokens', publicCache(), async (c) => {
    const query = parseQueryString(c.req.url)
    if (query.chainId !== undefined && query.chain !== undefined && query.chainId !== query.chain) {
      throw new SwapError({ code: 'BAD_REQUEST', message: 'Give chainId or chain, not two different values' })
    }
    const value = query.chainId ?? query.chain
    if (value === undefined) {
      throw new SwapError({ code: 'BAD_REQUEST', message: 'Missing required parameters: chainId' })
    }
    const chain = findChain(value)
    const shown = value.length > 64 ? `${value.slice(0, 64)}…` : value
    if (!chain) throw new SwapError({ code: 'UNKNOWN_CHAIN', message: `Unsupported chain: ${shown}` })
    if (chain.chainId === undefined) {
      throw new SwapError({
        code: 'UNKNOWN_CHAIN',
        message: `Unsupported chain for /tokens: ${chain.symbol} is not an EVM chain; its native asset is ${chain.nativeSymbol}`,
      })
    }
    let cached = prepared.get(chain.symbol)
    if (!cached) {
      const body: TokensResponse = { chain: chain.symbol, chainId: chain.chainId, tokens: listTokens(chain) }
      cached = prepareCachedJson(body)
      prepared.set(chain.symbol, cached)
    }
    return respondWithCachedJson(c, await cached)
  })
}
