import pg from 'pg'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import stringWidth from 'string-width'
import { parseLedgerLine, swapKey, type QuoteLogEntry } from './quoteLog/quoteLogEntry'
import type { PartnerReportRow } from './quoteLog/summarizeQuoteLog'
import { summarizeQuoteLog } from './quoteLog/summarizeQuoteLog'
import { normalizePartner } from './quote/quoteQuery'

/** The swaps of each quote `/status` saw delivered: by quote id, then source transaction (`swapKey`), the time seen. */
type Executions = Map<string, Map<string, string>>

/**
 * Parses a quote log file's text: the quotes, and the swaps `/status` saw delivered, by quote id and
 * source transaction (`swapKey`), with the time each was seen. Lines that are neither are counted, not fatal.
 */
export function parseQuoteLog(text: string): {
  entries: QuoteLogEntry[]
  executed: Executions
  skipped: number
} {
  const entries: QuoteLogEntry[] = []
  const executed: Executions = new Map()
  let skipped = 0
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let parsed
    try {
      parsed = parseLedgerLine(JSON.parse(line))
    } catch {
      parsed = undefined
    }
    if (parsed === undefined) skipped += 1
    else if ('kind' in parsed) addSwap(executed, parsed.quoteId, swapKey(parsed), parsed.time)
    else entries.push(parsed)
  }
  return { entries, executed, skipped }
}

/**
 * Notes one swap of a quote, by its `swapKey`: the same swap in two files counts once, at the time it
 * was first seen.
 */
function addSwap(executed: Executions, quoteId: string, swap: string, time: string) {
  const swaps = executed.get(quoteId) ?? new Map<string, string>()
  const known = swaps.get(swap)
  if (known === undefined || Date.parse(time) < Date.parse(known)) swaps.set(swap, time)
  executed.set(quoteId, swaps)
}

/** How many swaps of each quote were seen delivered in `[from, to)`, by quote id. */
function countExecuted(executed: Executions, from: string | undefined, to: string | undefined) {
  const fromMs = from ? Date.parse(from) : -Infinity
  const toMs = to ? Date.parse(to) : Infinity
  const counts = new Map<string, number>()
  for (const [quoteId, swaps] of executed) {
    const times = [...swaps.values()].map((time) => Date.parse(time))
    const count = times.filter((time) => time >= fromMs && time < toMs).length
    if (count > 0) counts.set(quoteId, count)
  }
  return counts
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
    'executed',
    'req bps',
    'coll bps',
    'token',
    'volume',
    'partner fee',
    'venue share',
    'to partner',
    'executed: to partner',
    'paid by',
  ]
  const lines = rows.flatMap((row) => {
    const head = [
      row.partner,
      row.provider,
      String(row.quotes),
      String(row.executions),
      String(row.requestedBps),
      String(row.collectedBps),
    ]
    const volumes = row.tokens
      .filter((token) => token.volume !== '0')
      .map((token) => [...head, token.symbol, token.volume, '', '', '', '', ''])
    const fees = row.fees.map((fee) => [
      ...head,
      fee.symbol,
      '',
      fee.gross,
      fee.venueShare,
      fee.net,
      fee.netExecuted,
      fee.paidBy,
    ])
    return [...volumes, ...fees]
  })
  // Columns by the width a terminal gives each cell, not its UTF-16 length: an emoji or a CJK
  // partner id takes two columns, a combining mark none.
  const widths = header.map((title, column) =>
    Math.max(stringWidth(title), ...lines.map((line) => stringWidth(line[column] ?? ''))),
  )
  const render = (cells: string[]) =>
    cells
      .map((cell, column) => cell + ' '.repeat(Math.max(0, (widths[column] ?? 0) - stringWidth(cell))))
      .join('  ')
      .trimEnd()
  const table = [render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render)]
  return [...table, ...(rows.length > 0 ? QUOTED_VOLUME_NOTE : [])].join('\n')
}

