import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../../demo/sandbox/simulators/startTestSandbox'
import { QuoteLogEntrySchema } from '../quoteLog/quoteLogEntry'
import { quotePath } from '../testing/testServer'

/*
 * `npm run serve` (`api/server.ts` as its own process) quoting through the real adapters against the
 * venue simulators, with a quote log: SIGTERM in the middle of a burst must let every in-flight
 * quote finish, exit 0, and leave exactly one whole JSON line per answered quote.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const BURST = 24

let sandbox: TestSandbox
let child: ChildProcess | undefined
let logDir: string

beforeAll(async () => {
  sandbox = await startTestSandbox({ chains: ['ETH'] })
  logDir = await mkdtemp(join(tmpdir(), 'swap-quote-sigterm-'))
})

afterAll(async () => {
  if (child && child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
  await sandbox?.stop()
  await rm(logDir, { recursive: true, force: true })
})

function startServe(env: Record<string, string>): Promise<{ url: string; exited: Promise<number | null> }> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: repoRoot,
    // One process, as before WORKERS; the cluster's SIGTERM is tested in api/cluster/workers.test.ts.
    env: { ...process.env, REDIS_URL: '', WORKERS: '1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child = started
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)))
  started.stderr.resume()
  return new Promise((resolve, reject) => {
    let output = ''
    started.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /ready (http:\/\/\S+)\/api\/sdk\/v1/.exec(output)
      if (match?.[1]) resolve({ url: match[1], exited })
    })
    void exited.then((code) => reject(new Error(`serve exited (${code}) before ready: ${output}`)))
  })
}

describe('SIGTERM under load', () => {
  it('finishes every in-flight quote, exits 0, and logs one whole JSON line per 200', async () => {
    const quoteLogPath = join(logDir, 'quotes.jsonl')
    const { manifest } = sandbox.world
    const { url, exited } = await startServe({
      PORT: '0',
      QUOTE_LOG_PATH: quoteLogPath,
      ZEROX_BASE_URL: sandbox.simulators.zeroxUrl,
      ZEROX_API_KEY: 'sigterm-0x-key',
      LIFI_BASE_URL: sandbox.simulators.lifiUrl,
      COW_BASE_URL: sandbox.simulators.cowUrl,
      SERVICE_FEE_RECIPIENT: manifest.feeRecipients.service,
      // Far beyond the venues' 1.5 s: on two busy cores a quote must not miss its deadline and turn the
      // burst's 200s into 502s, which would say nothing about shutdown.
      QUOTE_DEADLINE_MS: '8000',
      // As behind a load balancer: the listener stays open 1 s after SIGTERM, so a request of the burst
      // that a busy machine had not yet delivered when the signal landed is served, not reset (which
      // is what closing the listener at once does, and would say nothing about the quotes in flight).
      SHUTDOWN_DELAY_MS: '1000',
    })
    // Every venue answers after 1.5 s, so the whole burst is still in flight when SIGTERM lands.
    for (const simulator of ['zerox', 'lifi', 'cow']) {
      await fetch(`${sandbox.simulators.faultControlUrl}/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ simulator, mode: 'latency', latencyMs: 1_500 }),
      })
    }
    const path = quotePath({ sellToken: 'USDC', buyToken: 'WETH', amount: '25' })
    const burst = Array.from({ length: BURST }, async (_, index) => {
      const response = await fetch(`${url}/api/sdk/v1${path}`, {
        headers: { 'X-Forwarded-For': `198.18.1.${index + 1}` },
      })
      return {
        status: response.status,
        body: (await response.json()) as { provider?: string; buyAmount?: string; quoteId?: string },
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    process.kill(child!.pid as number, 'SIGTERM')

    const answers = await Promise.all(burst)
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: BURST }, () => 200))
    expect(await exited).toBe(0)

    const text = await readFile(quoteLogPath, 'utf8')
    expect(text.endsWith('\n')).toBe(true)
    const lines = text.trimEnd().split('\n')
    expect(lines).toHaveLength(BURST)
    const entries = lines.map((line) => QuoteLogEntrySchema.parse(JSON.parse(line)))
    expect(new Set(entries.map((entry) => entry.requestId)).size).toBe(BURST)
    // Each line is keyed by the quote it records: the quoteId the caller got.
    expect(entries.map((entry) => entry.quoteId).sort()).toEqual(
      answers.map((answer) => answer.body.quoteId).sort(),
    )
    expect(new Set(entries.map((entry) => entry.quoteId)).size).toBe(BURST)
    expect(entries.map((entry) => entry.provider).sort()).toEqual(
      answers.map((answer) => answer.body.provider).sort(),
    )
    await expect(fetch(`${url}/api/sdk/v1/chains`)).rejects.toThrow()
  })
})
