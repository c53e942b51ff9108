import { Hono, type MiddlewareHandler } from 'hono'
import { SwapError, type SwapStatus } from '../../shared'
import type { AppEnv } from '../appEnv'
import { describeError } from '../logging/describeError'
import type { Logger } from '../logging/logger'
import { partnerKey } from '../fees/partnerRegistry'
import { disabledQuoteLog, type QuoteLog } from '../quoteLog/createQuoteLog'
import { noStore } from '../middleware/cacheHeaders'
import { stampResponse } from '../middleware/stampResponse'
import { parseQueryString } from '../request/parseQueryString'
import type { ChainReader } from '../status/createChainReader'
import type { SwapTracker } from '../status/createSwapTracker'
import { getSwapStatus } from '../status/getSwapStatus'
import type { StatusEndpoints } from '../status/statusFinding'
import type { TrackingRecord } from '../status/trackingRecord'
import type { VenueFetch } from '../venues/common/venueFetch'

/** How long one `/status` answer may take to ask the venue and read the chains. */
export const STATUS_DEADLINE_MS = 8_000

/** `q_` and 22 base64url characters: what `/quote` issues. */
const QUOTE_ID = /^q_[A-Za-z0-9_-]{22}$/
/** An EVM transaction hash. */
const EVM_HASH = /^0x[0-9a-fA-F]{64}$/
/** A CoW order uid: the order digest, the owner and `validTo` (56 bytes). */
const ORDER_UID = /^0x[0-9a-fA-F]{112}$/
/** A UTXO or Cosmos transaction id (64 hex characters, `0x` tolerated). */
const CHAIN_TX_ID = /^(0x)?[0-9a-fA-F]{64}$/

const FINAL_STATES: ReadonlySet<SwapStatus['state']> = new Set(['delivered', 'refunded', 'failed'])

export type CreateStatusRouteParameters = {
  tracker: SwapTracker
  reader: ChainReader
  fetch: VenueFetch
  endpoints: StatusEndpoints
  /** Its own buckets, so that polling a swap never eats the caller's quotes. */
  rateLimit: MiddlewareHandler<AppEnv>
  now: () => number
  logger: Logger
  deadlineMs?: number
  /** The ledger: a swap first seen delivered is recorded there as the quote's execution. */
  quoteLog?: QuoteLog
}

/**
 * `GET /status?quoteId=&hash=` (an addition to the contract): where the swap made from a quote stands,
 * followed through the venue that priced it and checked on the destination chain (see `api/status`).
 * Rate limited like `/quote` in buckets of its own, never cached. 400 for a malformed `quoteId` or
 * `hash` (or none where the route needs one), 404 `NOT_FOUND` for a quote this service does not know
 * or no longer keeps (24 hours). A final answer (`delivered`, `refunded`, `failed`) is kept and
 * repeated without asking anyone again; polls of one swap arriving together share one look-up. A swap
 * seen delivered is written to the ledger as its quote's execution (the partner statement's "executed").
 */
