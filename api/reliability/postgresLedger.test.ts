import { mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresLedger, type PostgresLedger } from '../ledger/createPostgresLedger'
import { silentLogger } from '../logging/logger'
import type { QuoteLogEntry } from '../quoteLog/quoteLogEntry'
import { runPartnerReport } from '../partnerReport'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { startPostgres, type TestPostgres } from '../testing/startPostgres'
import { quotePath, startTestServer } from '../testing/testServer'
import { watchUnhandledRejections } from './watchUnhandledRejections'

/*
 * The settlement ledger in a real PostgreSQL: three instances on one database, 1,000 quotes, and the
 * database stopped in the middle of the run and started again. Every quote served is one row, none
 * lost and none doubled, and the partner report read from the database sums to what was served.
 */

const venue = fakeVenue({
  id: 'lifi',
  answer: (request) =>
    priced(request, 'lifi', 3_000_000_000n, {
      ...(request.partnerFeeBps > 0 && {
        partnerFee: { collectedBps: request.partnerFeeBps, note: 'integrator fee' },
      }),
    }),
})
const QUOTES = 1_000

let postgres: TestPostgres
let dir: string
let servers: Awaited<ReturnType<typeof startTestServer>>[] = []
let watcher: ReturnType<typeof watchUnhandledRejections>

beforeAll(async () => {
  watcher = watchUnhandledRejections()
  postgres = await startPostgres()
  dir = await mkdtemp(join(tmpdir(), 'swap-quote-ledger-'))
  servers = await Promise.all(
    [0, 1, 2].map((index) =>
      startTestServer({
        venues: [venue],
        env: {
          DATABASE_URL: postgres.url,
          QUOTE_LOG_PATH: join(dir, `spool-${index}.jsonl`),
          // The first instance is scraped: its ledger gauges follow the outage.
          ...(index === 0 && { METRICS_PORT: '0' }),
        },
      }),
    ),
  )
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await postgres?.remove()
  await rm(dir, { recursive: true, force: true })
  watcher?.stop()
  expect(watcher?.seen).toEqual([])
})

/** The first instance's ledger gauges, as a scrape reads them. */
async function ledgerGauges(): Promise<{ backlogBytes: number; away: number }> {
  const text = await (await fetch(servers[0]!.metricsUrl!)).text()
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
  return {
    backlogBytes: value('swapquote_ledger_backlog_bytes'),
    away: value('swapquote_ledger_database_away'),
  }
}

async function quote(index: number): Promise<{ status: number; quoteId?: string }> {
  const server = servers[index % servers.length]!
  const response = await server.get(quotePath({ partner: 'acme', partnerFeeBps: '10', amount: '1' }), {
    // 40 quotes per caller: under the per-caller limit.
    headers: { 'X-Forwarded-For': `198.18.9.${Math.floor(index / 40)}` },
  })
  const body = (await response.json()) as { quoteId?: string }
  return { status: response.status, ...(body.quoteId ? { quoteId: body.quoteId } : {}) }
}

async function burst(from: number, to: number): Promise<{ status: number; quoteId?: string }[]> {
  const answers: { status: number; quoteId?: string }[] = []
  for (let start = from; start < to; start += 50) {
    answers.push(
      ...(await Promise.all(Array.from({ length: Math.min(50, to - start) }, (_, k) => quote(start + k)))),
    )
  }
  return answers
}

