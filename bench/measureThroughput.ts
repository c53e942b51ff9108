import { runLoad } from './runLoad'
import { startBenchChild } from './startBenchChild'
import { summarize, type Summary } from './summarize'

export type ThroughputFigure = {
  path: string
  apiRps: Summary
  bareRps: Summary
  /** median(API) / median(bare). */
  ratio: number
  /** API / bare of each adjacent pair of runs, for the spread. */
  pairRatios: Summary
}

/**
 * `/chains` and `/tokens` requests per second of the API against a bare `node:http` twin that
 * answers the same bytes and headers from the same process, alternating api, bare, api, bare... so
 * that drift of a noisy machine hits both alike.
 */
export async function measureThroughput({
  rounds = 5,
  durationSeconds = 2,
  connections = 50,
}: { rounds?: number; durationSeconds?: number; connections?: number } = {}): Promise<ThroughputFigure[]> {
  const child = await startBenchChild({
    role: 'api',
    env: { LOG_LEVEL: 'error' },
    venues: 'none',
    bare: true,
  })
  try {
    const apiUrl = child.ready.url as string
    const bareUrl = child.ready.bareUrl as string
    const figures: ThroughputFigure[] = []
    for (const path of ['/api/sdk/v1/chains', '/api/sdk/v1/tokens?chainId=1']) {
      // Warm both (JIT, connection setup) before anything counts.
      await runLoad({ url: `${apiUrl}${path}`, connections, durationSeconds: 1 })
      await runLoad({ url: `${bareUrl}${path}`, connections, durationSeconds: 1 })
      const api: number[] = []
      const bare: number[] = []
      for (let round = 0; round < rounds; round += 1) {
        for (const [base, into] of [
          [apiUrl, api],
          [bareUrl, bare],
        ] as const) {
          const run = await runLoad({ url: `${base}${path}`, connections, durationSeconds })
          if (run.errors > 0 || (run.statuses[200] ?? 0) === 0)
            throw new Error(`throughput run on ${path} failed`)
          into.push(run.requestsPerSecond)
        }
      }
      const apiRps = summarize(api)
      const bareRps = summarize(bare)
      figures.push({
        path: path.replace('/api/sdk/v1', ''),
        apiRps,
        bareRps,
        ratio: apiRps.median / bareRps.median,
        pairRatios: summarize(api.map((value, index) => value / (bare[index] as number))),
      })
    }
    return figures
  } finally {
    await child.stop()
  }
}
