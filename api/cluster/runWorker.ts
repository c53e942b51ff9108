import type { Config } from '../config'
import { createLifecycle } from '../lifecycle/createLifecycle'
import { describeError } from '../logging/describeError'
import type { Logger } from '../logging/logger'
import { createMetrics, noMetrics } from '../metrics/createMetrics'
import type { ApiServer, StartApiServerParameters } from '../server'
import { isFailedOver } from '../stores/failoverStore'
import { createStoreFromConfig } from '../stores/createStoreFromConfig'
import type { Venue } from '../venues/venue'
import { createIpcChannel } from './createIpcChannel'
import { createIpcQuoteLog } from './createIpcQuoteLog'
import { createIpcStore } from './createIpcStore'

export type RunWorkerParameters = {
  config: Config
  venues: Venue[]
  logger: Logger
  /** `startApiServer`, passed in so this module does not import the entry point that imports it. */
  startApiServer: (parameters: StartApiServerParameters) => Promise<ApiServer>
  /** How long the drain may take before the worker exits 1 anyway. */
  forceAfterMs: number
  exit?: (code: number) => void
}

/**
 * One cluster worker (see `startCluster`): the whole API on the shared port, with its store, quote
 * log and metrics reached through the primary over the IPC pipe (Redis first, when `REDIS_URL` is
 * set). It says `ready` to the primary once it listens, and drains through its lifecycle (HTTP, then
 * the quote log's flush into the primary, then the store) when the primary says `shutdown`, or on its
 * own SIGTERM or SIGINT (a terminal's Ctrl-C reaches every process of the group), then exits 0.
 */
export async function runWorker({
  config,
  venues,
  logger,
  startApiServer,
  forceAfterMs,
  exit = (code) => process.exit(code),
}: RunWorkerParameters): Promise<void> {
  let snapshot = async (): Promise<unknown> => []
  let stopAndExit = () => undefined as void
  const channel = createIpcChannel({
    send: (message, callback) => {
      if (!process.send || !process.connected) return callback(new Error('no primary'))
      process.send(message, undefined, {}, callback)
    },
    subscribe: (listener) => {
      process.on('message', listener)
      return () => void process.off('message', listener)
    },
    handle: (kind) => {
      // The primary's heartbeat: answered while this event loop turns.
      if (kind === 'ping') return 'pong'
      if (kind === 'metrics') return snapshot()
      if (kind === 'shutdown') return stopAndExit()
      throw new Error(`unknown request ${kind}`)
    },
    // A store call slower than a whole quote's deadline means the primary is stuck or gone. Not
    // shorter: the rate limiter lets a request through when its count fails, while the primary may
    // still have counted it, so a timeout on a merely busy primary would let one more in.
    timeoutMs: config.QUOTE_DEADLINE_MS,
  })
  const lifecycle = createLifecycle({
    onPartError: (part, error) => logger.warn('shutdown step failed', { part, error: describeError(error) }),
  })
  // Closed last: the drain's quote-log flush and store calls still go through it.
  lifecycle.add('primary channel', () => channel.close())
  let stopping: Promise<void> | undefined
  stopAndExit = () => {
    stopping ??= (() => {
      const forced = setTimeout(() => exit(1), forceAfterMs)
      forced.unref()
      return lifecycle.stop().then(
        () => exit(0),
        () => exit(1),
      )
    })()
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stopAndExit)

  try {
    const store = await createStoreFromConfig({ config, logger, fallback: createIpcStore({ channel }) })
    lifecycle.add('store', () => store.close())
    const registry =
      config.METRICS_PORT === undefined
        ? undefined
        : createMetrics({
            storeDegraded: () => isFailedOver(store),
          })
    if (registry) snapshot = () => registry.snapshot()
    const metrics = registry ?? noMetrics
    const server = await startApiServer({
      config,
      venues,
      logger,
      store,
      metrics,
      quoteLog: createIpcQuoteLog({ channel, logger, metrics }),
    })
    lifecycle.add('api', () => server.close())
    if (!(await channel.notify('ready', { url: server.url }))) throw new Error('the primary is gone')
  } catch (error) {
    await lifecycle.stop().catch(() => undefined)
    throw error
  }
}
