import type { HttpBindings } from '@hono/node-server'
import { getRequestListener } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createServer, type Server } from 'node:http'
import { pathToFileURL } from 'node:url'
import type { App, CreateAppParameters } from './app'
import { createApp } from './app'
import type { Config } from './config'
import { ConfigError, loadConfig } from './config'
import { describeVenues, formatVenueStatus } from './describeVenues'
import type { Logger } from './logging/logger'
import { getLoggedSecrets } from './logging/getLoggedSecrets'
import { createLogger } from './logging/logger'
import { generateRandomRequestId } from './middleware/requestId'
import type { QuoteLog } from './quoteLog/createQuoteLog'
import { createQuoteLog, disabledQuoteLog } from './quoteLog/createQuoteLog'
import type { CachedReads } from './request/cachedReads'
import { recordCachedReads, registryReadTargets, serveCachedReads } from './request/cachedReads'
import { createFailoverStore } from './stores/failoverStore'
import { createMemoryStore } from './stores/memoryStore'
import { createRedisStore } from './stores/redisStore'
import type { Store } from './stores/store'
import { createVenuesFromConfig } from './venues/createVenuesFromConfig'

export type StartApiServerParameters = Omit<
  CreateAppParameters,
  'getSocketAddress' | 'logger' | 'store' | 'quoteLog'
> & {
  config: Config
  /** Default: JSON lines to stderr at `LOG_LEVEL`, never printing the configured RPC URLs and keys. */
  logger?: Logger
  /** Default: Redis at `REDIS_URL` (failing over to memory while it is down), else memory. */
  store?: Store
  /** Default: a file log at `QUOTE_LOG_PATH`, else none. */
  quoteLog?: QuoteLog
  /** Default `config.PORT` / `config.HOST`. */
  port?: number
  hostname?: string
  /** How long `close()` waits for in-flight requests before cutting connections. */
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
  port = config.PORT,
  hostname = config.HOST,
  shutdownGraceMs = 10_000,
  ...rest
}: StartApiServerParameters): Promise<ApiServer> {
  const ownsStore = store === undefined
  const activeStore = store ?? (await createDefaultStore(config, logger))
  const activeQuoteLog =
    quoteLog ??
    (config.QUOTE_LOG_PATH ? createQuoteLog({ path: config.QUOTE_LOG_PATH, logger }) : disabledQuoteLog)
  const generateRequestId = rest.generateRequestId ?? generateRandomRequestId
  const app = createApp({
    ...rest,
    config,
    logger,
    store: activeStore,
    quoteLog: activeQuoteLog,
    generateRequestId,
    getSocketAddress: (c) => (c.env as HttpBindings | undefined)?.incoming?.socket?.remoteAddress,
  })

  let listening: { server: Server; info: AddressInfo }
  let cachedReads: CachedReads
  try {
    // `/chains` and `/tokens` answers are the app's own, recorded once and then served before routing.
    const targets = registryReadTargets()
    cachedReads = await recordCachedReads(app.request, targets)
    const dropped = targets.filter((target) => !cachedReads.has(target))
    if (dropped.length > 0) {
      logger.warn('registry reads not cached: the app did not answer them with a 200, an ETag and a 304', {
        targets: dropped,
      })
    }
    const listener = serveCachedReads(
      cachedReads,
      generateRequestId,
      getRequestListener(app.fetch, { hostname }),
    )
    listening = await new Promise<{ server: Server; info: AddressInfo }>((resolve, reject) => {
      const created = createServer(listener)
      created.once('error', reject)
      created.on('clientError', answerClientError)
      created.listen(port, hostname, () =>
        resolve({ server: created, info: created.address() as AddressInfo }),
      )
    })
  } catch (error) {
    // A port in use must not leave a Redis client reconnecting behind a caller that carries on.
    if (ownsStore) await activeStore.close().catch(() => undefined)
    throw error
  }
  const { server, info } = listening
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address

  let closing: Promise<void> | undefined
  return {
    url: `http://${host}:${info.port}`,
    port: info.port,
    app,
    store: activeStore,
    quoteLog: activeQuoteLog,
    cachedReadTargets: [...cachedReads.keys()],
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        // Keep-alive connections become idle as their last response finishes; close them as they do.
        server.closeIdleConnections()
        const sweep = setInterval(() => server.closeIdleConnections(), 50)
        const grace = setTimeout(() => server.closeAllConnections(), shutdownGraceMs)
        await closed
        clearInterval(sweep)
        clearTimeout(grace)
        await activeQuoteLog.flush()
        if (ownsStore) await activeStore.close()
      })()
      return closing
    },
  }
}

const clientErrorBody = JSON.stringify({
  error: 'Malformed request, or URL and headers too large',
  code: 'BAD_REQUEST',
})

/**
 * Requests Node rejects before they reach the app (a URL or headers over its 16 kB limit, broken
 * HTTP framing) still get the contract's `{ error, code }` with CORS, not Node's bare 400/431.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (!socket.writable || (error.code === 'ECONNRESET' && socket.destroyed)) {
    socket.destroy()
    return
  }
  socket.end(
    'HTTP/1.1 400 Bad Request\r\n' +
      'Content-Type: application/json\r\n' +
      'Access-Control-Allow-Origin: *\r\n' +
      'Cache-Control: no-store\r\n' +
      `Content-Length: ${Buffer.byteLength(clientErrorBody)}\r\n` +
      'Connection: close\r\n\r\n' +
      clientErrorBody,
  )
}

async function createDefaultStore(config: Config, logger: Logger): Promise<Store> {
  if (!config.REDIS_URL) return createMemoryStore()
  const redis = createRedisStore({ url: config.REDIS_URL, logger })
  try {
    await redis.ready(3_000)
  } catch {
    logger.warn('redis not reachable at start; counting in memory until it is')
  }
  return createFailoverStore({ primary: redis, fallback: createMemoryStore(), logger })
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
  for (const line of formatVenueStatus(describeVenues(config))) process.stdout.write(`${line}\n`)
  const server = await startApiServer({ config, venues: createVenuesFromConfig({ config }) })
  process.stdout.write(`ready ${server.url}/api/sdk/v1\n`)
  const shutdown = (signal: string) => {
    process.stdout.write(`${signal}: shutting down\n`)
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}
