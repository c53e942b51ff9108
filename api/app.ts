import type { FacilitatorClient } from '@x402/core/server'
import { Hono } from 'hono'
import type { GrantVerifier } from './access/grantVerifier'
import { createGrantVerifier, rejectAllGrants } from './access/grantVerifier'
import type { AppEnv } from './appEnv'
import type { Config } from './config'
import { createRateLimiter } from './limits/createRateLimiter'
import { createStepsThrottle } from './limits/createStepsThrottle'
import type { Logger } from './logging/logger'
import { noMetrics, type Metrics } from './metrics/createMetrics'
import { silentLogger } from './logging/logger'
import type { GetSocketAddress } from './middleware/callerAddress'
import { createErrorHandler, createNotFound } from './middleware/errorHandler'
import { createVenueFetch, type VenueFetch } from './venues/common/venueFetch'
import { rateLimit } from './middleware/rateLimit'
import { requestContext } from './middleware/requestContext'
import { API_BASE_PATH } from './openapi/buildOpenApiSpec'
import { createStepsSuggester } from './quote/createStepsSuggester'
import { createTokenMetadataReader } from './quote/createTokenMetadataReader'
import type { SuggestSteps } from './quote/suggestSteps'
import type { TokenMetadataReader } from './quote/tokenMetadataReader'
import type { QuoteLog } from './quoteLog/createQuoteLog'
import { disabledQuoteLog } from './quoteLog/createQuoteLog'
import { createAccessRoute } from './routes/access'
import { createChainsRoute } from './routes/chains'
import { createDocsRoute } from './routes/docs'
import { createHealthRoutes } from './routes/health'
import { createQuoteRoute } from './routes/quote'
import { createStatusRoute } from './routes/status'
import { createTokensRoute } from './routes/tokens'
import { createLogoFiles } from './logos/createLogoFiles'
import { createLogosRoute } from './routes/logos'
import { createChainReader, type ChainReader } from './status/createChainReader'
import { createSwapTracker } from './status/createSwapTracker'
import { createMemoryStore } from './stores/memoryStore'
import type { Store } from './stores/store'
import { getRpcUrls } from './venues/createVenuesFromConfig'
import type { Venue } from './venues/venue'

/** `/quote` requests per minute without a grant, and with one (contract 8). */
export const FREE_QUOTES_PER_MINUTE = 60
export const GRANT_QUOTES_PER_MINUTE = 600
const MINUTE_MS = 60_000

/** Everything the app needs from outside. Only `config` is required. */
export type CreateAppParameters = {
  config: Config
  /** The venues that race for quotes; none means every quote is `NO_ROUTE`. */
  venues?: readonly Venue[]
  /**
   * Shared state; default a fresh memory store holding at most `STATUS_RECORDS_IN_MEMORY` `/status`
   * records. The caller owns it and closes it.
   */
  store?: Store
  /** Epoch milliseconds. */
  now?: () => number
  /** HTTP for venue calls; default a pooled keep-alive client (`createVenueFetch`). `globalThis.fetch` fits. */
  fetch?: VenueFetch
  logger?: Logger
  /** Default: HMAC grants signed with `ACCESS_TOKEN_SECRET` (minus revoked ones), or none honoured without it. */
  verifyGrant?: GrantVerifier
  /** x402 facilitator of `/access`; default an HTTP client of `X402_FACILITATOR_URL`. */
  accessFacilitator?: FacilitatorClient
  /** Reads unlisted ERC-20s on chain. Default: through the configured `RPC_URL_*` nodes; a chain without one reads nothing. */
  tokenMetadataReader?: TokenMetadataReader
  /** Reads receipts and balances for `/status`. Default: JSON-RPC to the configured `RPC_URL_*` nodes over `fetch`. */
  chainReader?: ChainReader
  /** Steps suggestions on `NO_ROUTE`. Default: two-step routes through the hub chains, raced on `venues`. */
  suggestSteps?: SuggestSteps
  quoteLog?: QuoteLog
  /** TCP peer address; `server.ts` passes the Node socket's. */
  getSocketAddress?: GetSocketAddress
  /** True once shutdown has begun, for `/readyz`; `server.ts` passes its lifecycle's. Default: never. */
  isDraining?: () => boolean
  /** Where counts and timings go (`METRICS_PORT`); default nowhere. */
  metrics?: Metrics
  /** Request ids; default `crypto.randomUUID`. */
  generateRequestId?: () => string
  /**
   * Extra routes mounted at `/` after the API's and before the 404 (the sandbox's demo page and
   * `/sandbox/*`, so they share the API's port). `npm run serve` passes none.
   */
  site?: Hono
  /**
   * The preflight answer for a path of `site` that needs other methods than the API's (the sandbox's
   * CoW order book takes POST and PUT from any origin, as CoW's own does); `undefined` for the
   * contract's. The API's own paths always get the contract's.
   */
  sitePreflight?: (path: string) => Record<string, string> | undefined
}

