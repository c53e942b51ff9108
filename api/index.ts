export type { App, CreateAppParameters } from './app'
export { createApp, FREE_QUOTES_PER_MINUTE, GRANT_QUOTES_PER_MINUTE } from './app'
export type { Config, ConfigSetting } from './config'
export { ConfigError, ConfigSchema, configSettings, loadConfig } from './config'
export type { VenueStatus } from './describeVenues'
export { describeVenues, formatVenueStatus } from './describeVenues'
export type { GrantClaims } from './access/grantToken'
export { mintGrantToken, verifyGrantToken } from './access/grantToken'
export type { GrantVerifier } from './access/grantVerifier'
export { createGrantVerifier } from './access/grantVerifier'
export type { Logger, LogLevel } from './logging/logger'
export { createLogger, silentLogger } from './logging/logger'
export type { SuggestSteps } from './quote/suggestSteps'
export type { TokenMetadata, TokenMetadataReader } from './quote/tokenMetadataReader'
export type { QuoteLog } from './quoteLog/createQuoteLog'
export { createQuoteLog } from './quoteLog/createQuoteLog'
export type { ApiServer, StartApiServerParameters } from './server'
export { startApiServer } from './server'
export type { SetOptions, Store, WindowCount } from './stores/store'
export { createMemoryStore } from './stores/memoryStore'
export { createRedisStore } from './stores/redisStore'
export type {
  QuoteToken,
  Venue,
  VenueContext,
  VenueNoRoute,
  VenuePartnerFee,
  VenueQuote,
  VenueRequest,
} from './venues/venue'
export { isVenueNoRoute, VenueQuoteSchema } from './venues/venue'
