import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { loadConfig } from './config'
import { createLogger, silentLogger } from './logging/logger'
import { startApiServer } from './server'
import { SERVER_NODE_FLAGS } from './serverNodeFlags'
import { fakeVenue, priced } from './testing/fakeVenue'
import { quotePath } from './testing/testServer'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/**
 * The arguments `npm run serve` gives `node` (package.json), to run them with this Node. The shell
 * `exec`s node, so the signal a process manager sends `npm` reaches the server itself.
 */
async function serveArguments(): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const [exec, command, ...args] = (scripts.serve ?? '').split(' ')
  expect([exec, command]).toEqual(['exec', 'node'])
  return args
}

describe('startApiServer', () => {
  it('finishes an in-flight quote during close, flushes the quote log, then refuses connections', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let started: () => void = () => {}
    const venueStarted = new Promise<void>((resolve) => {
      started = resolve
    })
    const slow = fakeVenue({
      id: 'cow',
      answer: async (request) => {
        started()
        await gate
        return priced(request, 'cow', 5_000_000n)
      },
    })
    let flushed = false
    const server = await startApiServer({
      config: loadConfig({ PORT: '0' }),
      venues: [slow],
      logger: silentLogger,
      quoteLog: {
        append() {},
        async flush() {
          flushed = true
        },
      },
    })
    const inFlight = fetch(`${server.url}/api/sdk/v1${quotePath()}`)
    await venueStarted
    const closing = server.close()
    release()
    expect((await inFlight).status).toBe(200)
    await closing
    expect(flushed).toBe(true)
    await expect(fetch(`${server.url}/api/sdk/v1/chains`)).rejects.toThrow()
  })

  it('with ACCESS_LOG=true, logs one line per request with its id, status and path, and never its query', async () => {
    const lines: Record<string, unknown>[] = []
    const server = await startApiServer({
      config: loadConfig({ PORT: '0', ACCESS_LOG: 'true' }),
      venues: [fakeVenue({ id: 'cow', answer: async (request) => priced(request, 'cow', 5_000_000n) })],
      logger: createLogger({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }),
      quoteLog: { append() {}, async flush() {} },
    })
    try {
      const base = `${server.url}/api/sdk/v1`
      const quote = await fetch(`${base}${quotePath()}`)
      const chains = await fetch(`${base}/chains`, { headers: { 'X-Request-Id': 'caller-chosen-id' } })
      const missing = await fetch(`${base}/nowhere?token=x`)
      await Promise.all([quote.text(), chains.text(), missing.text()])
      await vi.waitFor(() => expect(lines.filter((line) => line.msg === 'request')).toHaveLength(3))
      const logged = lines.filter((line) => line.msg === 'request')
      expect(
        logged.map(({ method, path, status, requestId }) => ({ method, path, status, requestId })),
      ).toEqual([
        {
          method: 'GET',
          path: '/api/sdk/v1/quote',
          status: 200,
          requestId: quote.headers.get('x-request-id'),
        },
        // A cached read, answered before the app: logged all the same.
        { method: 'GET', path: '/api/sdk/v1/chains', status: 200, requestId: 'caller-chosen-id' },
        {
          method: 'GET',
          path: '/api/sdk/v1/nowhere',
          status: 404,
          requestId: missing.headers.get('x-request-id'),
        },
      ])
      for (const line of logged) expect(line.ms).toBeTypeOf('number')
      expect(JSON.stringify(logged)).not.toContain('?')
    } finally {
      await server.close()
    }
  })

  it('names the settings of a listener that cannot start: PORT and HOST, METRICS_PORT and METRICS_HOST', async () => {
    const first = await startApiServer({
      config: loadConfig({ PORT: '0' }),
      venues: [],
      logger: silentLogger,
    })
    try {
      const port = String(new URL(first.url).port)
      await expect(
        startApiServer({ config: loadConfig({ PORT: port }), venues: [], logger: silentLogger }),
      ).rejects.toMatchObject({
        code: 'EADDRINUSE',
        message: expect.stringMatching(/^PORT \d+, HOST 127\.0\.0\.1: /),
      })
      await expect(
        startApiServer({
          config: loadConfig({ PORT: '0', METRICS_PORT: port }),
          venues: [],
          logger: silentLogger,
        }),
      ).rejects.toMatchObject({
        code: 'EADDRINUSE',
        message: expect.stringMatching(/^METRICS_PORT \d+, METRICS_HOST /),
      })
    } finally {
      await first.close()
    }
  })

  it('without Redis, follows STATUS_RECORDS_IN_MEMORY quotes, forgetting first the one least recently issued or polled, and says so once', async () => {
    const warnings: string[] = []
    const server = await startApiServer({
      config: loadConfig({ PORT: '0', STATUS_RECORDS_IN_MEMORY: '2' }),
      venues: [fakeVenue({ id: '0x', answer: (request) => priced(request, '0x', 3_000_000_000n) })],
      logger: { ...silentLogger, warn: (message) => warnings.push(message) },
    })
    try {
      const quoteIds: string[] = []
      const quote = async () => {
        const response = await fetch(`${server.url}/api/sdk/v1${quotePath()}`, {
          headers: { 'X-Forwarded-For': `198.51.100.${quoteIds.length + 1}` },
        })
        expect(response.status).toBe(200)
        quoteIds.push(((await response.json()) as { quoteId: string }).quoteId)
      }
      for (let count = 0; count < 3; count += 1) await quote()
      const status = async (quoteId: string | undefined) => {
        const response = await fetch(
          `${server.url}/api/sdk/v1/status?quoteId=${quoteId}&hash=0x${'ab'.repeat(32)}`,
        )
        return { status: response.status, code: ((await response.json()) as { code?: string }).code }
      }
      // Each record is written just after its answer: wait until the third is kept. (With no chain to read,
      // every answer here is `pending`: no final answer takes a place of its own.)
      await expect.poll(async () => (await status(quoteIds[2])).status).toBe(200)
      expect(await status(quoteIds[0])).toEqual({ status: 404, code: 'NOT_FOUND' })
      // The second is polled last, as a swap being followed is: the next quote costs the third its place.
      expect((await status(quoteIds[1])).status).toBe(200)
      await quote()
      await expect.poll(async () => (await status(quoteIds[3])).status).toBe(200)
      expect((await status(quoteIds[1])).status).toBe(200)
      expect(await status(quoteIds[2])).toEqual({ status: 404, code: 'NOT_FOUND' })
      expect(
        warnings.filter((message) => message.startsWith('status records in memory are full')),
      ).toHaveLength(1)
    } finally {
      await server.close()
    }
  })
})

