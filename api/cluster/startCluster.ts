import cluster, { type Worker } from 'node:cluster'
import { AggregatorRegistry } from 'prom-client'
import type { Config } from '../config'
import { createLifecycle } from '../lifecycle/createLifecycle'
import { describeError } from '../logging/describeError'
import type { Logger } from '../logging/logger'
import { createMetrics, noMetrics, type Metrics, type MetricsSnapshot } from '../metrics/createMetrics'
import { startMetricsServer } from '../metrics/startMetricsServer'
import { createQuoteLogFromConfig } from '../quoteLog/createQuoteLogFromConfig'
import type { LedgerLine } from '../quoteLog/quoteLogEntry'
import { createConfiguredMemoryStore } from '../stores/createStoreFromConfig'
import { createIpcChannel, type IpcChannel } from './createIpcChannel'
import { answerStoreCall, type StoreCall } from './createIpcStore'
import { respawnDelayMs } from './respawnDelayMs'

export type StartClusterParameters = {
  config: Config
  /** How many workers to run (each one the whole API, sharing the port). */
  workers: number
  logger: Logger
  /** How long a worker may take to drain before it is killed; add a margin over its own grace. */
  stopWorkerAfterMs: number
}

export type RunningCluster = {
  /** `http://host:port`, shared by every worker. */
  url: string
  /** `http://host:port/metrics`, the sum over all workers, when `METRICS_PORT` is set. */
  metricsUrl?: string
  /** The live workers' process ids. */
  workerPids(): number[]
  /** Drains every worker (each through its own lifecycle), then closes the metrics, quote log and store. */
  stop(): Promise<void>
}

/** How long a worker's store call, flush or metrics answer may take over the pipe. */
const IPC_TIMEOUT_MS = 2_000
/**
 * How often the primary asks each ready worker whether it answers, and after how many asks in a row
 * without an answer (each waiting `IPC_TIMEOUT_MS`) it replaces it: a worker whose event loop has not
 * turned for about six seconds is hung (stopped, spinning), not busy, and the connections the cluster
 * keeps handing it would wait for good.
 */
const HEARTBEAT_MS = 2_000
const MISSED_HEARTBEATS = 3

/**
 * `npm run serve` with `WORKERS` above 1: this process becomes the primary of a `node:cluster` and
 * forks that many copies of the API, which share the listening port (Node hands connections round
 * robin). The primary serves no HTTP itself; it owns what must be one per host:
 *
 * - the memory store every worker counts in (rate-limit windows, grant buckets, replay markers, the
 *   steps throttle), reached over the cluster's IPC pipe, so a limit of 60 is 60 across workers. With
 *   `REDIS_URL` the workers count in Redis, and in this store while Redis is down.
 * - the quote log (or ledger): one writer, one intact file, whatever worker answered the quote.
 * - `/metrics` on `METRICS_PORT`: every worker's registry summed (`prom-client`'s aggregation).
 *
 * A worker that dies is logged and replaced after a backoff. `stop()` asks every worker to drain
 * (each stops through its own lifecycle and exits 0), then closes the rest, last started first.
 */
