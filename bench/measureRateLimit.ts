import { startRedis } from '../api/testing/startRedis'
import { startBenchChild, type BenchChild } from './startBenchChild'

export type RateLimitFigure = {
  setup: string
  instances: number
  /** 200s of each burst of 120 parallel requests from one caller (the limit is 60 per minute). */
  allowed: number[]
  /** Statuses other than 200 and 429, over every burst. */
  unexpected: number
}

async function burst(urls: readonly string[], caller: string, size: number): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: size }, async (_, index) => {
      const response = await fetch(
        `${urls[index % urls.length]}/api/sdk/v1/quote?sellChain=ETH&sellToken=ETH&buyChain=ETH&buyToken=USDC&amount=1&address=0x1111111111111111111111111111111111111111`,
        {
          headers: { 'X-Forwarded-For': caller },
        },
      )
      await response.arrayBuffer()
      return response.status
    }),
  )
  return responses
}

async function measure(setup: string, instances: BenchChild[], bursts: number): Promise<RateLimitFigure> {
  const urls = instances.map((instance) => instance.ready.url as string)
  const allowed: number[] = []
  let unexpected = 0
  for (let index = 0; index < bursts; index += 1) {
    const statuses = await burst(urls, `198.51.100.${index + 1}`, 120)
    allowed.push(statuses.filter((status) => status === 200).length)
    unexpected += statuses.filter((status) => status !== 200 && status !== 429).length
  }
  return { setup, instances: instances.length, allowed, unexpected }
}

/**
 * Rate-limit exactness: bursts of 120 parallel `/quote` requests from one caller, against one
 * instance counting in memory and against three instances (each its own process) sharing a Redis
 * that the bench starts on a free port and stops by pid. Exactly 60 should get through each time.
 */
export async function measureRateLimit({ bursts = 5 }: { bursts?: number } = {}): Promise<RateLimitFigure[]> {
  const figures: RateLimitFigure[] = []
  const single = await startBenchChild({ role: 'api', env: { LOG_LEVEL: 'error' }, venues: 'fast' })
  try {
    figures.push(await measure('memory', [single], bursts))
  } finally {
    await single.stop()
  }
  const redis = await startRedis()
  const shared: BenchChild[] = []
  try {
    for (let index = 0; index < 3; index += 1) {
      shared.push(
        await startBenchChild({
          role: 'api',
          env: { LOG_LEVEL: 'error', REDIS_URL: redis.url },
          venues: 'fast',
        }),
      )
    }
    figures.push(await measure('redis', shared, bursts))
  } finally {
    await Promise.all(shared.map((child) => child.stop()))
    await redis.stop()
  }
  return figures
}
