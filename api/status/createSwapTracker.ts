import { createHash } from 'node:crypto'
import { SwapStatusSchema, type SwapStatus } from '../../shared'
import { describeError } from '../logging/describeError'
import type { Logger } from '../logging/logger'
import type { Store } from '../stores/store'
import { TrackingRecordSchema, type TrackingRecord } from './trackingRecord'

/** How long a quote can be followed after it was issued: long enough for the slowest bridge or deposit. */
export const TRACKING_TTL_MS = 24 * 60 * 60_000

/** The tracking records and final answers of `/status`, kept in the shared store. */
export type SwapTracker = {
  /**
   * Keeps a quote's record: one store write, not awaited, never throwing. A failed write is logged
   * and costs only that quote's `/status` (404), never the quote.
   */
  remember(record: TrackingRecord): void
  /**
   * The record of `quoteId`, or undefined when it is unknown or expired. Throws while the shared store
   * is away and this instance's memory does not have it either: not knowing is not "unknown".
   */
  recall(quoteId: string): Promise<TrackingRecord | undefined>
  /** A final answer (`delivered`, `refunded`, `failed`) given before for this quote and hash. */
  recallFinal(quoteId: string, hash: string | undefined): Promise<SwapStatus | undefined>
  /** Keeps a final answer, so later polls are answered without asking the venue or the chain again. */
  rememberFinal(status: SwapStatus, hash: string | undefined): Promise<void>
  /**
   * Whether the swap `hash` (a transaction, order uid or deposit) may be `quoteId`'s execution: the first
   * quote to claim it keeps it, across instances, so one swap is never the execution of two quotes (two
   * quotes of one request can carry the same calldata).
   */
  claimExecution(hash: string, quoteId: string): Promise<boolean>
  /**
   * The first quote (by when it was remembered) that carried this record's deposit address and memo,
   * for a deposit route; undefined for other routes, or when none is known.
   */
  firstQuoteOfRoute(record: TrackingRecord): Promise<string | undefined>
}

/**
 * Records and final answers are one per quote, so without Redis they are most of the store's memory
 * (about 1 KB a quote): a memory store may drop the least recently used to stay within `STATUS_RECORDS_IN_MEMORY`,
 * and a dropped quote's `/status` is 404, as after a restart. Execution claims are never dropped: one
 * swap must not become the execution of a second quote because the first was forgotten.
 */
const FORGETTABLE = { evictable: true } as const

const recordKey = (quoteId: string) => `track:${quoteId}`
/**
 * A deposit route's key: its address and memo. A deposit carries no time or quote of its own, so the
 * same terms asked again give the same route; a transaction's calldata and an order's uid differ by
 * their deadline or app data.
 */
const routeKey = (record: TrackingRecord) =>
  record.route === 'deposit' && record.depositAddress !== undefined && record.memo !== undefined
    ? `track:route:${createHash('sha256').update(`${record.depositAddress}\n${record.memo}`).digest('base64url')}`
    : undefined
const finalKey = (quoteId: string, hash: string | undefined) =>
  `track:${quoteId}:final:${hash === undefined ? '-' : hash.toLowerCase()}`

/**
 * The tracker on a `Store` (memory, or Redis across instances). Records expire `ttlMs` after the quote;
 * a final answer lives as long.
 *
 * @example
 * const tracker = createSwapTracker({ store, logger })
 * tracker.remember(toTrackingRecord({ quote, venueQuote, request, issuedAt }))
 */
export function createSwapTracker({
  store,
  logger,
  ttlMs = TRACKING_TTL_MS,
}: {
  store: Store
  logger: Logger
  ttlMs?: number
}): SwapTracker {
  return {
    remember(record) {
      let written: Promise<void>
      try {
        written = store.set(recordKey(record.quoteId), JSON.stringify(record), ttlMs, FORGETTABLE)
      } catch (error) {
        written = Promise.reject(error)
      }
      written.catch((error: unknown) =>
        logger.warn('tracking record not kept; /status will not know this quote', {
          quoteId: record.quoteId,
          error: describeError(error),
        }),
      )
      // The first quote of a deposit route holds it (`firstQuoteOfRoute`); a later one leaves it be.
      const route = routeKey(record)
      if (route !== undefined) {
        Promise.resolve()
          .then(() => store.setIfAbsent(route, record.quoteId, ttlMs, FORGETTABLE))
          .catch((error: unknown) =>
            logger.warn('deposit route not kept', { quoteId: record.quoteId, error: describeError(error) }),
          )
      }
    },
    async recall(quoteId) {
      let text: string | undefined
      try {
        // The shared store itself: "unknown" must not be said from one instance's memory while it is away.
        text = await store.failClosed().get(recordKey(quoteId))
      } catch (error) {
        // A record written to this instance's memory during the outage can still be answered; else rethrow.
        text = await store.get(recordKey(quoteId)).catch(() => undefined)
        if (text === undefined) throw error
      }
      if (text === undefined) return undefined
      const parsed = TrackingRecordSchema.safeParse(safeJson(text))
      return parsed.success ? parsed.data : undefined
    },
    async recallFinal(quoteId, hash) {
      const text = await store.get(finalKey(quoteId, hash))
      if (text === undefined) return undefined
      const parsed = SwapStatusSchema.safeParse(safeJson(text))
      return parsed.success ? parsed.data : undefined
    },
    async rememberFinal(status, hash) {
      await store.set(finalKey(status.quoteId, hash), JSON.stringify(status), ttlMs, FORGETTABLE)
    },
    async firstQuoteOfRoute(record) {
      const key = routeKey(record)
      return key === undefined ? undefined : store.get(key)
    },
    async claimExecution(hash, quoteId) {
      const key = `track:execution:${hash.toLowerCase()}`
      return (await store.setIfAbsent(key, quoteId, ttlMs)) || (await store.get(key)) === quoteId
    },
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