export function createStatusRoute({
  tracker,
  reader,
  fetch,
  endpoints,
  rateLimit,
  now,
  logger,
  deadlineMs = STATUS_DEADLINE_MS,
  quoteLog = disabledQuoteLog,
}: CreateStatusRouteParameters) {
  const inFlight = new Map<string, Promise<SwapStatus>>()

  /**
   * A deposit route carries no time: the same address and memo are quoted to anyone who asks on the
   * same terms, so a quote made for another partner, even after the deposit landed, would find that
   * deposit and claim it (and the partner's credit in the statement) by asking first. Only a quote for
   * the partner of the first quote that carried the route may claim it.
   */
  async function refuseAnotherPartnersDeposit(record: TrackingRecord): Promise<void> {
    const first = await tracker.firstQuoteOfRoute(record)
    if (first === undefined || first === record.quoteId) return
    const earlier = await tracker.recall(first).catch(() => undefined)
    if (!earlier || partnerKey(earlier.partner ?? '') === partnerKey(record.partner ?? '')) return
    throw new SwapError({
      code: 'BAD_REQUEST',
      message:
        'this deposit is the route of an earlier quote made for another partner: follow it with that quote',
    })
  }

  async function follow(record: TrackingRecord, hash: string | undefined): Promise<SwapStatus> {
    const signal = AbortSignal.timeout(deadlineMs)
    try {
      const status = await getSwapStatus({ record, hash, reader, fetch, endpoints, signal }, now())
      if (status.state === 'delivered') {
        await refuseAnotherPartnersDeposit(record)
        const executed = status.sourceTx?.hash ?? hash
        if (executed !== undefined && !(await tracker.claimExecution(executed, record.quoteId))) {
          throw new SwapError({
            code: 'BAD_REQUEST',
            message:
              "hash is already the delivered swap of another quote: give this quote's own transaction or order",
          })
        }
        // Once per quote and hash here (a final answer is kept and repeated after this); the ledger and
        // the statement count a quote seen twice, by another instance, once.
        quoteLog.append({
          kind: 'execution',
          quoteId: record.quoteId,
          time: new Date(now()).toISOString(),
          provider: record.provider,
          ...(status.sourceTx ? { sourceTx: status.sourceTx.hash } : {}),
          ...(status.deliveredAmount === undefined ? {} : { deliveredAmount: status.deliveredAmount }),
        })
      }
      if (FINAL_STATES.has(status.state)) {
        await tracker
          .rememberFinal(status, hash)
          .catch((error: unknown) =>
            logger.warn('final status not kept', { quoteId: record.quoteId, error: describeError(error) }),
          )
      }
      return status
    } catch (error) {
      if (!(error instanceof SwapError) && signal.aborted) {
        throw new SwapError({
          code: 'UPSTREAM_ERROR',
          message: `Following the ${record.provider} swap took longer than ${deadlineMs} ms; try again shortly`,
          cause: error,
        })
      }
      throw error
    }
  }

  return new Hono<AppEnv>().get('/status', noStore(), rateLimit, async (c) => {
    const query = parseQueryString(c.req.url)
    const { quoteId, hash } = query
    if (quoteId === undefined) throw bad('Missing required parameters: quoteId')
    if (!QUOTE_ID.test(quoteId))
      throw bad('quoteId is not a quote id (q_ and 22 base64url characters, as /quote answers it)')
    if (hash !== undefined && !CHAIN_TX_ID.test(hash) && !ORDER_UID.test(hash)) {
      throw bad('hash must be a transaction hash (0x and 64 hex characters) or a CoW order uid (0x and 112)')
    }
    let record: TrackingRecord | undefined
    try {
      record = await tracker.recall(quoteId)
    } catch (error) {
      throw new SwapError({
        code: 'STORE_UNAVAILABLE',
        message: 'Quote records cannot be read right now',
        cause: error,
      })
    }
    if (!record) {
      throw new SwapError({
        code: 'NOT_FOUND',
        // A restart also forgets quotes where the records live in memory (no shared store): say so,
        // rather than let an integrator think the 24 hours are over.
        message: `Unknown or expired quoteId ${quoteId}: a quote is followed for 24 hours after it is issued, and across a restart, or past as many quotes as a service keeps in its memory, only where it keeps its records in a shared store`,
      })
    }
    checkHashForRoute(record, hash)

    const final = await tracker.recallFinal(quoteId, hash).catch(() => undefined)
    let status = final
    if (!status) {
      const key = `${quoteId}:${hash?.toLowerCase() ?? '-'}`
      let pending = inFlight.get(key)
      if (!pending) {
        pending = follow(record, hash).finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
      }
      status = await pending
    }
    return stampResponse(c, JSON.stringify(status), 200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ...c.get('rateLimitHeaders'),
    })
  })
}

/** The hash a route's swap is known by: a transaction hash, an order uid, or a deposit's transaction id. */
function checkHashForRoute(record: TrackingRecord, hash: string | undefined): void {
  if (hash === undefined) {
    if (record.route === 'deposit') return
    throw bad(
      record.route === 'order'
        ? 'hash is required: the uid of the CoW order posted for this quote'
        : "hash is required: the hash of this quote's transaction",
    )
  }
  if (record.route === 'order' && !ORDER_UID.test(hash))
    throw bad('hash must be the CoW order uid (0x and 112 hex characters)')
  if (record.route === 'tx' && !EVM_HASH.test(hash))
    throw bad('hash must be a transaction hash (0x and 64 hex characters)')
  if (record.route === 'deposit' && !CHAIN_TX_ID.test(hash)) {
    throw bad(`hash must be the ${record.sellChain} transaction id of the deposit (64 hex characters)`)
  }
}

function bad(message: string): SwapError {
  return new SwapError({ code: 'BAD_REQUEST', message })
}
