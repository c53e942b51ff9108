import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../../demo/sandbox/simulators/startTestSandbox'
import { runPartnerReport } from '../partnerReport'
import { QuoteLogEntrySchema } from '../quoteLog/quoteLogEntry'
import { SERVER_NODE_FLAGS } from '../serverNodeFlags'
import { getFreePort, startRedis, type TestRedis } from '../testing/startRedis'
import { quotePath } from '../testing/testServer'

/*
 * `npm run serve` with WORKERS=2 as its own process (a cluster primary and two workers), quoting
 * through the real adapters against the venue simulators: the rate limit, the quote log, /metrics and
 * shutdown must hold across workers as they do in one process.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const PATH = quotePath({
  sellToken: 'USDC',
  buyToken: 'WETH',
  amount: '25',
  partner: 'acme',
  partnerFeeBps: '10',
})

let sandbox: TestSandbox
let redis: TestRedis | undefined
let logDir: string
const children: ChildProcess[] = []

beforeAll(async () => {
  sandbox = await startTestSandbox({ chains: ['ETH'] })
  logDir = await mkdtemp(join(tmpdir(), 'swap-quote-workers-'))
})

afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(child.pid, 'SIGKILL')
  }
})

afterAll(async () => {
  await sandbox?.stop()
  await redis?.stop()
  await rm(logDir, { recursive: true, force: true })
})

type Serve = {
  url: string
  workerPids: number[]
  exited: Promise<number | null>
  /** Everything the primary and its workers wrote to stderr so far. */
  stderr(): string
  pid: number
}

function startServe(env: Record<string, string>): Promise<Serve> {
  const { manifest } = sandbox.world
  const started = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'api/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      PORT: '0',
      WORKERS: '2',
      ZEROX_BASE_URL: sandbox.simulators.zeroxUrl,
      ZEROX_API_KEY: 'workers-0x-key',
      LIFI_BASE_URL: sandbox.simulators.lifiUrl,
      COW_BASE_URL: sandbox.simulators.cowUrl,
      SERVICE_FEE_RECIPIENT: manifest.feeRecipients.service,
      // Far beyond the simulators' answer times: on two busy cores a slow quote must not turn a 200
      // into a 502, which would say nothing about the limit.
      QUOTE_DEADLINE_MS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(started)
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)))
  let stderr = ''
  started.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise((resolve, reject) => {
    let output = ''
    started.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /ready (http:\/\/\S+)\/api\/sdk\/v1\nworkers: ([\d, ]+)\n/.exec(output)
      if (match?.[1] && match[2]) {
        resolve({
          url: match[1],
          workerPids: match[2].split(', ').map(Number),
          exited,
          stderr: () => stderr,
          pid: started.pid as number,
        })
      }
    })
    void exited.then((code) => reject(new Error(`serve exited (${code}) before ready: ${output}${stderr}`)))
  })
}

/**
 * `count` quotes from one caller, eight at a time (so both workers take some while the simulators'
 * chain keeps up): how many of each status came back, and the 200s' quote ids.
 */
async function fireQuotes(url: string, count: number, ip: string) {
  const answers: { status: number; body: { quoteId?: string; error?: string } }[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        next += 1
        const response = await fetch(`${url}/api/sdk/v1${PATH}`, { headers: { 'X-Forwarded-For': ip } })
        answers.push({ status: response.status, body: (await response.json()) as { quoteId?: string } })
      }
    }),
  )
  const failed = answers.find(({ status }) => status !== 200 && status !== 429)
  if (failed) console.error('unexpected answer', failed)
  const statuses: Record<number, number> = {}
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1
  return { statuses, quoteIds: answers.flatMap(({ body, status }) => (status === 200 ? [body.quoteId] : [])) }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The value of one series in a Prometheus text scrape, 0 when absent. */
function series(scrape: string, name: string): number {
  const line = scrape.split('\n').find((candidate) => candidate.startsWith(`${name} `))
  return line ? Number(line.slice(name.length + 1)) : 0
}

async function stopAndExpectClean(serve: Serve): Promise<void> {
  process.kill(serve.pid, 'SIGTERM')
  expect(await serve.exited).toBe(0)
  expect([serve.pid, ...serve.workerPids].filter(isAlive)).toEqual([])
  expect(serve.stderr()).not.toMatch(/"level":"(warn|error)".*(worker|shutdown)/)
}

