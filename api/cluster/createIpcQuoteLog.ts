import type { Logger } from '../logging/logger'
import { noMetrics, type Metrics } from '../metrics/createMetrics'
import type { QuoteLog } from '../quoteLog/createQuoteLog'
import type { IpcChannel } from './createIpcChannel'

export type CreateIpcQuoteLogParameters = {
  channel: IpcChannel
  logger: Logger
  metrics?: Metrics
  /** How long a flush waits for the primary to have written every line sent before it. */
  flushTimeoutMs?: number
}

/**
 * A worker's quote log: each entry goes to the cluster's primary, whose one writer appends it to the
 * one file (or the ledger's spool), so lines from every worker land whole and in one place, and the
 * partner report reads one file as before. A flush is answered by the primary once its own flush is
 * done, and the pipe keeps order, so every line sent before it is on disk by then. A line the primary
 * cannot take (it is gone) is logged and counted as failed, never thrown at the quote.
 */
export function createIpcQuoteLog({
  channel,
  logger,
  metrics = noMetrics,
  flushTimeoutMs = 10_000,
}: CreateIpcQuoteLogParameters): QuoteLog {
  return {
    append(entry) {
      void channel.notify('quoteLog', entry).then((sent) => {
        if (sent) return
        metrics.quoteLogWrite(1, false)
        logger.error('quote log line lost: the cluster primary is gone', { quoteId: entry.quoteId })
      })
    },
    async flush() {
      await channel.request('quoteLogFlush', undefined, flushTimeoutMs)
    },
  }
}
