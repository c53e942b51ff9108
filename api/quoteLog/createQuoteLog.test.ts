import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runPartnerReport } from '../partnerReport'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'
import { QuoteLogEntrySchema } from './quoteLogEntry'

let directory: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'quote-log-'))
})
afterAll(() => rm(directory, { recursive: true, force: true }))

const venue = fakeVenue({
  id: 'lifi',
  answer: (request) =>
    priced(request, 'lifi', 3_000_000_000n, {
      serviceFeeBps: 30,
      ...(request.partnerFeeBps > 0 && {
        partnerFee: { collectedBps: request.partnerFeeBps, note: 'integrator fee' },
      }),
    }),
})

describe('quote log', () => {
  it('writes one valid JSON line per 200 quote under 500 concurrent quotes, and the report sums them', async () => {
    const path = join(directory, 'nested', 'quotes.jsonl')
    const server = await startTestServer({ venues: [venue], env: { QUOTE_LOG_PATH: path } })
    try {
      const responses = await Promise.all(
        Array.from({ length: 500 }, (_, index) =>
          server.get(
            quotePath({ partner: index % 2 === 0 ? 'acme' : 'globex', partnerFeeBps: '20', amount: '0.5' }),
            {
              headers: { 'X-Forwarded-For': `10.0.${Math.floor(index / 50)}.${index % 50}` },
            },
          ),
        ),
      )
      expect(responses.every((response) => response.status === 200)).toBe(true)
      // A 400 is not logged.
      await server.get('/quote?sellChain=ETH')
    } finally {
      await server.close()
    }
    const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean)
    expect(lines).toHaveLength(500)
    const entries = lines.map((line) => QuoteLogEntrySchema.parse(JSON.parse(line)))
    expect(new Set(entries.map((entry) => entry.requestId)).size).toBe(500)
    expect(entries[0]).toMatchObject({
      provider: 'lifi',
      requestedBps: 20,
      collectedBps: 20,
      serviceBps: 30,
      sellAmount: '500000000000000000',
      sellToken: { symbol: 'ETH', decimals: 18 },
    })

    const report = JSON.parse(
      await runPartnerReport(['--log', path, '--json', '--partner', 'acme'], undefined),
    )
    expect(report.rows).toEqual([
      expect.objectContaining({
        partner: 'acme',
        provider: 'lifi',
        quotes: 250,
        requestedBps: 20,
        collectedBps: 20,
        settledOffChain: true,
        // 250 × 0.5 ETH = 125 ETH; 20 bps of it = 0.25 ETH.
        tokens: [expect.objectContaining({ symbol: 'ETH', volume: '125', feeOwed: '0.25' })],
      }),
    ])
    const table = await runPartnerReport(['--log', path, '--to', '2000-01-01T00:00:00Z'], undefined)
    expect(table.split('\n')).toHaveLength(2)
    // A bound in a local form would be read in the machine's time zone: refused, saying the form it takes.
    await expect(runPartnerReport(['--log', path, '--from', '27 Nov 2026'], undefined)).rejects.toThrow(
      /Not an ISO time \(2026-11-01/,
    )
    expect(await runPartnerReport(['--log', path, '--from', '2000-01-01'], undefined)).toContain('acme')
    // A statement with rows says what its figures are: fees on quotes, owed only for executed swaps.
    const statement = await runPartnerReport(['--log', path, '--partner', 'acme'], undefined)
    expect(statement).toMatch(/^acme\s+lifi\s+250\s/m)
    // The id as an operator may paste it finds what the API logged: the same spaces and marks dropped.
    const pasted = await runPartnerReport(['--log', path, '--partner', ' acme\u200b '], undefined)
    expect(pasted).toMatch(/^acme\s+lifi\s+250\s/m)
    expect(statement).toContain("'executed' counts only the swaps /status saw delivered")
    // An operator who asks gets the options, not "Unknown option '--help'".
    expect(await runPartnerReport(['--help'], undefined)).toMatch(/--from <iso>[\s\S]*--partner <id>/)
  })

  it('owes a swap in the period it was delivered in, also when it was quoted in the one before', async () => {
    const path = join(directory, 'periods.jsonl')
    const server = await startTestServer({ venues: [venue], env: { QUOTE_LOG_PATH: path } })
    try {
      for (let quote = 0; quote < 2; quote += 1) {
        const response = await server.get(quotePath({ partner: 'acme', partnerFeeBps: '20', amount: '1' }))
        expect(response.status).toBe(200)
      }
      await server.quoteLog.flush()
    } finally {
      await server.close()
    }
    const [early, late] = (await readFile(path, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => QuoteLogEntrySchema.parse(JSON.parse(line)))
    // The month closes between the two deliveries: one swap settled at once, one (a CoW fill, a bridge)
    // seen delivered after the statement for the month was run.
    const quotedAt = Date.parse(early!.time)
    const close = new Date(quotedAt + 20 * 86_400_000).toISOString()
    const execution = (quoteId: string, time: number, sourceTx: string) =>
      `${JSON.stringify({ kind: 'execution', quoteId, time: new Date(time).toISOString(), provider: 'lifi', sourceTx })}\n`
    await appendFile(path, execution(early!.quoteId!, quotedAt + 60_000, `0x${'a'.repeat(64)}`))
    await appendFile(path, execution(late!.quoteId!, quotedAt + 40 * 86_400_000, `0x${'b'.repeat(64)}`))
    const period = async (...bounds: string[]) =>
      JSON.parse(await runPartnerReport(['--log', path, '--json', ...bounds], undefined)).rows
    // 20 bps of 1 ETH per swap.
    expect(await period('--to', close)).toEqual([
      expect.objectContaining({
        quotes: 2,
        executions: 1,
        tokens: [expect.objectContaining({ volume: '2', feeOwed: '0.004', feeOwedExecuted: '0.002' })],
      }),
    ])
    expect(await period('--from', close)).toEqual([
      expect.objectContaining({
        quotes: 0,
        executions: 1,
        requestedBps: 20,
        tokens: [expect.objectContaining({ volume: '0', feeOwed: '0', feeOwedExecuted: '0.002' })],
      }),
    ])
    expect(await period()).toEqual([
      expect.objectContaining({
        quotes: 2,
        executions: 2,
        tokens: [expect.objectContaining({ volume: '2', feeOwed: '0.004', feeOwedExecuted: '0.004' })],
      }),
    ])
    // The statement itself shows the later period's swap on a line of its own, with nothing quoted.
    const table = await runPartnerReport(['--log', path, '--from', close], undefined)
    expect(table).toMatch(/^acme\s+lifi\s+0\s+1\s+20\s+20\s+ETH\s+0\s+0\s+0\s+0.002\s+the service/m)
    expect(table).toContain('executions by the time\n/status saw them delivered')
  })

  it('states one partner on one line whatever spelling of its id callers sent, and finds it by any', async () => {
    const path = join(directory, 'spellings.jsonl')
    const server = await startTestServer({ venues: [venue], env: { QUOTE_LOG_PATH: path } })
    try {
      // As the partner registry matches them: case, compatibility forms and any dash.
      for (const partner of ['demo-partner', 'Demo-Partner', 'demo\u2010partner', 'ＤＥＭＯ-partner']) {
        const response = await server.get(quotePath({ partner, partnerFeeBps: '20', amount: '1' }))
        expect(response.status).toBe(200)
      }
      await server.quoteLog.flush()
    } finally {
      await server.close()
    }
    for (const asked of [[], ['--partner', 'DEMO-PARTNER'], ['--partner', 'demo\u2011partner']]) {
      const { rows } = JSON.parse(await runPartnerReport(['--log', path, '--json', ...asked], undefined))
      expect(rows).toEqual([
        expect.objectContaining({
          partner: 'demo-partner',
          quotes: 4,
          tokens: [expect.objectContaining({ volume: '4', feeOwed: '0.008' })],
        }),
      ])
    }
  })

  it('reads the logs of several instances as one, counting a quote that appears twice once', async () => {
    const paths = [join(directory, 'a.jsonl'), join(directory, 'b.jsonl')]
    const servers = await Promise.all(
      paths.map((path) => startTestServer({ venues: [venue], env: { QUOTE_LOG_PATH: path } })),
    )
    try {
      for (const [index, server] of servers.entries()) {
        for (let quote = 0; quote < 3 + index; quote += 1) {
          const response = await server.get(quotePath({ partner: 'acme', partnerFeeBps: '20', amount: '1' }))
          expect(response.status).toBe(200)
        }
        await server.quoteLog.flush()
      }
    } finally {
      await Promise.all(servers.map((server) => server.close()))
    }
    // A retried write (or a copied file) repeats a line: the same quoteId must not count twice.
    const first = (await readFile(paths[0]!, 'utf8')).split('\n')[0]!
    await appendFile(paths[1]!, `${first}\n`)
    const report = JSON.parse(
      await runPartnerReport(
        ['--log', paths[0]!, '--log', paths[1]!, '--json', '--partner', 'acme'],
        undefined,
      ),
    )
    expect(report.rows).toEqual([
      expect.objectContaining({
        partner: 'acme',
        quotes: 7,
        tokens: [expect.objectContaining({ symbol: 'ETH', volume: '7', feeOwed: '0.014' })],
      }),
    ])
  })
})
