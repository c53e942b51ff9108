import { appendFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Logger } from '../logging/logger'
import { noMetrics, type Metrics } from '../metrics/createMetrics'
import type { LedgerLine } from './quoteLogEntry'

/**
 * Where answered quotes, and the executions `/status` sees, are recorded. `append` never throws and
 * never waits for the disk.
 */
export type QuoteLog = {
  append(entry: LedgerLine): void
  /** Resolves once every entry appended so far is on disk (shutdown, tests). */
  flush(): Promise<void>
}

/** A quote log that keeps nothing (no `QUOTE_LOG_PATH`). */
export const disabledQuoteLog: QuoteLog = { append() {}, async flush() {} }

/**
 * A quote log appending one JSON line per entry to `path`. One serialized writer drains a queue in
 * batches, so lines keep their order and never interleave, however many quotes finish at once. A
 * failed write is logged and its batch dropped: logging must never break quoting.
 *
 * @example
 * const quoteLog = createQuoteLog({ path: 'quotes.jsonl', logger })
 * quoteLog.append(entry)
 * await quoteLog.flush()
 */
export function createQuoteLog({
  path,
  logger,
  metrics = noMetrics,
}: {
  path: string
  logger: Logger
  metrics?: Metrics
}): QuoteLog {
  let pending: string[] = []
  let writing: Promise<void> | undefined
  let directoryReady: Promise<unknown> | undefined

  async function drain(): Promise<void> {
    directoryReady ??= mkdir(dirname(path), { recursive: true }).catch(() => undefined)
    await directoryReady
    while (pending.length > 0) {
      const batch = pending
      pending = []
      try {
        await appendFile(path, batch.join(''), 'utf8')
        metrics.quoteLogWrite(batch.length, true)
      } catch (error) {
        metrics.quoteLogWrite(batch.length, false)
        logger.error('quote log write failed', { lines: batch.length, error })
      }
    }
  }

  function schedule(): Promise<void> {
    writing ??= drain().finally(() => {
      writing = undefined
      if (pending.length > 0) void schedule()
    })
    return writing
  }

  return {
    append(entry) {
      pending.push(`${JSON.stringify(entry)}\n`)
      void schedule()
    },
    async flush() {
      while (writing || pending.length > 0) await schedule()
    },
  }
}
