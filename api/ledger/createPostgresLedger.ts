import { open, readFile, rename, stat, writeFile } from 'node:fs/promises'
import pg from 'pg'
import { describeError } from '../logging/describeError'
import type { Logger } from '../logging/logger'
import { noMetrics, type Metrics } from '../metrics/createMetrics'
import { createQuoteLog, type QuoteLog } from '../quoteLog/createQuoteLog'
import {
  parseLedgerLine,
  swapKey,
  type ExecutionEntry,
  type LedgerLine,
  type QuoteLogEntry,
} from '../quoteLog/quoteLogEntry'
import { migrate } from './migrations'

export type CreatePostgresLedgerParameters = {
  /** `DATABASE_URL`. */
  url: string
  /** The local spool every line is appended to first (`QUOTE_LOG_PATH`, or the default spool file). */
  spoolPath: string
  logger: Logger
  metrics?: Metrics
  /** Lines per INSERT. */
  batchSize?: number
  /** Pause before trying again while the database is away. */
  retryMs?: number
}

export type PostgresLedger = QuoteLog & {
  /** Resolves once every line appended so far is in the database (tests; shutdown waits `flush`). */
  shipped(): Promise<void>
  close(): Promise<void>
}

/**
 * The settlement ledger in PostgreSQL. Every 200 quote's line is appended to a local spool file first
 * (the same batched writer as the file log, so the quote path never waits on the database), then
 * shipped in order, in batches, into `quote_ledger` keyed by `quoteId`. What has been shipped is a byte
 * offset kept beside the spool, moved only after the database has the batch; a batch sent twice (a
 * crash between the insert and the offset) is ignored by the key (`ON CONFLICT DO NOTHING`). While the
 * database is away the spool grows on disk and nothing is lost; once it is back, shipping resumes
 * where it stopped, none lost, none doubled. The schema is migrated at start, or before the first
 * batch if the database was away then.
 *
 * @example
 * const ledger = createPostgresLedger({ url: config.DATABASE_URL, spoolPath, logger })
 * ledger.append(entry)
 */
