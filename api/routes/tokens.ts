import { Hono } from 'hono'
import type { Token, TokensResponse } from '../../shared'
import { findChain, listTokens, nativeToken, SwapError } from '../../shared'
import type { AppEnv } from '../appEnv'
import type { LogoFile } from '../logos/createLogoFiles'
import { LOGOS_PATH } from '../logos/createLogoFiles'
import type { CachedJson } from '../middleware/cacheHeaders'
import { prepareCachedJson, publicCache, respondWithCachedJson } from '../middleware/cacheHeaders'
import { parseQueryString } from '../request/parseQueryString'

/**
 * `GET /tokens?chainId=` (alias `chain`) (contract 4.2): the curated list of one chain.
 *
 * Every chain `/chains` lists answers 200: an EVM chain with its integer `chainId` and its curated
 * tokens; a chain without an EVM chain id (BTC, GAIA, HIVE, …) with its one native asset (the
 * `slip44` form) and no `chainId`, since it has none. `UNKNOWN_CHAIN` means the chain is not in
 * `/chains`, as the contract defines it. Without `chainId` or `chain` it is 400 `BAD_REQUEST` naming
 * `chainId`. A token whose symbol has a logo in `logos` carries `logoURI`, root-relative
 * (`/logos/usdc-….svg`): it resolves against the API's origin.
 */
export function createTokensRoute({ logos = new Map() }: { logos?: ReadonlyMap<string, LogoFile> } = {}) {
  const withLogo = (token: Token): Token => {
    const logo = logos.get(token.symbol)
    return logo ? { ...token, logoURI: `${LOGOS_PATH}/${logo.file}` } : token
  }
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
    let cached = prepared.get(chain.symbol)
    if (!cached) {
      const body: TokensResponse =
        chain.chainId === undefined
          ? { chain: chain.symbol, tokens: [withLogo(nativeToken(chain))] }
          : { chain: chain.symbol, chainId: chain.chainId, tokens: listTokens(chain).map(withLogo) }
      cached = prepareCachedJson(body)
      prepared.set(chain.symbol, cached)
    }
    return respondWithCachedJson(c, await cached)
  })
}
