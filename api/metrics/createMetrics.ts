import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client'
import type { VenueOutcome } from '../quote/venueOutcome'

/** The routes a request is counted under: a closed list, so no caller can grow the label set. */
const knownRoutes = [
  '/api/sdk/v1/chains',
  '/api/sdk/v1/tokens',
  '/api/sdk/v1/quote',
  '/api/sdk/v1/status',
  '/api/sdk/v1/access',
  '/api/sdk/v1/openapi.json',
  '/api/sdk/v1/docs',
  '/healthz',
  '/readyz',
] as const

/** The `route` label of a request target: one of `knownRoutes`, or `other`. */
export function routeLabel(target: string): string {
  const path = target.split('?', 1)[0] ?? ''
  return (knownRoutes as readonly string[]).includes(path) ? path : 'other'
}

/**
 * What the API tells Prometheus. Every label is bounded: routes from a fixed list, status codes,
 * venue ids, outcome kinds, grant flows; never a partner id, an address or a token.
 */
export type Metrics = {
  /** One answered HTTP request (any route, also those answered before the app). */
  request(target: string, status: number): void
  /** One `/quote` answer: how long it took from arrival, and how each venue of its race ended. */
  quote(seconds: number, outcomes: readonly VenueOutcome[]): void
  /** A `/quote` refused with 429: `free` (the caller's bucket) or `grant` (a grant's). */
  rateLimited(kind: 'free' | 'grant'): void
  /** A grant handed out: `x402` or `holder-pass`; `returned` when a subject got back the one it holds. */
  grant(via: string, issued: 'new' | 'returned'): void
  /** One batch written to the quote log, or failed. */
  quoteLogWrite(lines: number, ok: boolean): void
  /**
   * The settlement ledger after a round of shipping: bytes of its spool the database does not have yet,
   * and whether the database is away.
   */
  ledger(backlogBytes: number, away: boolean): void
  /** The text a scrape answers, and its content type. */
  scrape(): Promise<{ body: string; contentType: string }>
}

/** A registry's metrics as JSON: what a cluster worker hands its primary to be summed (`prom-client`'s own form). */
export type MetricsSnapshot = MetricObjectWithValues<MetricValue<string>>[]

/** Metrics kept in this process's own registry, which can also hand over their values (cluster mode). */
export type RegistryMetrics = Metrics & { snapshot(): Promise<MetricsSnapshot> }

export type CreateMetricsParameters = {
  /** 1 while the shared store has failed over to memory, read at each scrape. */
  storeDegraded?: () => boolean
}

/**
 * A Prometheus registry (`prom-client`) with the API's metrics.
 *
 * @example
 * const metrics = createMetrics({ storeDegraded: () => store.degraded?.() ?? false })
 * metrics.request('/api/sdk/v1/chains', 200)
 * const { body } = await metrics.scrape()
 */
export function createMetrics({
  storeDegraded = () => false,
}: CreateMetricsParameters = {}): RegistryMetrics {
  const registry = new Registry()
  const requests = new Counter({
    name: 'swapquote_http_requests_total',
    help: 'HTTP requests answered, by route and status.',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  })
  const quoteSeconds = new Histogram({
    name: 'swapquote_quote_duration_seconds',
    help: 'Time from arrival to the /quote answer, for quotes that reached the venue race.',
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
    registers: [registry],
  })
  const venueOutcomes = new Counter({
    name: 'swapquote_venue_outcomes_total',
    help: 'How each venue ended in a quote race: won, outranked, noRoute, failed, timedOut.',
    labelNames: ['venue', 'outcome'] as const,
    registers: [registry],
  })
  const venueSeconds = new Histogram({
    name: 'swapquote_venue_duration_seconds',
    help: 'Time a venue took to answer in a quote race (a venue that timed out counts the race).',
    labelNames: ['venue'] as const,
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
    registers: [registry],
  })
  const rateLimited = new Counter({
    name: 'swapquote_rate_limited_total',
    help: '/quote requests refused with 429, by bucket kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
  })
  const grants = new Counter({
    name: 'swapquote_grants_total',
    help: 'Access grants handed out, by flow, new or returned to the subject that holds one.',
    labelNames: ['via', 'issued'] as const,
    registers: [registry],
  })
  new Gauge({
    name: 'swapquote_store_failed_over',
    help: '1 while the shared store (Redis) is away and counting has failed over to memory.',
    // Summed over cluster workers, two failed-over workers would read 2.
    aggregator: 'max',
    registers: [registry],
    collect() {
      this.set(storeDegraded() ? 1 : 0)
    },
  })
  const logLines = new Counter({
    name: 'swapquote_quote_log_lines_total',
    help: 'Quote-log lines written, or lost to a failed write.',
    labelNames: ['result'] as const,
    registers: [registry],
  })

  // Only one process ships the ledger (the API, or the cluster's primary): the sum is its value.
  const ledgerBacklog = new Gauge({
    name: 'swapquote_ledger_backlog_bytes',
    help: 'Bytes of the local spool the ledger database (DATABASE_URL) does not have yet.',
    registers: [registry],
  })
  const ledgerAway = new Gauge({
    name: 'swapquote_ledger_database_away',
    help: '1 while the ledger database cannot be reached and quote lines wait in the local spool.',
    registers: [registry],
  })

  return {
    request(target, status) {
      requests.inc({ route: routeLabel(target), status: String(status) })
    },
    quote(seconds, outcomes) {
      quoteSeconds.observe(seconds)
      for (const outcome of outcomes) {
        venueOutcomes.inc({
          venue: outcome.venue,
          outcome: outcome.status === 'quoted' ? 'won' : outcome.status,
        })
        venueSeconds.observe({ venue: outcome.venue }, outcome.elapsedMs / 1000)
      }
    },
    rateLimited(kind) {
      rateLimited.inc({ kind })
    },
    grant(via, issued) {
      grants.inc({ via, issued })
    },
    quoteLogWrite(lines, ok) {
      logLines.inc({ result: ok ? 'written' : 'failed' }, lines)
    },
    ledger(backlogBytes, away) {
      ledgerBacklog.set(backlogBytes)
      ledgerAway.set(away ? 1 : 0)
    },
    async scrape() {
      return { body: await registry.metrics(), contentType: registry.contentType }
    },
    snapshot: () => registry.getMetricsAsJSON() as Promise<MetricsSnapshot>,
  }
}

/** Metrics that record nothing: the default when `METRICS_PORT` is unset, and in tests. */
export const noMetrics: Metrics = {
  request() {},
  quote() {},
  rateLimited() {},
  grant() {},
  quoteLogWrite() {},
  ledger() {},
  async scrape() {
    return { body: '', contentType: 'text/plain' }
  },
}
