import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { Session } from 'node:inspector'
import { loadConfig } from '../api/config'
import { silentLogger } from '../api/logging/logger'
import { startApiServer } from '../api/server'
import { priced } from '../api/testing/fakeVenue'
import { listenOnLoopback } from '../api/testing/rawHttp'
import { createVenueFetch } from '../api/venues/common/venueFetch'
import { createVenuesFromConfig } from '../api/venues/createVenuesFromConfig'
import type { Venue } from '../api/venues/venue'
import type { BenchChildOptions } from './startBenchChild'
import { createQuoteLogic, runQuoteLogicLoop } from './quoteLogicLoop'

/*
 * The process side of `startBenchChild`: the API under test (alone on its core, so the load
 * generator in the parent does not steal its time), or the venue stand-in.
 */

const options = JSON.parse(process.argv[2] ?? '{}') as BenchChildOptions
const send = (message: Record<string, unknown>) => process.send?.(message)

/** An API answer kept to be replayed: status, headers (less per-connection ones) and body bytes. */
type RecordedAnswer = { status: number; headers: [string, string][]; body: Buffer }

const PER_CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
])

async function recordAnswer(url: string, headers: Record<string, string> = {}): Promise<RecordedAnswer> {
  const response = await fetch(url, { headers })
  const body = Buffer.from(await response.arrayBuffer())
  const kept = [...response.headers].filter(([name]) => !PER_CONNECTION_HEADERS.has(name))
  return { status: response.status, headers: kept, body }
}

/** A `node:http` server answering exactly the bytes and headers the API answered for `paths`. */
async function startBareTwin(apiUrl: string, paths: readonly string[]): Promise<string> {
  // Each answer's header list is built once: a ceiling should not spend time the API need not spend.
  const answers = new Map<string, { status: number; headers: string[]; body: Buffer }>()
  for (const path of paths) {
    const { status, headers, body } = await recordAnswer(`${apiUrl}${path}`)
    answers.set(path, { status, headers: [...headers, ['content-length', String(body.length)]].flat(), body })
  }
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '')
    if (!answer) response.writeHead(404).end()
    else response.writeHead(answer.status, answer.headers).end(answer.body)
  })
  return listenOnLoopback(server)
}

/** One call the API made to a venue, as the stand-in recorded it. */
export type VenueCall = { method: string; url: string; headers: Record<string, string>; body?: string }

/**
 * The reference for the quote overhead: a `node:http` server that does only the I/O of a quote.
 * For each request it makes the API's venue calls (same URLs, methods, headers and bodies) through
 * the API's own venue client (`createVenueFetch`), parses each JSON answer, and answers the bytes and
 * headers the API answered. Nothing else: no validation, racing, fees or rate limit.
 *
 * With `logic`, each answer first runs the API's logic for one quote in this process, after the venue
 * calls, with the venues' answers from memory (`createQuoteLogic`): the API's work in one piece beside
 * the I/O, not woven through it. Its CPU per quote against the API's says whether serving the logic
 * (the adapter, the venue client's signals, the steps between the calls) costs anything of its own.
 */
async function startBareProxy(
  apiUrl: string,
  quotePath: string,
  calls: VenueCall[],
  logic?: () => Promise<void>,
): Promise<string> {
  const answer = await recordAnswer(`${apiUrl}${quotePath}`, { 'X-Forwarded-For': '192.0.2.2' })
  if (answer.status !== 200) throw new Error(`the API answered ${answer.status} to the proxy's recording`)
  const answerHeaders = [...answer.headers, ['content-length', String(answer.body.length)]].flat()
  const venueFetch = createVenueFetch()
  const callVenue = async ({ url, ...init }: VenueCall) =>
    JSON.parse(await (await venueFetch(url, init)).text()) as unknown
  // The twin with the API's logic reads each venue's answer once before it serves.
  await logic?.()
  const server = createServer((_request, response) => {
    const called = Promise.all(calls.map(callVenue))
    ;(logic ? called.then(logic) : called).then(
      () => response.writeHead(200, answerHeaders).end(answer.body),
      () => response.writeHead(502).end(),
    )
  })
  return listenOnLoopback(server)
}

