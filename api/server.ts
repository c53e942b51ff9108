import type { HttpBindings } from '@hono/node-server'
import { getRequestListener } from '@hono/node-server'
import cluster from 'node:cluster'
import type { AddressInfo } from 'node:net'
import { availableParallelism } from 'node:os'
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { pathToFileURL } from 'node:url'
import type { App, CreateAppParameters } from './app'
import { createApp } from './app'
import type { Config } from './config'
import { ConfigError, loadConfig } from './config'
import { describeVenues, formatVenueStatus } from './describeVenues'
import type { Logger } from './logging/logger'
import { getLoggedSecrets } from './logging/getLoggedSecrets'
import { createLogger } from './logging/logger'
import { logRequests } from './logging/logRequests'
import { generateRandomRequestId } from './middleware/requestId'
import type { QuoteLog } from './quoteLog/createQuoteLog'
import { createQuoteLogFromConfig } from './quoteLog/createQuoteLogFromConfig'
import type { CachedReads } from './request/cachedReads'
import { recordCachedReads, registryReadTargets, serveCachedReads } from './request/cachedReads'
import { isFailedOver } from './stores/failoverStore'
import { createMetrics, noMetrics, type Metrics } from './metrics/createMetrics'
import { nameSetting } from './lifecycle/nameSetting'
import { startMetricsServer, type MetricsServer } from './metrics/startMetricsServer'
import { createStoreFromConfig } from './stores/createStoreFromConfig'
import type { Store } from './stores/store'
import { formatPreflightReport, runPreflight } from './preflight/runPreflight'
import { createVenuesFromConfig } from './venues/createVenuesFromConfig'
import { createLifecycle, stopOnSignals } from './lifecycle/createLifecycle'
import { closeConnectionsWhenDraining, drainHttpServer } from './lifecycle/drainHttpServer'
import { describeError } from './logging/describeError'
import { runWorker } from './cluster/runWorker'
import { startCluster } from './cluster/startCluster'

export type StartApiServerParameters = Omit<
  CreateAppParameters,
  'getSocketAddress' | 'logger' | 'store' | 'quoteLog'
> & {
  config: Config
  /** Default: JSON lines to stderr at `LOG_LEVEL`, never printing the configured RPC URLs and keys. */
  logger?: Logger
  /** Default: Redis at `REDIS_URL` (failing over to memory while it is down), else memory. */
  store?: Store
  /** Default: the ledger with `DATABASE_URL`, else a file log at `QUOTE_LOG_PATH`, else none. */
  quoteLog?: QuoteLog
  /**
   * Default: a Prometheus registry served on `METRICS_PORT` when it is set, else none. Given: used as
   * is and not served here (a cluster worker's; its primary serves the sum of all workers).
   */
  metrics?: Metrics
  /** Default `config.PORT` / `config.HOST`. */
  port?: number
  hostname?: string
  /**
   * How long `close()` waits for in-flight requests before cutting connections. Default: 10 s, and
   * never less than a quote's deadline plus 2 s, so a quote in flight is always answered.
   */
  shutdownGraceMs?: number
}

export type ApiServer = {
  /** `http://host:port`, the API is under `${url}/api/sdk/v1`. */
  url: string
  port: number
  app: App
  store: Store
  quoteLog: QuoteLog
  /** The request targets answered from recorded answers before routing (`api/request/cachedReads.ts`). */
  cachedReadTargets: readonly string[]
  /** `http://host:port/metrics` when `METRICS_PORT` is set. */
  metricsUrl?: string
  /** True once `close()` has begun: the server is draining and should get no new traffic. */
  readonly draining: boolean
  /** Stops accepting, lets in-flight requests finish, flushes the quote log, closes the store. */
  close(): Promise<void>
}

/**
 * Starts the API on Node (`@hono/node-server`) and resolves once it listens. The socket address
 * reaches the rate limiter, so callers without `X-Forwarded-For` are still told apart. The sandbox
 * (`npm start`) calls this in-process with its own config and venues; `npm run serve` calls it from
 * the environment.
 *
 * @example
 * const server = await startApiServer({ config: loadConfig({ PORT: '0' }), venues })
 * await fetch(`${server.url}/api/sdk/v1/chains`)
 * await server.close()
 */