export async function startCluster({
  config,
  workers,
  logger,
  stopWorkerAfterMs,
}: StartClusterParameters): Promise<RunningCluster> {
  const lifecycle = createLifecycle({
    onPartError: (part, error) => logger.warn('shutdown step failed', { part, error: describeError(error) }),
  })
  const store = createConfiguredMemoryStore({ config, logger })
  lifecycle.add('store', () => store.close())
  const ownMetrics = config.METRICS_PORT === undefined ? undefined : createMetrics()
  const quoteLog = createQuoteLogFromConfig({ config, logger, metrics: ownMetrics ?? noMetrics })
  lifecycle.add('quote log', () => quoteLog.close())

  const channels = new Map<Worker, IpcChannel>()

  // A worker's counters as the last scrape read them, and those of workers gone since: a replaced
  // worker starts at 0, and without its count the sums fell, which Prometheus reads as a counter reset
  // (a spike in every rate). Its gauges go with it; what it counted after that scrape is lost.
  const lastScraped = new Map<Worker, MetricsSnapshot>()
  const retired: MetricsSnapshot[] = []
  function retire(worker: Worker): void {
    const last = lastScraped.get(worker)
    lastScraped.delete(worker)
    // prom-client types `type` as a numeric enum, but its JSON carries the names.
    const counting = (type: unknown) => type === 'counter' || type === 'histogram'
    if (last) retired.push(last.filter((metric) => counting(metric.type)))
  }
  const exitTimes: number[] = []
  let respawnTimer: NodeJS.Timeout | undefined
  let stopping = false
  let starting: { ready(worker: Worker, url: string): void; failed(error: Error): void } | undefined

  /** Asks `worker` every `HEARTBEAT_MS` whether it answers; kills it when it missed too many (see above). */
  function watch(worker: Worker, channel: IpcChannel): void {
    let missed = 0
    let asking = false
    const heartbeat = setInterval(() => {
      if (asking || stopping) return
      asking = true
      channel.request('ping').then(
        () => {
          asking = false
          missed = 0
        },
        () => {
          asking = false
          missed += 1
          if (missed < MISSED_HEARTBEATS || worker.isDead()) return
          clearInterval(heartbeat)
          logger.warn('worker not answering; replacing it', { pid: worker.process.pid, missed })
          worker.process.kill('SIGKILL')
        },
      )
    }, HEARTBEAT_MS)
    heartbeat.unref()
    worker.once('exit', () => clearInterval(heartbeat))
  }

  function fork(): Worker {
    const worker = cluster.fork()
    const channel = createIpcChannel({
      send: (message, callback) => {
        if (!worker.isConnected()) return callback(new Error('worker disconnected'))
        worker.send(message, undefined, callback)
      },
      subscribe: (listener) => {
        worker.on('message', listener)
        return () => worker.off('message', listener)
      },
      handle: (kind, body) => {
        if (kind === 'store') return answerStoreCall(store, body as StoreCall)
        if (kind === 'quoteLog') return quoteLog.quoteLog.append(body as LedgerLine)
        if (kind === 'quoteLogFlush') return quoteLog.quoteLog.flush()
        if (kind === 'ready') {
          if (starting) starting.ready(worker, (body as { url: string }).url)
          else logger.info('worker replaced', { pid: worker.process.pid })
          watch(worker, channel)
          return
        }
        throw new Error(`unknown request ${kind}`)
      },
      timeoutMs: IPC_TIMEOUT_MS,
    })
    channels.set(worker, channel)
    // Without a listener a failed send to a dying worker would be an uncaught 'error'.
    worker.on('error', (error) =>
      logger.warn('worker pipe error', { pid: worker.process.pid, error: error.message }),
    )
    worker.once('exit', (code, signal) => {
      channel.close()
      channels.delete(worker)
      retire(worker)
      if (stopping) return
      if (starting) {
        starting.failed(new Error(`a worker exited (${signal ?? code}) before it was ready`))
        return
      }
      const now = Date.now()
      exitTimes.push(now)
      while (exitTimes.length > 0 && exitTimes[0]! < now - 60_000) exitTimes.shift()
      const delayMs = respawnDelayMs({ recentExits: exitTimes.length })
      logger.warn('worker exited unexpectedly; replacing it', {
        pid: worker.process.pid,
        code,
        signal,
        inMs: delayMs,
      })
      respawnTimer = setTimeout(() => {
        respawnTimer = undefined
        if (!stopping) fork()
      }, delayMs)
    })
    return worker
  }

  let metricsUrl: string | undefined
  if (ownMetrics) {
    const summed: Metrics = {
      ...ownMetrics,
      async scrape() {
        // Every worker must answer: a scrape missing one would read as its counters resetting.
        const live = [...channels]
        const answers = await Promise.all(
          live.map(([, channel]) => channel.request('metrics') as Promise<MetricsSnapshot>),
        )
        live.forEach(([worker], index) => lastScraped.set(worker, answers[index]!))
        const snapshots = [await ownMetrics.snapshot(), ...answers, ...retired]
        const registry = AggregatorRegistry.aggregate(snapshots)
        return { body: await registry.metrics(), contentType: registry.contentType }
      },
    }
    try {
      const server = await startMetricsServer({
        metrics: summed,
        port: config.METRICS_PORT!,
        host: config.METRICS_HOST,
      })
      metricsUrl = server.url
      lifecycle.add('metrics', () => server.close())
    } catch (error) {
      await lifecycle.stop().catch(() => undefined)
      throw error
    }
  }

  lifecycle.add('workers', async () => {
    stopping = true
    clearTimeout(respawnTimer)
    const live = [...channels.keys()].filter((worker) => !worker.isDead())
    const exits = live.map(
      (worker) =>
        new Promise<string | undefined>((resolve) =>
          worker.once('exit', (code, signal) =>
            resolve(code === 0 ? undefined : `worker ${worker.process.pid} exited ${signal ?? code}`),
          ),
        ),
    )
    for (const worker of live) void channels.get(worker)?.notify('shutdown')
    const force = setTimeout(() => {
      for (const worker of live) if (!worker.isDead()) worker.process.kill('SIGKILL')
    }, stopWorkerAfterMs)
    const failures = (await Promise.all(exits)).filter((failure) => failure !== undefined)
    clearTimeout(force)
    if (failures.length > 0) throw new Error(failures.join('; '))
  })

  let url: string
  try {
    url = await new Promise<string>((resolve, reject) => {
      const ready = new Set<Worker>()
      starting = {
        ready(worker, workerUrl) {
          ready.add(worker)
          if (ready.size === workers) resolve(workerUrl)
        },
        failed: reject,
      }
      for (let index = 0; index < workers; index += 1) fork()
    })
  } catch (error) {
    starting = undefined
    await lifecycle.stop().catch(() => undefined)
    throw error
  }
  starting = undefined

  return {
    url,
    ...(metricsUrl ? { metricsUrl } : {}),
    workerPids: () =>
      [...channels.keys()].flatMap((worker) => (worker.process.pid ? [worker.process.pid] : [])),
    stop: () => lifecycle.stop(),
  }
}
