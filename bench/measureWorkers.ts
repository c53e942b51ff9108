import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { SERVER_NODE_FLAGS } from '../api/serverNodeFlags'
import { startRedis } from '../api/testing/startRedis'
import { createIpSequence, runLoad } from './runLoad'
import type { BenchRow } from './formatTable'
import type { QuoteRig } from './startQuoteRig'

export type WorkersThroughput = {
  workers: number
  /** Quotes answered per second at saturation (autocannon's average over the run). */
  quotesPerSecond: number
  non200: number
}

export type WorkersRateLimit = {
  setup: 'memory' | 'redis'
  /** 200s of each burst of 120 parallel quotes from one caller through two workers (the limit is 60). */
  allowed: number[]
  /** Statuses other than 200 and 429, over every burst. */
  unexpected: number
}

export type WorkersFigure = { throughput: WorkersThroughput[]; rateLimit: WorkersRateLimit[] }

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** `npm run serve` (`api/server.ts`) as its own process with `env`; resolves once it says ready. */
async function startServe(env: Record<string, string>) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'api/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, REDIS_URL: '', QUOTE_LOG_PATH: '', DATABASE_URL: '', METRICS_PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  // A bench that dies half-way must not leave a cluster behind.
  const killOnExit = () => child.pid && child.exitCode === null && process.kill(child.pid, 'SIGKILL')
  process.once('exit', killOnExit)
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /ready (http:\/\/\S+)\/api\/sdk\/v1\n/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    void exited.then((code) => reject(new Error(`serve exited (${code}) before ready: ${output}`)))
  })
  child.stdout.resume()
  return {
    url,
    async stop() {
      process.off('exit', killOnExit)
      if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGTERM')
      const code = await exited
      if (code !== 0) throw new Error(`serve exited ${code} on SIGTERM`)
    },
  }
}

async function burstAllowed(url: string, path: string, caller: string) {
  const statuses = await Promise.all(
    Array.from({ length: 120 }, async () => {
      const response = await fetch(`${url}${path}`, { headers: { 'X-Forwarded-For': caller } })
      await response.arrayBuffer()
      return response.status
    }),
  )
  return {
    allowed: statuses.filter((status) => status === 200).length,
    unexpected: statuses.filter((status) => status !== 200 && status !== 429).length,
  }
}

/**
 * `WORKERS`: `npm run serve` with 1 and with 2 workers quoting through the real adapters against the
 * rig's stand-in (replaying at once), loaded to saturation from callers that never hit their limit;
 * then the rate limit through 2 workers, counting in the primary's memory and in a real Redis
 * (bursts of 120 parallel quotes from one caller: exactly 60 should pass). On a two-core machine the
 * load generator shares the cores with the workers, so the throughput is recorded, not judged.
 */
export async function measureWorkers({
  rig,
  durationSeconds = 5,
  connections = 32,
  bursts = 3,
}: {
  rig: QuoteRig
  durationSeconds?: number
  connections?: number
  bursts?: number
}): Promise<WorkersFigure> {
  await rig.replay({ zerox: 0, lifi: 0, cow: 0 })
  const path = new URL(rig.quoteUrl).pathname + new URL(rig.quoteUrl).search
  const throughput: WorkersThroughput[] = []
  for (const workers of [1, 2]) {
    const serve = await startServe({ ...rig.env, PORT: '0', WORKERS: String(workers) })
    try {
      const nextIp = createIpSequence()
      // A short warm-up, so both figures are of warm processes.
      await runLoad({
        url: `${serve.url}${path}`,
        connections,
        durationSeconds: 1,
        headers: () => ({ 'X-Forwarded-For': nextIp() }),
      })
      const load = await runLoad({
        url: `${serve.url}${path}`,
        connections,
        durationSeconds,
        headers: () => ({ 'X-Forwarded-For': nextIp() }),
      })
      const answered = Object.values(load.statuses).reduce((sum, count) => sum + count, 0)
      throughput.push({
        workers,
        quotesPerSecond: load.requestsPerSecond,
        non200: answered - (load.statuses[200] ?? 0) + load.errors,
      })
    } finally {
      await serve.stop()
    }
  }

  const rateLimit: WorkersRateLimit[] = []
  const redis = await startRedis()
  try {
    for (const setup of ['memory', 'redis'] as const) {
      const serve = await startServe({
        ...rig.env,
        PORT: '0',
        WORKERS: '2',
        ...(setup === 'redis' ? { REDIS_URL: redis.url } : {}),
      })
      try {
        const figure: WorkersRateLimit = { setup, allowed: [], unexpected: 0 }
        for (let index = 0; index < bursts; index += 1) {
          const { allowed, unexpected } = await burstAllowed(serve.url, path, `198.51.100.${200 + index}`)
          figure.allowed.push(allowed)
          figure.unexpected += unexpected
        }
        rateLimit.push(figure)
      } finally {
        await serve.stop()
      }
    }
  } finally {
    await redis.stop()
  }
  return { throughput, rateLimit }
}

/** The bench table's rows for these figures: throughput shown for context, the limits judged. */
export function workersRows(figure: WorkersFigure): BenchRow[] {
  const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`
  const [one, two] = figure.throughput
  return [
    {
      figure: '/quote at saturation, WORKERS=1 / WORKERS=2 (load generator on the same cores)',
      value: `${figure.throughput.map((run) => perSecond(run.quotesPerSecond)).join(' / ')}${one && two ? ` (x${(two.quotesPerSecond / one.quotesPerSecond).toFixed(2)})` : ''}${figure.throughput.some((run) => run.non200 > 0) ? `; ${figure.throughput.map((run) => run.non200).join(' / ')} non-200` : ''}`,
      target: '',
      pass: undefined,
    },
    ...figure.rateLimit.map((run) => ({
      figure: `rate limit, 120 parallel from one caller, 2 workers (${run.setup})`,
      value: `${run.allowed.join(', ')} allowed${run.unexpected ? `; ${run.unexpected} unexpected statuses` : ''}`,
      target: 'exactly 60',
      pass: run.allowed.every((count) => count === 60) && run.unexpected === 0,
    })),
  ]
}