/** A date, or a date and time with seconds optional and a zone (`Z` or an offset) when a time is given. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/

/**
 * Under every statement with rows: what the two kinds of figures are. A quote is logged when it is
 * answered; its execution only once `/status` has seen the swap delivered.
 */
const QUOTED_VOLUME_NOTE = [
  '',
  "'to partner' is on every quote answered; 'executed' counts only the swaps /status saw delivered (a quote",
  'sent twice is two swaps), and their fees are what is owed. A swap nobody followed through /status is not',
  'counted as executed: before paying, reconcile with what arrived (the service fee wallets; CoW DAO weekly',
  'payouts). With --from and --to, quotes count by the time they were answered and executions by the time',
  '/status saw them delivered: a swap quoted before the period and delivered in it is owed in this one.',
]

/** What `--help` prints. */
export const PARTNER_REPORT_USAGE = [
  'npm run partner-report -- [--log <path>]... [--database <url>] [--from <iso>] [--to <iso>] [--partner <id>] [--json]',
  '',
  'The partner statement from the quote log, per partner and venue.',
  '  --log <path>      a quote log file; once per instance (default: QUOTE_LOG_PATH)',
  '  --database <url>  the settlement ledger in PostgreSQL (default: DATABASE_URL when no --log)',
  '  --from <iso>      from this time, inclusive (2026-11-01 or 2026-11-01T00:00:00Z)',
  '  --to <iso>        until this time, exclusive; quotes by the time answered, executions by the time delivered',
  '  --partner <id>    one partner, in any spelling the partner registry matches',
  '  --json            the rows as JSON',
].join('\n')

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
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return PARTNER_REPORT_USAGE
  const database = values.database ?? (values.log ? undefined : defaultDatabaseUrl)
  const paths = values.log ?? (database || !defaultLogPath ? [] : [defaultLogPath])
  if (paths.length === 0 && !database) {
    throw new Error(
      'No quote log: pass --log <path> or --database <url>, or set QUOTE_LOG_PATH or DATABASE_URL',
    )
  }
  for (const bound of [values.from, values.to]) {
    // ISO 8601 only: `Date.parse` also reads local forms ("27 Nov 2026") in the machine's time zone.
    if (bound !== undefined && (!ISO_TIME.test(bound) || Number.isNaN(Date.parse(bound))))
      throw new Error(`Not an ISO time (2026-11-01 or 2026-11-01T00:00:00Z): ${bound}`)
  }
  let skipped = 0
  const seen = new Set<string>()
  const executed: Executions = new Map()
  const entries: QuoteLogEntry[] = []
  const sources = paths.map((path) => () => readFile(path, 'utf8'))
  if (database) sources.push(() => readLedgerDatabase(database))
  for (const read of sources) {
    const parsed = parseQuoteLog(await read())
    skipped += parsed.skipped
    for (const [quoteId, swaps] of parsed.executed)
      for (const [swap, time] of swaps) addSwap(executed, quoteId, swap, time)
    for (const entry of parsed.entries) {
      // Lines written before quoteId existed have no key to match on, and are all counted.
      if (entry.quoteId !== undefined) {
        if (seen.has(entry.quoteId)) continue
        seen.add(entry.quoteId)
      }
      entries.push(entry)
    }
  }
  const rows = summarizeQuoteLog({
    entries,
    // Executions by the time they were seen delivered, so each is owed in exactly one period.
    executed: countExecuted(executed, values.from, values.to),
    from: values.from,
    to: values.to,
    // Cleaned as the API logs ids (`normalizePartner`), so a pasted ` acme ` finds `acme`; then
    // matched as the registry matches them (`summarizeQuoteLog`).
    partner: values.partner === undefined ? undefined : normalizePartner(values.partner),
  })
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
    // A database migrated before executions were kept has no such table yet: no execution is known.
    const executions = await client
      .query<{ entry: unknown }>('SELECT entry FROM quote_executions ORDER BY time, quote_id')
      .then(
        (result) => result.rows,
        () => [],
      )
    return [...rows, ...executions].map((row) => `${JSON.stringify(row.entry)}\n`).join('')
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