describe('settlement ledger in PostgreSQL', () => {
  it('keeps every quote of three instances exactly once through a database outage', async () => {
    const before = await burst(0, QUOTES / 2)
    await postgres.stop()
    // Quotes keep being served while the database is away; their lines wait in each spool.
    const during = await burst(QUOTES / 2, QUOTES)
    // What an operator's alert reads meanwhile: the database away, and the spool's backlog.
    await expect.poll(ledgerGauges, { timeout: 10_000 }).toEqual({
      backlogBytes: expect.any(Number),
      away: 1,
    })
    expect((await ledgerGauges()).backlogBytes).toBeGreaterThan(0)
    await postgres.restart()
    const answers = [...before, ...during]
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(QUOTES)
    for (const server of servers) await (server.quoteLog as PostgresLedger).shipped()
    await expect.poll(ledgerGauges, { timeout: 10_000 }).toEqual({ backlogBytes: 0, away: 0 })

    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ rows: string; ids: string }>(
        'SELECT count(*) AS rows, count(DISTINCT quote_id) AS ids FROM quote_ledger',
      )
      expect(Number(rows[0]!.rows)).toBe(QUOTES)
      expect(Number(rows[0]!.ids)).toBe(QUOTES)
      const { rows: ids } = await client.query<{ quote_id: string }>('SELECT quote_id FROM quote_ledger')
      expect(new Set(ids.map((row) => row.quote_id))).toEqual(
        new Set(answers.map((answer) => answer.quoteId)),
      )
    } finally {
      await client.end()
    }

    const report = JSON.parse(await runPartnerReport(['--database', postgres.url, '--json'], undefined))
    expect(report.rows).toEqual([
      expect.objectContaining({
        partner: 'acme',
        quotes: QUOTES,
        // 1,000 × 1 ETH; 10 bps of it = 1 ETH.
        tokens: [expect.objectContaining({ symbol: 'ETH', volume: '1000', feeOwed: '1' })],
      }),
    ])

    // Ten of them seen delivered by /status, one of those on two instances (the same swap: counted
    // once), and one sent a second time, a resend that also landed (a second swap: counted).
    const executed = answers.slice(0, 10).map((answer) => answer.quoteId!)
    const swap = (index: number) => `0x${index.toString(16).padStart(64, '0')}`
    const execution = (quoteId: string, sourceTx: string) =>
      ({ kind: 'execution', quoteId, sourceTx, time: new Date().toISOString(), provider: 'lifi' }) as const
    executed.forEach((quoteId, index) => servers[0]!.quoteLog.append(execution(quoteId, swap(index))))
    servers[1]!.quoteLog.append(execution(executed[0]!, swap(0).toUpperCase().replace('0X', '0x')))
    servers[2]!.quoteLog.append(execution(executed[1]!, swap(99)))
    for (const server of servers) await (server.quoteLog as PostgresLedger).shipped()
    const after = JSON.parse(await runPartnerReport(['--database', postgres.url, '--json'], undefined))
    expect(after.rows).toEqual([
      expect.objectContaining({
        quotes: QUOTES,
        executedQuotes: 10,
        executions: 11,
        // 11 swaps of 1 ETH; 10 bps of each = 0.011 ETH owed on what was executed.
        tokens: [expect.objectContaining({ feeOwed: '1', feeOwedExecuted: '0.011' })],
      }),
    ])
  }, 120_000)
})

describe('settlement ledger: a stop with lines the database does not have yet', () => {
  it('says so at the stop, with the spool they ship from at the next start', async () => {
    const warnings: { message: string; fields?: Record<string, unknown> }[] = []
    const logger = {
      ...silentLogger,
      warn: (message: string, fields?: Record<string, unknown>) => warnings.push({ message, fields }),
    }
    const spoolPath = join(dir, 'spool-unshipped.jsonl')
    // A database that does not exist: every round of shipping fails, as while the server is away.
    const ledger = createPostgresLedger({
      url: postgres.url.replace(/\/postgres$/, '/ledgr'),
      spoolPath,
      logger,
    })
    ledger.append({ quoteId: 'q_unshipped_1', time: new Date().toISOString() } as unknown as QuoteLogEntry)
    await ledger.close()
    expect(warnings.at(-1)).toEqual({
      message: 'ledger: quote lines still wait in the local spool; they ship at the next start from it',
      fields: { spoolPath, bytes: expect.any(Number) },
    })
    expect(warnings.at(-1)!.fields!.bytes).toBeGreaterThan(0)
  })
})

describe('settlement ledger: a spool rotated away', () => {
  it('ships the new spool from its start, so no line written after the rotation is skipped', async () => {
    const warnings: string[] = []
    const logger = { ...silentLogger, warn: (message: string) => void warnings.push(message) }
    const spoolPath = join(dir, 'spool-rotated.jsonl')
    const ledger = createPostgresLedger({ url: postgres.url, spoolPath, logger })
    // Executions: their lines are whole with these fields alone.
    const line = (id: string) =>
      ({
        kind: 'execution',
        quoteId: `q_rotated_${id}`,
        time: new Date().toISOString(),
        provider: 'lifi',
      }) as unknown as QuoteLogEntry
    try {
      for (const id of ['1', '2', '3']) ledger.append(line(id))
      await ledger.shipped()
      // As logrotate does: the file is renamed away, and the next lines start a new one.
      await rename(spoolPath, `${spoolPath}.1`)
      for (const id of ['4', '5']) ledger.append(line(id))
      await ledger.shipped()
    } finally {
      await ledger.close()
    }
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ quote_id: string }>(
        "SELECT quote_id FROM quote_executions WHERE quote_id LIKE 'q_rotated_%' ORDER BY quote_id",
      )
      expect(rows.map((row) => row.quote_id)).toEqual(
        ['1', '2', '3', '4', '5'].map((id) => `q_rotated_${id}`),
      )
    } finally {
      await client.end()
    }
    expect(warnings.filter((message) => message.includes('the spool was replaced'))).toHaveLength(1)
  })
})