async function runApi(apiOptions: Extract<BenchChildOptions, { role: 'api' }>): Promise<void> {
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', ...apiOptions.env })
  let venues: Venue[] = []
  if (apiOptions.venues === 'config') {
    venues = createVenuesFromConfig({
      config,
      cowContracts: apiOptions.cowContracts as Parameters<typeof createVenuesFromConfig>[0]['cowContracts'],
    })
  } else if (apiOptions.venues === 'fast') {
    // Not `fakeVenue`: it keeps every call's context, which would read as a leak of the API's.
    venues = [
      {
        id: 'lifi',
        name: 'instant venue',
        serves: () => true,
        quote: async (request) => priced(request, 'lifi', 1_000_000n),
      },
    ]
  }
  const server = await startApiServer({ config, venues, logger: silentLogger, shutdownGraceMs: 100 })
  const bareUrl = apiOptions.bare
    ? await startBareTwin(server.url, ['/api/sdk/v1/chains', '/api/sdk/v1/tokens?chainId=1'])
    : undefined
  const profiler = new Session()
  process.on('message', (message: { type: string }) => {
    if (message.type === 'memory') {
      const gc = (globalThis as { gc?: () => void }).gc
      gc?.()
      gc?.()
      const { rss, heapUsed } = process.memoryUsage()
      send({ rss, heapUsed, gcForced: gc !== undefined })
    } else if (message.type === 'cpu') {
      // User plus system CPU time of this process so far, microseconds.
      const { user, system } = process.cpuUsage()
      send({ cpuMicros: user + system })
    } else if (message.type === 'profileStart') {
      // A CPU profile of the steady state only (no start-up), for finding hot spots by hand.
      profiler.connect()
      profiler.post('Profiler.enable', () => profiler.post('Profiler.start', () => send({ profiling: true })))
    } else if (message.type === 'profileStop') {
      profiler.post('Profiler.stop', (error, result) => {
        profiler.disconnect()
        send(error ? { error: error.message } : { profile: JSON.stringify(result.profile) })
      })
    } else if (message.type === 'logicLoop') {
      const { quotePath, quotes, runs, inFlight } = message as unknown as {
        quotePath: string
        quotes: number
        runs: number
        inFlight: number
      }
      runQuoteLogicLoop({ config, venues, quotePath, quotes, runs, inFlight }).then(
        (figures) => send(figures),
        (error: Error) => send({ error: error.message }),
      )
    } else if (message.type === 'bareProxy') {
      const { calls, quotePath, withLogic } = message as unknown as {
        calls: VenueCall[]
        quotePath: string
        withLogic?: boolean
      }
      const logic = withLogic ? createQuoteLogic({ config, venues, quotePath }).quote : undefined
      startBareProxy(server.url, quotePath, calls, logic).then(
        (url) => send({ url }),
        (error: Error) => send({ error: error.message }),
      )
    } else if (message.type === 'exit') {
      // Asked to leave on its own (a profiled run): close, so `--cpu-prof` writes its profile.
      server.close().finally(() => process.exit(0))
    }
  })
  send({ url: server.url, ...(bareUrl ? { bareUrl } : {}) })
}

type VenueName = 'zerox' | 'lifi' | 'cow'
type Recorded = { status: number; contentType: string; body: Buffer }

/**
 * The venue stand-in: under `/zerox`, `/lifi`, `/cow`. In `record` mode it proxies to the real
 * simulators and keeps each answer by method and path; in `replay` mode it answers the kept bytes
 * after exactly each venue's delay, or never (`hang`), so the simulators' own pricing work on anvil
 * does not count as API overhead.
 */
async function runStandIn(): Promise<void> {
  let targets: Partial<Record<VenueName, string>> = {}
  let recording = true
  let delays: Partial<Record<VenueName, number | 'hang'>> = {}
  const recorded = new Map<string, Recorded>()
  const calls = new Map<string, VenueCall>()
  let standInUrl = ''

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const [, venue = '', ...rest] = url.pathname.split('/')
    const key = `${venue} ${request.method} /${rest.join('/')}`
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    if (recording) {
      const target = targets[venue as VenueName]
      if (!target) {
        response.writeHead(404).end()
        return
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          ([name]) => !['host', 'connection', 'content-length'].includes(name),
        ),
      ) as Record<string, string>
      calls.set(key, {
        method: request.method ?? 'GET',
        url: `${standInUrl}${url.pathname}${url.search}`,
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks).toString() } : {}),
      })
      const upstream = await fetch(`${target}/${rest.join('/')}${url.search}`, {
        method: request.method ?? 'GET',
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      })
      const answer: Recorded = {
        status: upstream.status,
        contentType: upstream.headers.get('content-type') ?? 'application/json',
        body: Buffer.from(await upstream.arrayBuffer()),
      }
      recorded.set(key, answer)
      response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body)
      return
    }
    const delay = delays[venue as VenueName] ?? 0
    if (delay === 'hang') return
    const answer = recorded.get(key)
    setTimeout(() => {
      if (!answer) response.writeHead(404, { 'content-type': 'application/json' }).end('{}')
      else response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body)
    }, delay)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy())
  })
  // Node closes a connection idle for 5 s. Under callgrind (`countQuoteInstructions`) the API answers
  // some fifty times slower and leaves venue connections idle that long: closed under it, each is an
  // error and a new connection, counted as the quote's work.
  server.keepAliveTimeout = 120_000
  const url = await listenOnLoopback(server)
  standInUrl = url
  process.on('message', (message: Record<string, unknown>) => {
    if (message.type === 'calls') {
      send({ calls: [...calls.values()] })
    } else if (message.type === 'record') {
      targets = message.targets as typeof targets
      recording = true
      send({ ok: true })
    } else if (message.type === 'replay') {
      recording = false
      delays = message.delays as typeof delays
      // Hung requests of an earlier round end here, as a venue timing out would.
      server.closeIdleConnections()
      send({
        recorded: [...recorded.keys()],
        statuses: Object.fromEntries([...recorded].map(([key, answer]) => [key, answer.status])),
      })
    }
  })
  send({ url })
}

if (options.role === 'api') await runApi(options)
else await runStandIn()
