import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LogFields } from '../logging/logger'
import { createLogger } from '../logging/logger'
import { fakeVenue, priced } from '../testing/fakeVenue'
import type { TestRedis } from '../testing/startRedis'
import { startRedis } from '../testing/startRedis'
import { quotePath, startTestServer } from '../testing/testServer'
import { createRedisStore } from './redisStore'

const venue = fakeVenue({ id: 'cow', answer: (request) => priced(request, 'cow', 1_000_000n) })
let redis: TestRedis | undefined
let redisUrl: string
let probe: Redis
const servers: Awaited<ReturnType<typeof startTestServer>>[] = []
const warnings: LogFields[] = []

beforeAll(async () => {
  if (process.env.REDIS_URL) {
    redisUrl = process.env.REDIS_URL
  } else {
    redis = await startRedis()
    redisUrl = redis.url
  }
  probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  probe.on('error', () => {})
  await probe.connect()
  await probe.flushdb()
  for (let index = 0; index < 3; index += 1) {
    servers.push(
      await startTestServer({
        venues: [venue],
        env: { REDIS_URL: redisUrl },
        logger: createLogger({ level: 'warn', write: (line) => warnings.push(JSON.parse(line)) }),
      }),
    )
  }
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  probe?.disconnect()
  await redis?.stop()
})

const fromIp = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } })

async function until(check: () => Promise<boolean>, attempts = 100): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('condition never became true')
}

describe('Redis store', () => {
  it('counts atomically: one window, one expiry, across concurrent increments', async () => {
    const store = createRedisStore({ url: redisUrl })
    try {
      await store.ready()
      const results = await Promise.all(Array.from({ length: 50 }, () => store.increment('unit:k', 60_000)))
      expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, index) => index + 1),
      )
      const ttl = await probe.pttl('swapquote:unit:k')
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(60_000)
      expect(await store.setIfAbsent('unit:v', 'a', 10_000)).toBe(true)
      expect(await store.setIfAbsent('unit:v', 'b', 10_000)).toBe(false)
      expect(await store.get('unit:v')).toBe('a')
      await store.delete('unit:v')
      expect(await store.get('unit:v')).toBeUndefined()
    } finally {
      await store.close()
    }
  })

  it('lets exactly 60 of 120 parallel requests from one caller through three instances', async () => {
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, index) =>
        (servers[index % 3] as (typeof servers)[number]).get(quotePath(), fromIp('198.51.100.77')),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(60)
    expect(statuses.filter((status) => status === 429)).toHaveLength(60)
  })

  it('shares one caller bucket across instances, as RateLimit-Remaining shows', async () => {
    const remaining: string[] = []
    for (let index = 0; index < 6; index += 1) {
      const response = await (servers[index % 3] as (typeof servers)[number]).get(
        quotePath(),
        fromIp('198.51.100.78'),
      )
      remaining.push(response.headers.get('ratelimit-remaining') ?? '')
    }
    expect(remaining).toEqual(['59', '58', '57', '56', '55', '54'])
  })

  it.skipIf(Boolean(process.env.REDIS_URL))(
    'keeps serving quotes while Redis is down (per-instance counting) and goes back to Redis when it returns',
    async () => {
      const [first, second] = servers as [(typeof servers)[number], (typeof servers)[number]]
      probe.disconnect()
      await redis?.stop()

      // Fail open: quotes flow, each instance counts on its own, and a warning is logged.
      const during = await Promise.all([
        first.get(quotePath(), fromIp('198.51.100.90')),
        second.get(quotePath(), fromIp('198.51.100.90')),
      ])
      expect(during.map((response) => response.status)).toEqual([200, 200])
      expect(during.map((response) => response.headers.get('ratelimit-remaining'))).toEqual(['59', '59'])
      expect(warnings.some((line) => String(line.msg).includes('failing open'))).toBe(true)

      await redis?.restart()
      probe = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
      probe.on('error', () => {})
      // Recovery needs no restart of the app: once the clients reconnect, counts land in Redis again.
      await until(async () => {
        await first.get(quotePath(), fromIp('192.0.2.99'))
        await second.get(quotePath(), fromIp('192.0.2.98'))
        return (await probe.exists('swapquote:rl:ip:192.0.2.99', 'swapquote:rl:ip:192.0.2.98')) === 2
      })
      const after = []
      for (const server of [first, second, first]) {
        after.push(
          (await server.get(quotePath(), fromIp('198.51.100.91'))).headers.get('ratelimit-remaining'),
        )
      }
      expect(after).toEqual(['59', '58', '57'])
    },
  )
})
