import { createIpSequence, runLoad } from './runLoad'
import { startBenchChild } from './startBenchChild'

export type MemoryFigure = {
  quotes: number
  rssBeforeBytes: number
  rssAfterBytes: number
  heapBeforeBytes: number
  heapAfterBytes: number
  /** (after - before) / before of the resident set size. */
  rssGrowth: number
  gcForced: boolean
  non200: number
}

type MemoryReading = { rss: number; heapUsed: number; gcForced: boolean }

/**
 * The API process's resident set size (after a forced collection) once warmed up, and again after
 * `quotes` more quotes over HTTP from an in-process venue that answers at once. Callers rotate over
 * 500 addresses, so no one hits the limit and the limiter's own keys stay bounded. The warm-up is as
 * long as the run: the young generation (`SERVER_NODE_FLAGS`) grows to its working size over the first
 * several thousand quotes, and a forced collection does not give that memory back, so after 2,000 quotes
 * the reading still grew 30 to 38% by that alone, and after 10,000 the same run grew -1 to 6%.
 */
export async function measureMemory({ quotes = 10_000, warmup = 10_000 } = {}): Promise<MemoryFigure> {
  const child = await startBenchChild({ role: 'api', env: { LOG_LEVEL: 'error' }, venues: 'fast' })
  try {
    const url = `${child.ready.url as string}/api/sdk/v1/quote?sellChain=ETH&sellToken=ETH&buyChain=ETH&buyToken=USDC&amount=1&address=0x1111111111111111111111111111111111111111`
    const ips = createIpSequence()
    const pool = Array.from({ length: 500 }, () => ips())
    let next = 0
    const headers = () => ({ 'X-Forwarded-For': pool[next++ % pool.length] as string })
    await runLoad({ url, connections: 10, amount: warmup, headers })
    const before = await child.request<MemoryReading>({ type: 'memory' })
    const run = await runLoad({ url, connections: 10, amount: quotes, headers })
    const after = await child.request<MemoryReading>({ type: 'memory' })
    return {
      quotes,
      rssBeforeBytes: before.rss,
      rssAfterBytes: after.rss,
      heapBeforeBytes: before.heapUsed,
      heapAfterBytes: after.heapUsed,
      rssGrowth: (after.rss - before.rss) / before.rss,
      gcForced: before.gcForced,
      non200: quotes - (run.statuses[200] ?? 0),
    }
  } finally {
    await child.stop()
  }
}
