import { statSync } from 'node:fs'
import { ConfigError, type Config } from '../config'
import { createPostgresLedger } from '../ledger/createPostgresLedger'
import type { Logger } from '../logging/logger'
import type { Metrics } from '../metrics/createMetrics'
import { createQuoteLog, disabledQuoteLog, type QuoteLog } from './createQuoteLog'

/** The configured quote log, and how to stop it (flush; the ledger also ships what it can). */
export type ConfiguredQuoteLog = { quoteLog: QuoteLog; close(): Promise<void> }

/**
 * The quote log the configuration asks for: the settlement ledger with `DATABASE_URL` (through its
 * spool at `QUOTE_LOG_PATH`), else a file at `QUOTE_LOG_PATH`, else none. One process writes it: the
 * API alone, or the cluster's primary for all its workers. A `QUOTE_LOG_PATH` that is a directory
 * throws a `ConfigError`.
 */
export function createQuoteLogFromConfig({
  config,
  logger,
  metrics,
}: {
  config: Pick<Config, 'DATABASE_URL' | 'QUOTE_LOG_PATH'>
  logger: Logger
  metrics: Metrics
}): ConfiguredQuoteLog {
  // A directory there would fail only at the first quote, with the line lost: refused at start instead.
  if (config.QUOTE_LOG_PATH && statSync(config.QUOTE_LOG_PATH, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(['QUOTE_LOG_PATH: is a directory; name a file in it (for example quotes.jsonl)'])
  }
  if (config.DATABASE_URL) {
    const ledger = createPostgresLedger({
      url: config.DATABASE_URL,
      spoolPath: config.QUOTE_LOG_PATH ?? 'quote-ledger-spool.jsonl',
      logger,
      metrics,
    })
    return { quoteLog: ledger, close: () => ledger.close() }
  }
  const quoteLog = config.QUOTE_LOG_PATH
    ? createQuoteLog({ path: config.QUOTE_LOG_PATH, logger, metrics })
    : disabledQuoteLog
  return { quoteLog, close: () => quoteLog.flush() }
}
