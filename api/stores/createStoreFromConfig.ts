import type { Config } from '../config'
import type { Logger } from '../logging/logger'
import { createFailoverStore } from './failoverStore'
import { createMemoryStore } from './memoryStore'
import { createRedisStore } from './redisStore'
import type { Store } from './store'

export type CreateStoreFromConfigParameters = {
  config: Pick<Config, 'REDIS_URL'>
  logger: Logger
  /**
   * What answers without Redis, and while Redis is down: this process's memory by default; in a
   * cluster worker, the primary's (so the limits stay per host, not per worker, even then).
   */
  fallback?: Store
}

/**
 * The store `startApiServer` uses unless given one: Redis at `REDIS_URL` failing over to `fallback`
 * while it is down, else `fallback` alone.
 */
export async function createStoreFromConfig({
  config,
  logger,
  fallback = createMemoryStore(),
}: CreateStoreFromConfigParameters): Promise<Store> {
  if (!config.REDIS_URL) return fallback
  const redis = createRedisStore({ url: config.REDIS_URL, logger })
  try {
    await redis.ready(3_000)
  } catch {
    logger.warn('redis not reachable at start; counting in memory until it is')
  }
  return createFailoverStore({ primary: redis, fallback, logger })
}
