import { z } from 'zod'
import type { Quote } from '../../shared'
import { LoggedFeeLegSchema, toLoggedFeeLeg } from '../fees/feeLeg'
import type { VenueQuote, VenueRequest } from '../venues/venue'

const loggedToken = z.object({ caip: z.string(), symbol: z.string(), decimals: z.number().int() })

/** One line of the quote log: a 200 quote, with what partner settlement needs. */
export const QuoteLogEntrySchema = z.object({
  time: z.string(),
  /** The quote's `quoteId`: one line per quote, so a writer that retries never counts it twice. Absent on lines written before it existed. */
  quoteId: z.string().optional(),
  requestId: z.string(),
  partner: z.string().optional(),
  requestedBps: z.number().int(),
  collectedBps: z.number().int(),
  provider: z.string(),
  sellChain: z.string(),
  buyChain: z.string(),
  sellToken: loggedToken,
  buyToken: loggedToken,
  /** Base units, as decimal integer strings (exact). */
  sellAmount: z.string().regex(/^\d+$/),
  buyAmount: z.string().regex(/^\d+$/),
  serviceBps: z.number().int(),
  /**
   * Every fee as it reaches its receiver (api/fees): party, bps, who the venue pays, when, the venue's
   * share and the amount. Absent on lines written before it existed (the report then assumes the old rule).
   */
  fees: z.array(LoggedFeeLegSchema).optional(),
})
export type QuoteLogEntry = z.infer<typeof QuoteLogEntrySchema>

/**
 * A ledger line saying a logged quote's swap was executed: written once `/status` has seen it delivered
 * (the source transaction or order, and what reached the recipient, checked on chain or with the venue).
 * The partner statement counts a quote's fees as owed only with one of these; a swap nobody follows
 * through `/status` stays quoted only.
 */
export const ExecutionEntrySchema = z.object({
  kind: z.literal('execution'),
  quoteId: z.string(),
  /** When it was seen delivered, ISO time. */
  time: z.string(),
  provider: z.string(),
  /** The transaction (or CoW order uid) the user submitted, when there is one. */
  sourceTx: z.string().optional(),
  /** What reached the recipient, human units of the buy token. */
  deliveredAmount: z.string().optional(),
})
export type ExecutionEntry = z.infer<typeof ExecutionEntrySchema>

/**
 * Which swap of its quote an execution is: its source transaction in lowercase, or `-` without one. A
 * quote's transaction sent twice (a resend that also landed) is two swaps, each paying its fees; the same
 * swap seen by two instances is one. The PostgreSQL ledger keys `quote_executions` by it (migration 3).
 */
export function swapKey(execution: Pick<ExecutionEntry, 'sourceTx'>): string {
  return execution.sourceTx?.toLowerCase() ?? '-'
}

/** One line of the ledger (the quote log file, or the database's tables): a quote, or its execution. */
export type LedgerLine = QuoteLogEntry | ExecutionEntry

/** A ledger line read back from JSON, or `undefined` when it is neither kind. */
export function parseLedgerLine(value: unknown): LedgerLine | undefined {
  const execution = ExecutionEntrySchema.safeParse(value)
  if (execution.success) return execution.data
  const quote = QuoteLogEntrySchema.safeParse(value)
  return quote.success ? quote.data : undefined
}

/** The log line for a quote that was just answered. */
export function toQuoteLogEntry({
  quote,
  venueQuote,
  request,
  requestId,
  now,
}: {
  quote: Quote
  venueQuote: VenueQuote
  request: VenueRequest
  requestId: string
  /** Epoch milliseconds of issue. */
  now: number
}): QuoteLogEntry {
  const token = (t: VenueRequest['sellToken']) => ({ caip: t.caip, symbol: t.symbol, decimals: t.decimals })
  return {
    time: new Date(now).toISOString(),
    ...(quote.quoteId === undefined ? {} : { quoteId: quote.quoteId }),
    requestId,
    ...(request.partner === undefined ? {} : { partner: request.partner }),
    requestedBps: request.partnerFeeBps,
    collectedBps: quote.partnerFeeBps ?? 0,
    provider: quote.provider,
    sellChain: request.sellChain.symbol,
    buyChain: request.buyChain.symbol,
    sellToken: token(request.sellToken),
    buyToken: token(request.buyToken),
    sellAmount: venueQuote.sellAmount.toString(),
    buyAmount: venueQuote.buyAmount.toString(),
    serviceBps: venueQuote.serviceFeeBps,
    ...(venueQuote.fees ? { fees: venueQuote.fees.map(toLoggedFeeLeg) } : {}),
  }
}
