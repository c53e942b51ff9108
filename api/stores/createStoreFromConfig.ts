import type { Config } from '../config'
import type { Logger } from '../logging/logger'
import { createFailoverStore } from './failoverStore'
import { createMemoryStore, type MemoryStore } from './memoryStore'
import { createRedisStore } from './redisStore'
import type { Store } from './store'

export type CreateStoreFromConfigParameters = {
  config: Pick<Config, 'REDIS_URL' | 'STATUS_RECORDS_IN_MEMORY'>
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
  fallback = createConfiguredMemoryStore({ config, logger }),
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

/**
 * This host's memory store, bounded as configured: at most `STATUS_RECORDS_IN_MEMORY` `/status` records
 * (quotes' and final answers'), the least recently used dropped first, with one warning when that first happens.
 */
export function createConfiguredMemoryStore({
  config,
  logger,
}: {
  config: Pick<Config, 'STATUS_RECORDS_IN_MEMORY'>
  logger: Logger
}): MemoryStore {
  return createMemoryStore({
    maxEvictable: config.STATUS_RECORDS_IN_MEMORY,
    onFirstEviction: () =>
      logger.warn(
        'status records in memory are full; the least recently used are forgotten first (/status 404)',
        {
          kept: config.STATUS_RECORDS_IN_MEMORY,
          hint: 'set REDIS_URL, or raise STATUS_RECORDS_IN_MEMORY',
        },
      ),
  })
}
