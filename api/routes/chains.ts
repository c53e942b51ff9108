import { Hono } from 'hono'
import type { ChainsResponse } from '../../shared'
import { chainDefinitions, toChainResource } from '../../shared'
import type { AppEnv } from '../appEnv'
import type { CachedJson } from '../middleware/cacheHeaders'
import { prepareCachedJson, publicCache, respondWithCachedJson } from '../middleware/cacheHeaders'

/** `GET /chains` (contract 4.1): every chain of the registry, publicly cacheable, never rate limited. */
export function createChainsRoute() {
  const body: ChainsResponse = { chains: chainDefinitions.map(toChainResource) }
  let prepared: Promise<CachedJson> | undefined
  return new Hono<AppEnv>().get('/chains', publicCache(), async (c) =>
    respondWithCachedJson(c, await (prepared ??= prepareCachedJson(body))),
  )
}