export async function startApiServer({
  config,
  logger = createLogger({ level: config.LOG_LEVEL, secrets: getLoggedSecrets(config) }),
  store,
  quoteLog,
  metrics: givenMetrics,
  port = config.PORT,
  hostname = config.HOST,
  shutdownGraceMs = Math.max(10_000, config.QUOTE_DEADLINE_MS + 2_000),
  ...rest
}: StartApiServerParameters): Promise<ApiServer> {
  const ownsStore = store === undefined
  const activeStore = store ?? (await createStoreFromConfig({ config, logger }))
  const metrics =
    givenMetrics ??
    (config.METRICS_PORT === undefined
      ? noMetrics
      : createMetrics({
          storeDegraded: () => isFailedOver(activeStore),
        }))
  const ownQuoteLog =
    quoteLog === undefined ? createQuoteLogFromConfig({ config, logger, metrics }) : undefined
  const activeQuoteLog = quoteLog ?? ownQuoteLog!.quoteLog
  const generateRequestId = rest.generateRequestId ?? generateRandomRequestId
  // Parts stop in reverse of adding: the HTTP drain first, then metrics (a scrape during the drain still
  // sees it), the quote log and the store. A failed start stops what was added so far.
  const lifecycle = createLifecycle({
    onPartError: (part, error) => logger.warn('shutdown step failed', { part, error: describeError(error) }),
  })
  if (ownsStore) lifecycle.add('store', () => activeStore.close())
  // The ledger ships what it can before its connections close; what it cannot stays in the spool.
  lifecycle.add('quote log', () => (ownQuoteLog ? ownQuoteLog.close() : activeQuoteLog.flush()))
  const app = createApp({
    ...rest,
    config,
    logger,
    store: activeStore,
    quoteLog: activeQuoteLog,
    generateRequestId,
    getSocketAddress: (c) => (c.env as HttpBindings | undefined)?.incoming?.socket?.remoteAddress,
    isDraining: () => lifecycle.draining,
    metrics,
  })

  let listening: { server: Server; info: AddressInfo }
  let cachedReads: CachedReads
  let metricsServer: MetricsServer | undefined
  try {
    if (givenMetrics === undefined && config.METRICS_PORT !== undefined) {
      const started = await startMetricsServer({
        metrics,
        port: config.METRICS_PORT,
        host: config.METRICS_HOST,
      })
      metricsServer = started
      lifecycle.add('metrics', () => started.close())
    }
    // `/chains` and `/tokens` answers are the app's own, recorded once and then served before routing.
    const targets = registryReadTargets()
    cachedReads = await recordCachedReads(app.request, targets)
    const dropped = targets.filter((target) => !cachedReads.has(target))
    if (dropped.length > 0) {
      logger.warn('registry reads not cached: the app did not answer them with a 200, an ETag and a 304', {
        targets: dropped,
      })
    }
    const counted = countRequests(
      metrics,
      serveCachedReads(cachedReads, generateRequestId, getRequestListener(app.fetch, { hostname })),
    )
    const listener = config.ACCESS_LOG ? logRequests(counted, { logger }) : counted
    listening = await new Promise<{ server: Server; info: AddressInfo }>((resolve, reject) => {
      const created = createServer(
        {
          headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
          requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
          // Node enforces both timeouts on this sweep (30 s by default, which let slow senders linger).
          connectionsCheckingInterval: Math.min(1_000, Math.max(50, config.HTTP_HEADERS_TIMEOUT_MS / 4)),
        },
        answerNonPathTargets(closeConnectionsWhenDraining(listener, () => lifecycle.draining)),
      )
      created.once('error', (error) => reject(nameSetting(error, `PORT ${port}, HOST ${hostname}`)))
      created.on('clientError', answerClientError)
      created.on('connect', refuseConnect)
      created.listen(port, hostname, () =>
        resolve({ server: created, info: created.address() as AddressInfo }),
      )
    })
  } catch (error) {
    // A port in use must not leave a Redis client reconnecting behind a caller that carries on.
    await lifecycle.stop().catch(() => undefined)
    throw error
  }
  const { server, info } = listening
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
  lifecycle.add('http', () => drainHttpServer(server, { graceMs: shutdownGraceMs }))
  // First of all: /readyz answers 503 while the server still takes requests, so a load balancer
  // stops sending traffic before the listener closes.
  if (config.SHUTDOWN_DELAY_MS > 0) {
    lifecycle.add(
      'unready window',
      () => new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS)),
    )
  }
  return {
    url: `http://${host}:${info.port}`,
    port: info.port,
    app,
    store: activeStore,
    quoteLog: activeQuoteLog,
    cachedReadTargets: [...cachedReads.keys()],
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
    get draining() {
      return lifecycle.draining
    },
    close: () => lifecycle.stop(),
  }
}

/** Counts each answered request by route and status, when metrics are on (`METRICS_PORT`). */
function countRequests(metrics: Metrics, listener: RequestListener): RequestListener {
  if (metrics === noMetrics) return listener
  return (request, response) => {
    response.once('finish', () => metrics.request(request.url ?? '', response.statusCode))
    return listener(request, response)
  }
}

/**
 * Writes a complete `{ error, code }` answer with CORS straight onto a socket, and closes it: for
 * requests Node answers (or drops) before they reach the app.
 */
