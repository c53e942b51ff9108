import { Hono } from 'hono'
import { randomFillSync } from 'node:crypto'
import { SwapError } from '../../shared'
import type { AppEnv } from '../appEnv'
import type { StepsThrottle } from '../limits/createStepsThrottle'
import { describeError } from '../logging/describeError'
import type { Logger } from '../logging/logger'
import { noStore } from '../middleware/cacheHeaders'
import { stampResponse } from '../middleware/stampResponse'
import { getBestQuote } from '../quote/getBestQuote'
import { parseQuoteQuery } from '../quote/quoteQuery'
import { resolveQuoteRequest } from '../quote/resolveQuoteRequest'
import type { SuggestSteps } from '../quote/suggestSteps'
import type { TokenMetadataReader } from '../quote/tokenMetadataReader'
import { toAlternatives } from '../quote/toAlternatives'
import { toQuote } from '../quote/toQuote'
import { createUsdPriceBook, type UsdPriceBook } from '../quote/createUsdPriceBook'
import { refuseTaxedSell } from '../quote/refuseTaxedSell'
import { valueAtMidPrice } from '../quote/valueAtMidPrice'
import { disabledQuoteLog, type QuoteLog } from '../quoteLog/createQuoteLog'
import { toQuoteLogEntry } from '../quoteLog/quoteLogEntry'
import { parseQueryString } from '../request/parseQueryString'
import type { Venue, VenueRequest } from '../venues/venue'
import { getNativeCaip } from '../../shared'
import type { MiddlewareHandler } from 'hono'
import { noMetrics, type Metrics } from '../metrics/createMetrics'
import type { VenueFetch } from '../venues/common/venueFetch'
import type { SwapTracker } from '../status/createSwapTracker'
import { toTrackingRecord } from '../status/trackingRecord'

/**
 * The race ends this long before the deadline, so that the answer (ranking, the quote, its bytes on
 * the wire) is out by the deadline, also for the last of a burst of quotes arriving together. On a
 * busy two-core machine, ten quotes whose race ends in the same tick were measured answering 3 to 23
 * ms after it, the slowest in a process's first such burst.
 */
const ANSWER_MARGIN_MS = 20
/** The contract truncates a longer `partner` (to 64 characters) rather than refusing it. */
const TRUNCATED_PARAMS: ReadonlySet<string> = new Set(['partner'])

export type CreateQuoteRouteParameters = {
  venues: readonly Venue[]
  fetch: VenueFetch
  deadlineMs: number
  now: () => number
  logger: Logger
  quoteLog: QuoteLog
  /** Keeps what `/status` needs to follow the swap of each answered quote (one store write, not awaited). */
  tracker?: SwapTracker | undefined
  /** Runs before validation, so every `/quote` request counts. */
  rateLimit: MiddlewareHandler<AppEnv>
  stepsThrottle: StepsThrottle
  tokenMetadataReader?: TokenMetadataReader | undefined
  suggestSteps?: SuggestSteps | undefined
  /** Ids of quotes (`quoteId`); default 128 random bits, base64url. */
  generateQuoteId?: () => string
  metrics?: Metrics
  /** Slippage for a request that names none (`DEFAULT_SLIPPAGE_PERCENT`); unset: each venue's floor. */
  defaultSlippagePercent?: number | undefined
  /** USD mid prices learned from venue answers (price impact, USD values); default one per route. */
  usdPriceBook?: UsdPriceBook
}

/**
 * `GET /quote` (contract 4.3): validate, resolve, race the venues, answer the contract's Quote,
 * append it to the quote log and keep its tracking record for `/status`. Never cached; rate limited before anything else. Everything, steps
 * suggested on a `NO_ROUTE` included, happens within `deadlineMs` of the request's arrival.
 */
