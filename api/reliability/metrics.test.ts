import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SwapError } from '../../shared'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

/*
 * The Prometheus endpoint after real traffic over real HTTP: the counts add up to what was sent and
 * answered, and no label carries a caller, an address or a partner.
 */

const winner = fakeVenue({ id: 'cow', answer: (request) => priced(request, 'cow', 1_000_000n) })
const decliner = fakeVenue({ id: '0x', answer: () => ({ noRoute: true, reason: 'no pool' }) })
const failing = fakeVenue({
  id: 'lifi',
  answer: () => {
    throw new SwapError({ code: 'UPSTREAM_ERROR', message: 'lifi down' })
  },
})

let server: Awaited<ReturnType<typeof startTestServer>>
let logDir: string

beforeAll(async () => {
  logDir = await mkdtemp(join(tmpdir(), 'swap-quote-metrics-'))
  server = await startTestServer({
    venues: [winner, decliner, failing],
    env: { METRICS_PORT: '0', QUOTE_LOG_PATH: join(logDir, 'quotes.jsonl') },
  })
})

afterAll(async () => {
  await server?.close()
  await rm(logDir, { recursive: true, force: true })
})

/** The value of one sample of a scrape, 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const present = (match[2] ?? '').split(',')
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3])
  }
  return 0
}

describe('GET /metrics on METRICS_PORT', () => {
  it('counts requests, venue outcomes, rate limits and quote-log lines as they happened', async () => {
    const partner = 'acme-widgets'
    const statuses: number[] = []
    for (let index = 0; index < 61; index += 1) {
      const response = await server.get(quotePath({ partner }), {
        headers: { 'X-Forwarded-For': '198.51.100.77' },
      })
      statuses.push(response.status)
      await response.arrayBuffer()
    }
    for (let index = 0; index < 4; index += 1) {
      await (await server.get(quotePath(), { headers: { 'X-Forwarded-For': '198.51.100.78' } })).arrayBuffer()
    }
    for (let index = 0; index < 3; index += 1) await (await server.get('/chains')).arrayBuffer()
    for (let index = 0; index < 2; index += 1)
      await (await fetch(`${server.url}/nope-${index}`)).arrayBuffer()
    await server.quoteLog.flush()
    expect(statuses.filter((status) => status === 200)).toHaveLength(60)

    const scrape = await fetch(server.metricsUrl!)
    expect(scrape.status).toBe(200)
    expect(scrape.headers.get('content-type')).toContain('text/plain')
    const text = await scrape.text()
    const quotes = 64
    expect(sample(text, 'swapquote_http_requests_total', { route: '/api/sdk/v1/quote', status: '200' })).toBe(
      quotes,
    )
    expect(sample(text, 'swapquote_http_requests_total', { route: '/api/sdk/v1/quote', status: '429' })).toBe(
      1,
    )
    expect(
      sample(text, 'swapquote_http_requests_total', { route: '/api/sdk/v1/chains', status: '200' }),
    ).toBe(3)
    expect(sample(text, 'swapquote_http_requests_total', { route: 'other', status: '404' })).toBe(2)
    expect(sample(text, 'swapquote_quote_duration_seconds_count')).toBe(quotes)
    expect(sample(text, 'swapquote_venue_outcomes_total', { venue: 'cow', outcome: 'won' })).toBe(quotes)
    expect(sample(text, 'swapquote_venue_outcomes_total', { venue: '0x', outcome: 'noRoute' })).toBe(quotes)
    expect(sample(text, 'swapquote_venue_outcomes_total', { venue: 'lifi', outcome: 'failed' })).toBe(quotes)
    expect(sample(text, 'swapquote_venue_duration_seconds_count', { venue: 'cow' })).toBe(quotes)
    expect(sample(text, 'swapquote_rate_limited_total', { kind: 'free' })).toBe(1)
    const logged = (await readFile(join(logDir, 'quotes.jsonl'), 'utf8')).trimEnd().split('\n').length
    expect(logged).toBe(quotes)
    expect(sample(text, 'swapquote_quote_log_lines_total', { result: 'written' })).toBe(logged)
    expect(sample(text, 'swapquote_store_failed_over')).toBe(0)
    // Bounded labels: no caller, partner or address ever becomes a series.
    expect(text).not.toContain('198.51.100')
    expect(text).not.toContain(partner)
    expect(text).not.toContain('0x1111111111111111111111111111111111111111')
  })

  it('is not on the API port', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    expect(new URL(server.metricsUrl!).port).not.toBe(String(server.port))
  })
})
