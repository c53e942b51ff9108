import { Hono } from 'hono'
import type { ChainsResponse } from '../../shared'
import { chainDefinitions, toChainResource } from '../../shared'
import type { AppEnv } from '../appEnv'
import { publicCache } from '../middleware/cacheHeaders'

/** `GET /chains` (contract 4.1): every chain of the registry, publicly cacheable, never rate limited. */
export function createChainsRoute() {
  const body: ChainsResponse = { chains: chainDefinitions.map(toChainResource) }
  return new Hono<AppEnv>().get('/chains', publicCache(), (c) => c.json(body))
}