export function createQuoteRoute({
  venues,
  fetch,
  deadlineMs,
  now,
  logger,
  quoteLog,
  tracker,
  rateLimit,
  stepsThrottle,
  tokenMetadataReader,
  suggestSteps,
  generateQuoteId = generateRandomQuoteId,
  metrics = noMetrics,
  defaultSlippagePercent,
  usdPriceBook = createUsdPriceBook(),
}: CreateQuoteRouteParameters) {
  return new Hono<AppEnv>().get('/quote', noStore(), rateLimit, async (c) => {
    // The deadline counts from arrival: resolving tokens (an on-chain read for an unlisted one) is
    // part of the time the caller waits.
    const arrivedAt = performance.now()
    const remainingMs = () => deadlineMs - ANSWER_MARGIN_MS - (performance.now() - arrivedAt)
    const signal = c.req.raw.signal
    const query = parseQuoteQuery(parseQueryString(c.req.url, { truncated: TRUNCATED_PARAMS }))
    const request = await resolveQuoteRequest({
      query:
        query.slippage === undefined && defaultSlippagePercent !== undefined
          ? { ...query, slippage: defaultSlippagePercent }
          : query,
      tokenMetadataReader,
      signal,
    })
    // Prices venues stated in the last minutes: a venue's native gas counts against a token's output.
    // Set on every request alike, so requests keep one shape.
    request.gasRate = readGasRate(usdPriceBook, request, now())
    let race
    try {
      race = await getBestQuote({
        venues,
        request,
        fetch,
        deadlineMs: Math.max(1, remainingMs()),
        signal,
        onOutcomes: (outcomes) => metrics.quote((performance.now() - arrivedAt) / 1000, outcomes),
      })
    } catch (error) {
      if (error instanceof SwapError && error.code === 'NO_ROUTE' && suggestSteps) {
        throw await withSteps(error, request)
      }
      throw error
    }
    refuseTaxedSell({ request, outcomes: race.outcomes })
    const issuedAt = now()
    const marketValue = valueAtMidPrice({
      quote: race.quote,
      request,
      outcomes: race.outcomes,
      priceBook: usdPriceBook,
      now: issuedAt,
    })
    const quote = toQuote({
      venueQuote: race.quote,
      request,
      now: issuedAt,
      quoteId: generateQuoteId(),
      marketValue,
    })
    // Without `include=alternatives` the answer is the contract's, byte for byte.
    const answer = query.include?.alternatives
      ? { ...quote, alternatives: toAlternatives(race.outcomes, request.buyToken.decimals) }
      : quote
    // With no quote log configured there is no entry to build (about 1% of a quote's own CPU).
    if (quoteLog !== disabledQuoteLog) {
      quoteLog.append(
        toQuoteLogEntry({
          quote,
          venueQuote: race.quote,
          request,
          requestId: c.get('requestId'),
          now: issuedAt,
        }),
      )
    }
    if (tracker) {
      // After the answer is on its way: the record and its one store write cost the caller nothing.
      // `setImmediate` rather than a 0 ms timer: once the answer is written, without a timer per quote.
      const venueQuote = race.quote
      setImmediate(() => {
        try {
          tracker.remember(toTrackingRecord({ quote, venueQuote, request, issuedAt }))
        } catch (error) {
          logger.warn('tracking record not built', { quoteId: quote.quoteId, error: describeError(error) })
        }
      })
    }
    // One plain header record, as Node writes it, instead of a `Headers` object that three
    // middlewares (CORS and request id, no-store, rate limit) would each add to.
    return stampResponse(c, JSON.stringify(answer), 200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      ...c.get('rateLimitHeaders'),
    })

    async function withSteps(error: SwapError, request: VenueRequest): Promise<SwapError> {
      let throttled = false
      const allowUncached = async () => {
        const allowed = await stepsThrottle.allow(c.get('callerAddress')).catch(() => true)
        if (!allowed) throttled = true
        return allowed
      }
      // The suggestion shares the deadline: at its end the legs are aborted and the 404 goes without steps.
      const due = AbortSignal.any([signal, AbortSignal.timeout(Math.max(0, Math.floor(remainingMs())))])
      let suggestion
      try {
        const suggesting = suggestSteps?.(request, { signal: due, allowUncached, remainingMs })
        // One that fails after losing the race below must not become an unhandled rejection.
        suggesting?.catch(() => undefined)
        suggestion = await Promise.race([
          suggesting,
          new Promise<undefined>((resolve) => {
            if (due.aborted) resolve(undefined)
            due.addEventListener('abort', () => resolve(undefined), { once: true })
          }),
        ])
      } catch (cause) {
        logger.warn('steps suggestion failed', {
          requestId: c.get('requestId'),
          error: describeError(cause),
        })
      }
      if (throttled) c.header('X-Steps-Throttled', '1')
      if (!suggestion || throttled) return error
      return new SwapError({
        code: 'NO_ROUTE',
        message: error.message,
        details: { steps: suggestion.steps, stepsNote: suggestion.stepsNote },
      })
    }
  })
}

/** 128 random bits, base64url: a quote id no caller can guess or collide with. */
export function generateRandomQuoteId(): string {
  return `q_${takeRandomBytes(16).toString('base64url')}`
}

/**
 * Random bytes from the system's CSPRNG, drawn 4 KB at a time as `crypto.randomUUID` does: one call
 * into the generator per 256 quotes instead of one per quote. Each byte is handed out once.
 */
const RANDOM_POOL_BYTES = 4096
let randomPool = Buffer.alloc(0)
let randomOffset = 0
function takeRandomBytes(count: number): Buffer {
  if (randomOffset + count > randomPool.length) {
    randomPool = randomFillSync(Buffer.allocUnsafeSlow(RANDOM_POOL_BYTES))
    randomOffset = 0
  }
  randomOffset += count
  return randomPool.subarray(randomOffset - count, randomOffset)
}

/**
 * The USD prices of the sell chain's native coin and of the buy token, or else the sell token, when the
 * price book holds them.
 */
function readGasRate(book: UsdPriceBook, request: VenueRequest, now: number): VenueRequest['gasRate'] {
  const nativePriceE18 = book.read(getNativeCaip(request.sellChain), now)
  if (nativePriceE18 === undefined) return undefined
  const buyPriceE18 = book.read(request.buyToken.caip, now)
  if (buyPriceE18 !== undefined) return { nativePriceE18, buyPriceE18 }
  const sellPriceE18 = book.read(request.sellToken.caip, now)
  return sellPriceE18 === undefined ? undefined : { nativePriceE18, sellPriceE18 }
}