function endWithError(socket: Duplex, status: 400 | 408 | 431, reason: string, error: string): void {
  const body = JSON.stringify({ error, code: 'BAD_REQUEST' })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: application/json\r\n' +
      'Access-Control-Allow-Origin: *\r\n' +
      'Cache-Control: no-store\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  )
}

/**
 * Requests Node rejects before they reach the app (a URL or headers over its 16 kB limit: 431; broken
 * HTTP framing, an unknown method: 400) still get the contract's `{ error, code }` with CORS, not Node's
 * bare answers; a sender too slow to finish its headers (`HTTP_HEADERS_TIMEOUT_MS`) or its request
 * (`HTTP_REQUEST_TIMEOUT_MS`) gets a 408 and loses the socket, so it cannot hold one open.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (error.code === 'ECONNRESET' && socket.destroyed)) {
    socket.destroy()
    return
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    endWithError(socket, 408, 'Request Timeout', 'The request took too long to arrive')
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    // RFC 6585: the status a client can act on (shorten the URL or drop headers), not a bare 400.
    endWithError(
      socket,
      431,
      'Request Header Fields Too Large',
      'The URL and headers are over the 16 kB this server reads: shorten the URL or send fewer headers',
    )
  } else {
    endWithError(socket, 400, 'Bad Request', 'Malformed request: not HTTP/1.1 this server can read')
  }
  // A sender that never reads cannot keep the socket by leaving the answer unread.
  socket.once('finish', () => socket.destroy())
}

/** `CONNECT`: this is no proxy. Node would otherwise close the socket without a word. */
function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  endWithError(socket, 400, 'Bad Request', 'CONNECT is not served: this is an HTTP API, not a proxy')
}

/**
 * Request targets that are not a path: an absolute-form target (`GET http://host/api/sdk/v1/chains`,
 * which HTTP/1.1 servers must accept) is served as its path; an asterisk-form target (`GET *`,
 * `OPTIONS *`) names no resource. The Node adapter would answer both with an empty 400 and no CORS.
 */
function answerNonPathTargets(listener: RequestListener): RequestListener {
  return (request, response) => {
    const target = request.url ?? ''
    if (target.startsWith('/')) return listener(request, response)
    if (/^https?:\/\//i.test(target) && URL.canParse(target)) {
      const url = new URL(target)
      request.url = `${url.pathname}${url.search}`
      return listener(request, response)
    }
    const body = JSON.stringify({
      error: `Request target must be a path, not ${JSON.stringify(target.slice(0, 100))}`,
      code: 'BAD_REQUEST',
    })
    response.writeHead(400, {
      'Content-Type': 'application/json',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(body),
    })
    response.end(body)
  }
}

/** `npm run serve`: the API alone, configured from the environment. */
async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  // A cluster worker (see below) says nothing: its primary already has.
  if (cluster.isPrimary) {
    for (const line of formatVenueStatus(describeVenues(config))) process.stdout.write(`${line}\n`)
  }
  const venues = createVenuesFromConfig({ config })
  const shutdownGraceMs = Math.max(10_000, config.QUOTE_DEADLINE_MS + 2_000)
  const logger = createLogger({ level: config.LOG_LEVEL, secrets: getLoggedSecrets(config) })
  if (cluster.isWorker) {
    await runWorker({ config, venues, logger, startApiServer, forceAfterMs: shutdownGraceMs + 5_000 })
    return
  }
  if (process.argv.includes('--check')) {
    // `npm run serve -- --check`: the preflight alone; non-zero where money would be lost or misdirected.
    const report = await runPreflight({ config, venues, fetch: globalThis.fetch })
    for (const line of formatPreflightReport(report)) process.stdout.write(`${line}\n`)
    process.exit(report.ok ? 0 : 1)
  }
  const workers = config.WORKERS ?? availableParallelism()
  const server =
    workers > 1
      ? await startCluster({ config, workers, logger, stopWorkerAfterMs: shutdownGraceMs + 5_000 })
      : await startApiServer({ config, venues, logger })
  process.stdout.write(`ready ${server.url}/api/sdk/v1\n`)
  if ('workerPids' in server) process.stdout.write(`workers: ${server.workerPids().join(', ')}\n`)
  // The same check at every start, in the background: logged, never blocking, aborted on shutdown.
  const preflight = new AbortController()
  void runPreflight({ config, venues, fetch: globalThis.fetch, signal: preflight.signal }).then(
    (report) => {
      if (preflight.signal.aborted) return
      for (const line of formatPreflightReport(report)) process.stdout.write(`preflight: ${line}\n`)
    },
    () => undefined,
  )
  stopOnSignals({
    stop: () => {
      preflight.abort()
      return 'close' in server ? server.close() : server.stop()
    },
    say: (line) => process.stdout.write(`${line}\n`),
    forceAfterMs: shutdownGraceMs + (workers > 1 ? 10_000 : 5_000),
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}
