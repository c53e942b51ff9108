import { Redis } from 'ioredis'
import type { Logger } from '../logging/logger'
import type { Store, WindowCount } from './store'

// One round-trip per hit: INCR, open the window on the first hit, and report the time left.
// The `ttl < 0` branch repairs a key that lost its expiry (for example after a manual SET), so no
// caller is locked out forever.
const incrementScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`

type ScriptedRedis = Redis & {
  incrementWindow(key: string, windowMs: number): Promise<[number, number]>
}

export type CreateRedisStoreParameters = {
  /** `redis://…` address. */
  url: string
  /** Prefix of every key, so several deployments can share one Redis. */
  keyPrefix?: string
  logger?: Logger
  now?: () => number
  /** A command that has not answered by then fails (and the caller fails open); milliseconds. */
  commandTimeoutMs?: number
}

/** A Redis `Store` plus a promise that settles once the first connection is up. */
export type RedisStore = Store & {
  /** Resolves when connected; rejects after `timeoutMs` (the client keeps reconnecting in the background). */
  ready(timeoutMs?: number): Promise<void>
}

/**
 * A `Store` on Redis, exact across every instance that shares it. Each counter hit is one atomic
 * Lua call (INCR + PEXPIRE on the first hit, returning the count and PTTL).
 *
 * The client is set up to fail fast rather than queue: no offline queue, one try per command and a
 * short command timeout, so when Redis is down every call rejects within milliseconds and the caller
 * decides (the rate limiter fails over to memory, see `createFailoverStore`). It reconnects on its
 * own with a capped backoff, so nothing needs restarting once Redis is back.
 *
 * @example
 * const store = createRedisStore({ url: 'redis://127.0.0.1:6379' })
 * await store.ready()
 */
export function createRedisStore({
  url,
  keyPrefix = 'swapquote:',
  logger,
  now = Date.now,
  commandTimeoutMs = 500,
}: CreateRedisStoreParameters): RedisStore {
  const client = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 6), 2_000),
    lazyConnect: false,
  }) as ScriptedRedis
  client.defineCommand('incrementWindow', { numberOfKeys: 1, lua: incrementScript })
  let lastErrorLog = 0
  // Without a listener, ioredis re-emits connection errors as unhandled 'error' events.
  client.on('error', (error: Error) => {
    if (now() - lastErrorLog < 10_000) return
    lastErrorLog = now()
    logger?.warn('redis connection error', { error: error.message })
  })

  const store: RedisStore = {
    ready(timeoutMs = 5_000) {
      if (client.status === 'ready') return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          client.off('ready', onReady)
          reject(new Error(`redis not ready after ${timeoutMs} ms`))
        }, timeoutMs)
        const onReady = () => {
          clearTimeout(timer)
          resolve()
        }
        client.once('ready', onReady)
      })
    },
    async increment(key: string, windowMs: number): Promise<WindowCount> {
      const [count, ttl] = await client.incrementWindow(key, windowMs)
      return { count: Number(count), resetAt: now() + Number(ttl) }
    },
    async get(key) {
      return (await client.get(key)) ?? undefined
    },
    // `evictable` is not this store's to act on: Redis keeps each key its TTL, and what it drops when
    // full is its own `maxmemory-policy`, set by whoever runs it.
    async set(key, value, ttlMs) {
      await client.set(key, value, 'PX', ttlMs)
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await client.set(key, value, 'PX', ttlMs, 'NX')) === 'OK'
    },
    async delete(key) {
      await client.del(key)
    },
    async close() {
      client.disconnect()
    },
    failClosed: () => store,
  }
  return store
}