describe('npm run serve with WORKERS=2', () => {
  it('lets exactly 60 of 70 quotes from one caller through both workers, logs them in one intact file, sums /metrics, and stops every worker on SIGTERM', async () => {
    const quoteLogPath = join(logDir, 'memory.jsonl')
    const metricsPort = await getFreePort()
    const serve = await startServe({
      QUOTE_LOG_PATH: quoteLogPath,
      METRICS_PORT: String(metricsPort),
      STATUS_RECORDS_IN_MEMORY: '40',
    })
    expect(serve.workerPids).toHaveLength(2)
    // One quote from another caller first: cold simulators on busy cores once answered the first burst late.
    const warmUp = await fireQuotes(serve.url, 1, '198.51.100.59')
    const warmed = warmUp.quoteIds.length

    const { statuses, quoteIds } = await fireQuotes(serve.url, 70, '198.51.100.60')
    expect(statuses).toEqual({ 200: 60, 429: 10 })

    const scrape = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    expect(series(scrape, 'swapquote_http_requests_total{route="/api/sdk/v1/quote",status="200"}')).toBe(
      60 + warmed,
    )
    expect(series(scrape, 'swapquote_http_requests_total{route="/api/sdk/v1/quote",status="429"}')).toBe(10)
    expect(series(scrape, 'swapquote_rate_limited_total{kind="free"}')).toBe(10)
    expect(series(scrape, 'swapquote_quote_duration_seconds_count')).toBe(60 + warmUp.quoteIds.length)

    // The primary's one memory keeps the newest 40 quotes' /status records, whichever worker quoted them.
    const status = async (quoteId: string | undefined) =>
      (
        await fetch(`${serve.url}/api/sdk/v1/status?quoteId=${quoteId}&hash=0x${'ab'.repeat(32)}`, {
          headers: { 'X-Forwarded-For': '198.51.100.62' },
        })
      ).status
    expect(await status(quoteIds[0])).toBe(404)
    // Known (200, or 400 when the route's hash is an order's): not forgotten.
    // (A record is written just after its answer, so the newest may still be on its way to the primary.)
    await expect
      .poll(async () => [200, 400].includes(await status(quoteIds.at(-1))), { timeout: 5_000 })
      .toBe(true)
    expect(serve.stderr().split('status records in memory are full')).toHaveLength(2)

    await stopAndExpectClean(serve)
    // The primary flushed the quote log after every worker had drained into it: one whole line per 200.
    const text = await readFile(quoteLogPath, 'utf8')
    expect(text.endsWith('\n')).toBe(true)
    const entries = text
      .trimEnd()
      .split('\n')
      .map((line) => QuoteLogEntrySchema.parse(JSON.parse(line)))
    expect(entries.map((entry) => entry.quoteId).sort()).toEqual([...warmUp.quoteIds, ...quoteIds].sort())
    const report = JSON.parse(await runPartnerReport(['--log', quoteLogPath, '--json'], undefined)) as {
      rows: { quotes: number }[]
      skippedLines: number
    }
    expect(report.skippedLines).toBe(0)
    expect(report.rows.reduce((sum, row) => sum + row.quotes, 0)).toBe(60 + warmed)
  }, 300_000)

  it('replaces a worker that dies; the caller it served keeps its count, and /metrics its counts', async () => {
    const metricsPort = await getFreePort()
    const serve = await startServe({ METRICS_PORT: String(metricsPort) })
    const served = async () =>
      series(
        await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
        'swapquote_http_requests_total{route="/api/sdk/v1/quote",status="200"}',
      )
    expect((await fireQuotes(serve.url, 30, '198.51.100.61')).statuses).toEqual({ 200: 30 })
    expect(await served()).toBe(30)
    const [killed] = serve.workerPids
    process.kill(killed!, 'SIGKILL')
    await expect
      .poll(() => serve.stderr(), { timeout: 60_000, interval: 200 })
      .toContain('"msg":"worker replaced"')
    expect(serve.stderr()).toContain('"msg":"worker exited unexpectedly; replacing it"')
    // Its replacement starts at 0: the sum keeps what the dead worker had counted, or Prometheus would
    // read a counter reset.
    expect(await served()).toBe(30)
    expect((await fireQuotes(serve.url, 40, '198.51.100.61')).statuses).toEqual({ 200: 30, 429: 10 })
    expect(await served()).toBe(60)
    process.kill(serve.pid, 'SIGTERM')
    expect(await serve.exited).toBe(0)
  }, 300_000)

  it('replaces a worker that hangs (its process stopped), so no connection keeps waiting on it', async () => {
    const serve = await startServe({})
    const [hung] = serve.workerPids
    process.kill(hung!, 'SIGSTOP')
    await expect
      .poll(() => serve.stderr(), { timeout: 60_000, interval: 200 })
      .toContain('"msg":"worker replaced"')
    expect(serve.stderr()).toContain('"msg":"worker not answering; replacing it"')
    expect(isAlive(hung!)).toBe(false)
    expect((await fireQuotes(serve.url, 20, '198.51.100.62')).statuses).toEqual({ 200: 20 })
    process.kill(serve.pid, 'SIGTERM')
    expect(await serve.exited).toBe(0)
  }, 300_000)

  it('counts in a real Redis across workers: exactly 60 of 70', async () => {
    redis = await startRedis()
    const serve = await startServe({ REDIS_URL: redis.url })
    const { statuses } = await fireQuotes(serve.url, 70, '198.51.100.62')
    expect(statuses).toEqual({ 200: 60, 429: 10 })
    const probe = new Redis(redis.url)
    try {
      // Counted in Redis, not in the primary's memory.
      expect(await probe.get('swapquote:rl:ip:198.51.100.62')).toBe('70')
    } finally {
      probe.disconnect()
    }
    await stopAndExpectClean(serve)
  }, 300_000)
})