/**
 * Builds the API as a runtime-neutral Hono app (a `fetch` handler) under `/api/sdk/v1`: CORS on
 * every response, request ids, the contract's endpoints and `/status` plus `openapi.json` and `docs`,
 * the rate limits of `/quote` and `/status`, and one error handler. Does no I/O itself.
 *
 * @example
 * const app = createApp({ config: loadConfig({}), venues: [myVenue] })
 * const response = await app.request('/api/sdk/v1/chains')
 */
export function createApp({
  config,
  venues = [],
  store = createMemoryStore({ maxEvictable: config.STATUS_RECORDS_IN_MEMORY }),
  now = Date.now,
  fetch = createVenueFetch(),
  logger = silentLogger,
  verifyGrant,
  accessFacilitator,
  tokenMetadataReader,
  chainReader,
  suggestSteps,
  quoteLog = disabledQuoteLog,
  getSocketAddress = () => undefined,
  isDraining = () => false,
  metrics = noMetrics,
  generateRequestId,
  site,
  sitePreflight,
}: CreateAppParameters) {
  const grantVerifier =
    verifyGrant ??
    (config.ACCESS_TOKEN_SECRET
      ? createGrantVerifier({ secret: config.ACCESS_TOKEN_SECRET, now, store })
      : rejectAllGrants)
  // `/status` counts like `/quote` (60 per minute per caller, 600 with a grant) in buckets of its own,
  // so that polling a swap in flight never costs the caller its quotes.
  const limitPerMinute = (prefix: string, unit: string) =>
    rateLimit({
      callerLimiter: createRateLimiter({
        store,
        limit: FREE_QUOTES_PER_MINUTE,
        windowMs: MINUTE_MS,
        prefix: `${prefix}:ip`,
      }),
      grantLimiter: createRateLimiter({
        store,
        limit: GRANT_QUOTES_PER_MINUTE,
        windowMs: MINUTE_MS,
        prefix: `${prefix}:grant`,
      }),
      verifyGrant: grantVerifier,
      logger,
      now,
      metrics,
      unit,
    })
  const quoteRateLimit = limitPerMinute('rl', 'quotes')
  const tracker = createSwapTracker({ store, logger })
  const logos = createLogoFiles()

  const api = new Hono<AppEnv>()
    .route('/', createChainsRoute())
    .route('/', createTokensRoute({ logos: logos.bySymbol }))
    .route(
      '/',
      createQuoteRoute({
        venues,
        fetch,
        deadlineMs: config.QUOTE_DEADLINE_MS,
        defaultSlippagePercent: config.DEFAULT_SLIPPAGE_PERCENT,
        now,
        logger,
        quoteLog,
        tracker,
        rateLimit: quoteRateLimit,
        stepsThrottle: createStepsThrottle({ store }),
        metrics,
        tokenMetadataReader:
          tokenMetadataReader ?? createTokenMetadataReader({ rpcUrls: getRpcUrls(config) }),
        suggestSteps:
          suggestSteps ??
          (venues.length > 0
            ? createStepsSuggester({ venues, store, fetch, deadlineMs: config.QUOTE_DEADLINE_MS })
            : undefined),
      }),
    )
    .route(
      '/',
      createStatusRoute({
        tracker,
        reader: chainReader ?? createChainReader({ rpcUrls: getRpcUrls(config), fetch }),
        fetch,
        endpoints: {
          lifiBaseUrl: config.LIFI_BASE_URL,
          lifiApiKey: config.LIFI_API_KEY,
          thornodeUrl: config.THORNODE_URL,
          midgardUrl: config.MIDGARD_URL,
        },
        rateLimit: limitPerMinute('rl:status', 'status requests'),
        now,
        logger,
        quoteLog,
      }),
    )
    .route(
      '/',
      createAccessRoute({
        config,
        store,
        now,
        logger,
        limit: { requestsPerMinute: GRANT_QUOTES_PER_MINUTE, previously: FREE_QUOTES_PER_MINUTE },
        facilitator: accessFacilitator,
        metrics,
      }),
    )
    .route('/', createDocsRoute({ serverUrl: config.PUBLIC_HOST }))

  const app = new Hono<AppEnv>()
  // CORS, the request id and the caller's address in one middleware: one step per request, not three.
  app.use(
    requestContext({
      trustedProxies: config.TRUSTED_PROXIES,
      ipv6Prefix: config.CALLER_IPV6_PREFIX,
      getSocketAddress,
      ...(generateRequestId ? { generate: generateRequestId } : {}),
      ...(sitePreflight ? { preflight: sitePreflight } : {}),
    }),
  )
  app.route('/', createHealthRoutes({ isDraining, store }))
  app.route(API_BASE_PATH, api)
  app.route('/', createLogosRoute(logos))
  if (site) app.route('/', site)
  app.notFound(createNotFound(() => app.routes))
  app.onError(createErrorHandler({ logger }))
  return app
}

/** The app `createApp` returns. */
export type App = ReturnType<typeof createApp>
