import pg from 'pg'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { QuoteLogEntry } from './quoteLog/quoteLogEntry'
import { QuoteLogEntrySchema } from './quoteLog/quoteLogEntry'
import type { PartnerReportRow } from './quoteLog/summarizeQuoteLog'
import { summarizeQuoteLog } from './quoteLog/summarizeQuoteLog'

/** Parses a quote log file's text; lines that are not valid entries are counted, not fatal. */
export function parseQuoteLog(text: string): { entries: QuoteLogEntry[]; skipped: number } {
  const entries: QuoteLogEntry[] = []
  let skipped = 0
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    try {
      entries.push(QuoteLogEntrySchema.parse(JSON.parse(line)))
    } catch {
      skipped += 1
    }
  }
  return { entries, skipped }
}

/**
 * The statement as a plain-text table: a line per partner, venue and token with the quoted volume, and
 * a line per way the partner's fees are paid (who, when), with the fee, the venue's share and the net.
 */
export function formatPartnerReport(rows: readonly PartnerReportRow[]): string {
  const header = [
    'partner',
    'venue',
    'quotes',
    'req bps',
    'coll bps',
    'token',
    'volume',
    'partner fee',
    'venue share',
    'to partner',
    'paid by',
  ]
  const lines = rows.flatMap((row) => {
    const head = [
      row.partner,
      row.provider,
      String(row.quotes),
      String(row.requestedBps),
      String(row.collectedBps),
    ]
    const volumes = row.tokens
      .filter((token) => token.volume !== '0')
      .map((token) => [...head, token.symbol, token.volume, '', '', '', ''])
    const fees = row.fees.map((fee) => [
      ...head,
      fee.symbol,
      '',
      fee.gross,
      fee.venueShare,
      fee.net,
      fee.paidBy,
    ])
    return [...volumes, ...fees]
  })
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  )
  const render = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd()
  const table = [render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render)]
  return [...table, ...(rows.length > 0 ? QUOTED_VOLUME_NOTE : [])].join('\n')
}

/**
 * Under every statement with rows: the log holds answered quotes, not executed swaps, so its fees are
 * what the partner is owed if every quote was executed, never a payout on their own.
 */
const QUOTED_VOLUME_NOTE = [
  '',
  'On quoted volume: a quote is logged when it is answered, and its fees are owed only if its swap executed.',
  'Before paying a partner, reconcile with what arrived: the service fee wallets for fees settled off-chain,',
  "CoW DAO's weekly payouts for fees paid later by the venue.",
]

/**
 * `npm run partner-report -- [--log <path>]... [--from <iso>] [--to <iso>] [--partner <id>] [--json]`:
 * the partner statement from the quote log, per partner and venue (see `summarizeQuoteLog`). `--log` may be given once per instance's file and
 * defaults to `QUOTE_LOG_PATH`; a quote present in several files (the same `quoteId`) counts once.
 */
export async function runPartnerReport(
  argv: readonly string[],
  defaultLogPath: string | undefined,
  defaultDatabaseUrl?: string,
): Promise<string> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      log: { type: 'string', multiple: true },
      database: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      partner: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  })
  const database = values.database ?? (values.log ? undefined : defaultDatabaseUrl)
  const paths = values.log ?? (database || !defaultLogPath ? [] : [defaultLogPath])
  if (paths.length === 0 && !database) {
    throw new Error(
      'No quote log: pass --log <path> or --database <url>, or set QUOTE_LOG_PATH or DATABASE_URL',
    )
  }
  for (const bound of [values.from, values.to]) {
    if (bound !== undefined && Number.isNaN(Date.parse(bound))) throw new Error(`Not an ISO time: ${bound}`)
  }
  let skipped = 0
  const seen = new Set<string>()
  const entries: QuoteLogEntry[] = []
  const sources = paths.map((path) => () => readFile(path, 'utf8'))
  if (database) sources.push(() => readLedgerDatabase(database))
  for (const read of sources) {
    const parsed = parseQuoteLog(await read())
    skipped += parsed.skipped
    for (const entry of parsed.entries) {
      // Lines written before quoteId existed have no key to match on, and are all counted.
      if (entry.quoteId !== undefined) {
        if (seen.has(entry.quoteId)) continue
        seen.add(entry.quoteId)
      }
      entries.push(entry)
    }
  }
  const rows = summarizeQuoteLog({ entries, from: values.from, to: values.to, partner: values.partner })
  if (values.json) return JSON.stringify({ rows, skippedLines: skipped }, null, 2)
  return `${formatPartnerReport(rows)}${skipped > 0 ? `\n(${skipped} unreadable lines skipped)` : ''}`
}

/** The settlement ledger's lines, as the file log holds them, oldest first. */
async function readLedgerDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ entry: unknown }>(
      'SELECT entry FROM quote_ledger ORDER BY time, quote_id',
    )
    return rows.map((row) => `${JSON.stringify(row.entry)}\n`).join('')
  } finally {
    await client.end()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runPartnerReport(
    process.argv.slice(2),
    process.env.QUOTE_LOG_PATH || undefined,
    process.env.DATABASE_URL || undefined,
  ).then(
    (output) => process.stdout.write(`${output}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
      process.exit(1)
    },
  )
}