export function createPostgresLedger({
  url,
  spoolPath,
  logger,
  metrics = noMetrics,
  batchSize = 500,
  retryMs = 1_000,
}: CreatePostgresLedgerParameters): PostgresLedger {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 3_000 })
  // An idle client that loses its server emits 'error' on the pool; the next query reconnects.
  pool.on('error', () => undefined)
  const spool = createQuoteLog({ path: spoolPath, logger, metrics })
  const offsetPath = `${spoolPath}.shipped`
  let migrated: Promise<void> | undefined
  let shipping: Promise<void> | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let away = false
  let again = false
  let closed = false

  // The spool file the offset was last warned about as replaced, so it is said once.
  let warnedReplaced: number | undefined

  /**
   * Where shipping resumes in the spool as it is now: the offset kept, in the file it was kept for. A
   * spool replaced since (renamed away and written anew, as logrotate does) or cut shorter than the
   * offset (`copytruncate`) is shipped from its start: the database ignores lines it already has, and
   * the new file's lines are not skipped. The offset file holds `inode:offset` (a bare offset, as
   * written before, is taken as the current file's).
   */
  async function readOffset(): Promise<number> {
    const [kept, spooled] = await Promise.all([
      readFile(offsetPath, 'utf8').catch(() => ''),
      stat(spoolPath).catch(() => undefined),
    ])
    const [inode, offset] = kept.includes(':') ? kept.split(':').map(Number) : [undefined, Number(kept)]
    if (!spooled || !offset) return 0
    if ((inode === undefined || inode === spooled.ino) && spooled.size >= offset) return offset
    if (warnedReplaced !== spooled.ino) {
      warnedReplaced = spooled.ino
      logger.warn(
        'ledger: the spool was replaced or cut since it was last shipped (rotated?); shipping it from its start. Lines the old file held past what was shipped reach the database only if it is shipped too: rotate the spool only while swapquote_ledger_backlog_bytes is 0',
        { spoolPath, shippedOffset: offset },
      )
    }
    return 0
  }

  /** Bytes of the spool the database does not have yet. */
  async function unshippedBytes(): Promise<number> {
    const size = await stat(spoolPath).then(
      (spooled) => spooled.size,
      () => 0,
    )
    return size - (await readOffset())
  }

  /** After each round: what the database still lacks, and whether it is away, for the metrics' alerts. */
  async function report(): Promise<void> {
    metrics.ledger(Math.max(0, await unshippedBytes()), away)
  }

  async function writeOffset(inode: number, offset: number): Promise<void> {
    await writeFile(`${offsetPath}.next`, `${inode}:${offset}`)
    await rename(`${offsetPath}.next`, offsetPath)
  }

  /** Complete lines of the spool from `offset` on, with the offset after each, in the file of `inode`. */
  async function readSpool(offset: number): Promise<{ entries: LedgerLine[]; end: number; inode: number }[]> {
    let file
    try {
      file = await open(spoolPath, 'r')
    } catch {
      return []
    }
    try {
      const { size, ino: inode } = await file.stat()
      if (size <= offset) return []
      const buffer = Buffer.alloc(size - offset)
      await file.read(buffer, 0, buffer.length, offset)
      const text = buffer.toString('utf8')
      const batches: { entries: LedgerLine[]; end: number; inode: number }[] = []
      let position = 0
      let batch: LedgerLine[] = []
      while (true) {
        const newline = text.indexOf('\n', position)
        if (newline === -1) break
        const line = text.slice(position, newline)
        position = newline + 1
        const parsed = parseLedgerLine(safeJson(line))
        if (parsed?.quoteId !== undefined) batch.push(parsed)
        if (batch.length >= batchSize) {
          batches.push({ entries: batch, end: offset + Buffer.byteLength(text.slice(0, position)), inode })
          batch = []
        }
      }
      const end = offset + Buffer.byteLength(text.slice(0, position))
      if (batch.length > 0 || end > (batches.at(-1)?.end ?? offset))
        batches.push({ entries: batch, end, inode })
      return batches
    } finally {
      await file.close()
    }
  }

  async function insert(lines: readonly LedgerLine[]): Promise<void> {
    const entries = lines.filter((line): line is QuoteLogEntry => !('kind' in line))
    const executions = lines.filter((line): line is ExecutionEntry => 'kind' in line)
    if (executions.length > 0) {
      await pool.query(
        `INSERT INTO quote_executions (quote_id, swap, time, entry)
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::jsonb[])
         ON CONFLICT (quote_id, swap) DO NOTHING`,
        [
          executions.map((execution) => execution.quoteId),
          executions.map(swapKey),
          executions.map((execution) => execution.time),
          executions.map((execution) => JSON.stringify(execution)),
        ],
      )
    }
    if (entries.length === 0) return
    await pool.query(
      `INSERT INTO quote_ledger (quote_id, time, partner, provider, entry)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::jsonb[])
       ON CONFLICT (quote_id) DO NOTHING`,
      [
        entries.map((entry) => entry.quoteId),
        entries.map((entry) => entry.time),
        entries.map((entry) => entry.partner ?? null),
        entries.map((entry) => entry.provider),
        entries.map((entry) => JSON.stringify(entry)),
      ],
    )
  }

  async function shipOnce(): Promise<void> {
    migrated ??= migrate(pool).catch((error: unknown) => {
      migrated = undefined
      throw error
    })
    await migrated
    for (const batch of await readSpool(await readOffset())) {
      await insert(batch.entries)
      await writeOffset(batch.inode, batch.end)
    }
  }

  function ship(): Promise<void> {
    if (closed) return Promise.resolve()
    // Lines that reach the spool while a round is running go with the next round, right after it.
    if (shipping) {
      again = true
      return shipping.then(() => (again ? ship() : undefined))
    }
    again = false
    shipping = shipOnce()
      .then(
        () => {
          if (away) logger.info('ledger database is back; shipping resumed')
          away = false
        },
        (error: unknown) => {
          if (!away) {
            logger.warn('ledger database unavailable; quote lines wait in the local spool', {
              error: describeError(error),
            })
          }
          away = true
          clearTimeout(retryTimer)
          retryTimer = setTimeout(() => void ship(), retryMs)
          retryTimer.unref()
        },
      )
      .then(report)
      .finally(() => {
        shipping = undefined
      })
    return shipping.then(() => (again && !away ? ship() : undefined))
  }

  void ship()
  return {
    append(entry) {
      spool.append(entry)
      // After the line is on disk: the spool's own flush orders it before this ship.
      void spool.flush().then(() => ship())
    },
    async flush() {
      await spool.flush()
      await ship()
    },
    async shipped() {
      await spool.flush()
      for (;;) {
        await ship()
        if ((await unshippedBytes()) <= 0) return
        await new Promise((resolve) => setTimeout(resolve, retryMs))
      }
    },
    async close() {
      await spool.flush()
      await ship()
      closed = true
      clearTimeout(retryTimer)
      // Said at the stop, not only at the outage's start: what the database still lacks ships at the next
      // start from this spool, so the spool must be kept (a fresh disk would lose it).
      const unshipped = await unshippedBytes()
      if (unshipped > 0) {
        logger.warn(
          'ledger: quote lines still wait in the local spool; they ship at the next start from it',
          {
            spoolPath,
            bytes: unshipped,
          },
        )
      }
      await pool.end()
    },
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}