describe('npm run serve', () => {
  it("runs the API with the server's V8 flags, which the bench's API runs with too", async () => {
    expect(await serveArguments()).toEqual([...SERVER_NODE_FLAGS, '--import', 'tsx', 'api/server.ts'])
  })

  it('prints the venues, a ready line with the URL, and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, await serveArguments(), {
      cwd: repoRoot,
      // One process: the cluster (WORKERS, one per core by default) has its own tests in api/cluster.
      env: { ...process.env, PORT: '0', WORKERS: '1', REDIS_URL: '', QUOTE_LOG_PATH: '', ZEROX_API_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      let output = ''
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          const match = /ready (http:\/\/\S+)/.exec(output)
          if (match?.[1]) resolve(match[1])
        })
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)))
      })
      expect(output).toContain('venue 0x (0x Swap API): disabled, missing ZEROX_API_KEY')
      expect((await fetch(`${url}/chains`)).status).toBe(200)
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      process.kill(child.pid as number, 'SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL')
    }
  })

  /** `npm run serve` with `env`, run until it exits on its own: its exit code and what it wrote to stderr. */
  async function serveUntilExit(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    return { code, stderr }
  }

  it('fails at start listing every invalid setting', async () => {
    const { code, stderr } = await serveUntilExit({ PORT: 'x', QUOTE_DEADLINE_MS: '5' })
    expect(code).toBe(1)
    expect(stderr).toContain('PORT')
    expect(stderr).toContain('QUOTE_DEADLINE_MS')
  })

  it('refuses to start with QUOTE_LOG_PATH naming a directory, where the first quote line would be lost', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'quote-log-dir-'))
    try {
      const { code, stderr } = await serveUntilExit({ PORT: '0', QUOTE_LOG_PATH: directory })
      expect(code).toBe(1)
      expect(stderr).toContain('QUOTE_LOG_PATH: is a directory')
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })

  it('refuses to start with a partner registry that is not valid, naming the file and the entry', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'registry-'))
    const path = join(directory, 'partners.json')
    await writeFile(
      path,
      JSON.stringify({ partners: [{ id: 'acme', payoutAddress: '0x12', maxFeeBps: 20 }] }),
    )
    try {
      const { code, stderr } = await serveUntilExit({ PORT: '0', PARTNER_REGISTRY_PATH: path })
      expect(code).toBe(1)
      expect(stderr).toContain(`PARTNER_REGISTRY_PATH: ${path}: partners.0.payoutAddress: not an EVM address`)
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })
})
