import { isAddress, zeroAddress } from 'viem'
import { z } from 'zod'
import { findChain } from '../shared'
import { parseProxyRanges } from './limits/getCallerAddress'
import { logLevels } from './logging/logger'

const url = z.url({ protocol: /^https?$/ })
/**
 * A venue's base URL: without a user name or password (`user:password@`), which the venue calls' fetch
 * refuses on every request, so the venue could never be reached. Keys go in the API key settings.
 */
const venueUrl = url.refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), {
  message:
    'must not carry a user name or password (user:password@): venue calls refuse such a URL; put keys in the API key settings',
})
const redisUrl = z.url({ protocol: /^rediss?$/ })
// A mixed-case address carries an EIP-55 checksum; a wrong one is a typo that viem would refuse on every
// read, so it is refused here, at start, instead. All lower case or all upper case has no checksum.
const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'expected a 0x address of 40 hex characters', abort: true })
  .refine((value) => isAddress(value), 'the mixed-case checksum does not match; check for a typo')
// An address that is paid: the zero address has no key, so what is sent there (fees, grant payments) is burned.
const payee = evmAddress.refine(
  (value) => value !== zeroAddress,
  'is the zero address: what is paid there is burned',
)
const bps = (fallback: number) => z.coerce.number().int().min(0).max(1_000).default(fallback)
const port = z.coerce.number().int().min(0).max(65_535)
// One IPv4 or IPv6 address or CIDR range per comma-separated entry.
const trustedProxies = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine((entry) => {
        try {
          parseProxyRanges([entry])
          return true
        } catch {
          return false
        }
      }, 'expected IPv4/IPv6 addresses or CIDR ranges, comma-separated'),
    ),
  )

/**
 * Every setting of the API, read from the environment once by `server.ts` (or built in code by the
 * sandbox). Each has a description and, where it has one, its default; `configSettings` lists them
 * for the README's configuration table.
 */
export const ConfigSchema = z.object({
  PORT: port.default(8787).describe('Port the API listens on (0 picks a free port).'),
  HOST: z
    .string()
    .default('127.0.0.1')
    .describe(
      'Interface the API binds to: the default takes only local connections; behind a load balancer on another host set 0.0.0.0 (or the interface it reaches).',
    ),
  PUBLIC_HOST: url
    .optional()
    .describe(
      'Public base URL of this deployment, named in the holder pass message a wallet signs and in the OpenAPI servers. Unset: GET /access?address= (the holder pass) answers 503 NOT_CONFIGURED naming it.',
    ),
  LOG_LEVEL: z.enum(logLevels).default('info').describe('Lowest log level written to stderr.'),
  ACCESS_LOG: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe(
      'One `request` line per request at info level: method, path (no query string), status, milliseconds and the X-Request-Id. Off: a proxy in front usually keeps the access log.',
    ),
  REDIS_URL: redisUrl
    .optional()
    .describe('Redis shared by every instance (rate limits, grant buckets, caches). Unset: in memory.'),
  STATUS_RECORDS_IN_MEMORY: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000_000)
    .default(100_000)
    .describe(
      'Without REDIS_URL (or while Redis is down): how many /status records memory keeps (one per quote and one per final answer, about 1 KB each); past it the least recently written or polled is forgotten first, and /status answers 404 for that quote. Redis keeps every record its 24 hours.',
    ),
  TRUSTED_PROXIES: trustedProxies
    .default([])
    .describe(
      'Comma-separated proxy IPs/CIDRs, IPv4 or IPv6. Unset: the first X-Forwarded-For entry is the caller. Set: the right-most untrusted hop is.',
    ),
  CALLER_IPV6_PREFIX: z.coerce
    .number()
    .int()
    .min(32)
    .max(128)
    .default(64)
    .describe(
      'Leading bits of an IPv6 address that name one caller for the rate limits (64: one subscriber network; 128: each address).',
    ),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe(
      'Longest a client may take to send its request line and headers, in milliseconds; slower senders get a 408 and lose the connection.',
    ),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(30_000)
    .describe(
      'Longest a client may take to send its whole request, body included, in milliseconds (at least HTTP_HEADERS_TIMEOUT_MS).',
    ),
  WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .optional()
    .describe(
      '`npm run serve`: worker processes sharing the port, the store and the quote log through one primary (1: the API alone, no primary). Unset: one per core.',
    ),
  METRICS_PORT: port
    .optional()
    .describe(
      'Port of the Prometheus metrics endpoint (GET /metrics), apart from the API so it is never public by accident. Unset: no metrics.',
    ),
  METRICS_HOST: z
    .string()
    .default('127.0.0.1')
    .describe(
      'Interface the metrics endpoint binds to (keep it private; 0.0.0.0 for a scraper on another host).',
    ),
  SHUTDOWN_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(0)
    .describe(
      'On SIGTERM, how long /readyz answers 503 while requests are still served, before the listener closes (give a load balancer its probe interval or more).',
    ),
  QUOTE_DEADLINE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(30_000)
    .default(3_000)
    .describe(
      'Longest a /quote caller waits for the answer, in milliseconds from arrival; the race ends 20 ms before, to build and send it.',
    ),
  QUOTE_LOG_PATH: z
    .string()
    .optional()
    .describe(
      'File every 200 quote is appended to as a JSON line (with DATABASE_URL: the spool lines wait in until the database has them; default quote-ledger-spool.jsonl). Unset: off.',
    ),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .describe(
      'PostgreSQL of the settlement ledger: every 200 quote is written there by quoteId, through the local spool at QUOTE_LOG_PATH. Unset: the file log alone.',
    ),
  SERVICE_FEE_RECIPIENT: payee.optional().describe('EVM address that receives the service fee.'),
  PARTNER_FEE_RECIPIENT: payee
    .optional()
    .describe(
      "Wallet named in an unregistered partner's CoW volume policy: CoW DAO pays it later, and the service owes each partner its share from the ledger. Unset: the service fee recipient.",
    ),
  PARTNER_REGISTRY_PATH: z
    .string()
    .optional()
    .describe(
      'JSON file of registered partners ({"partners":[{"id","payoutAddress","maxFeeBps"}]}): paid on chain through 0x fee lists and named in their own CoW policy, fee capped at maxFeeBps. An invalid file stops the start. Unset: every partner is settled off-chain from the ledger.',
    ),
  DEFAULT_SLIPPAGE_PERCENT: z.coerce
    .number()
    .gt(0)
    .max(50)
    .optional()
    .describe(
      "Slippage (percent) used when a quote request names none. Unset: each venue's own floor (0x 1%, LI.FI 0.5%, CoW 0.5%, the routing provider 3%, the RHD router 0.5%).",
    ),
  ZEROX_BASE_URL: venueUrl.default('https://api.0x.org').describe('0x Swap API base URL.'),
  ZEROX_API_KEY: z.string().optional().describe('0x API key (required to enable 0x).'),
  ZEROX_SERVICE_FEE_BPS: bps(0).describe('Service fee on 0x routes, basis points.'),
  LIFI_BASE_URL: venueUrl.default('https://li.quest/v1').describe('LI.FI API base URL, including `/v1`.'),
  LIFI_INTEGRATOR: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,23}$/, 'expected at most 23 characters of A-Z a-z 0-9 . _ -')
    .optional()
    .describe(
      'Your LI.FI integrator id, registered with a fee wallet in the LI.FI partner portal. Unset: LI.FI routes carry no integrator fee (no service fee, no partner fee).',
    ),
  LIFI_API_KEY: z.string().optional().describe('LI.FI API key (optional; raises its rate limit).'),
  LIFI_SERVICE_FEE_BPS: bps(30).describe('Service fee on LI.FI routes (integrator fee), basis points.'),
  LIFI_FEE_SHARE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe(
      "LI.FI's share of collected integrator fees (percent, as agreed with LI.FI: it varies by use case and volume), used where its answer states no feeSplit; the ledger counts only the rest as received. Unset: 0, and the start-up check fails while LI.FI's answers state no feeSplit.",
    ),
  COW_BASE_URL: venueUrl.default('https://api.cow.fi').describe('CoW Protocol order book base URL.'),
  COW_SERVICE_FEE_BPS: bps(30).describe('Service fee on CoW orders (app-data volume policy), basis points.'),
  COW_FEE_SHARE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .default(25)
    .describe(
      "CoW DAO's share of partner-fee policies (percent; 25 since CIP-75), kept before its weekly payout.",
    ),
  COW_MAX_PARTNER_FEE_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000)
    .default(100)
    .describe(
      "CoW backend's cap on all partner-fee policies of an order together, basis points (applied compounding).",
    ),
  SWAPKIT_BASE_URL: venueUrl
    .default('https://api.swapkit.dev')
    .describe('Routing provider (SwapKit) base URL.'),
  SWAPKIT_API_KEY: z.string().optional().describe('Routing provider API key (required to enable it).'),
  SWAPKIT_AFFILIATE_FEE_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000)
    .optional()
    .describe(
      "Service fee on routing-provider routes sent as affiliateFee, basis points (overrides the API key's fee tiers). Unset: the key's own fee applies.",
    ),
  SWAPKIT_PARTNER_FEES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe(
      'Carry partner fees on routing-provider routes inside affiliateFee (an addition to the contract; needs SWAPKIT_AFFILIATE_FEE_BPS), settled to partners off-chain.',
    ),
  THORNODE_URL: url
    .default('https://thornode.ninerealms.com')
    .describe(
      'THORNode API: the start-up check asks it whether THORCHAIN_AFFILIATE is a registered THORName, and /status follows THORChain swaps through it.',
    ),
  MIDGARD_URL: url
    .default('https://midgard.ninerealms.com')
    .describe(
      "THORChain Midgard API, where /status finds a deposit sent without a hash (BTC, LTC, …) by the sender's address and the quote's memo.",
    ),
  THORCHAIN_AFFILIATE: z
    .string()
    .optional()
    .describe(
      "The service's THORName, as configured on the routing-provider API key: its memo entries (and only those) are the service's fee.",
    ),
  RPC_URL_ETH: url
    .optional()
    .describe(
      'JSON-RPC URL of Ethereum (token metadata, and the receipts /status checks deliveries against).',
    ),
  RPC_URL_BASE: url.optional().describe('JSON-RPC URL of Base.'),
  RPC_URL_BSC: url.optional().describe('JSON-RPC URL of BNB Smart Chain.'),
  RPC_URL_AVAX: url.optional().describe('JSON-RPC URL of Avalanche C-Chain.'),
  RPC_URL_ARB: url.optional().describe('JSON-RPC URL of Arbitrum One.'),
  RPC_URL_RHD: url.optional().describe('JSON-RPC URL of Robinhood Chain (required for the RHD router).'),
  RHD_ROUTER_ADDRESS: evmAddress
    .optional()
    .describe('Uniswap-V2-style router on RHD (required for the RHD router).'),
  X402_FACILITATOR_URL: url.optional().describe('x402 payment facilitator. Unset: /access answers 503.'),
  X402_FACILITATOR_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(120_000)
    .default(30_000)
    .describe('Deadline of one x402 facilitator call (supported, verify, settle), in milliseconds.'),
  X402_PAY_TO: payee.optional().describe('Address on Base that x402 payments for grants go to.'),
  X402_PRICE: z
    .string()
    .regex(/^\$?(0|[1-9][0-9]*)(\.[0-9]{1,6})?$/, 'expected a USDC amount such as $1.00')
    .default('$1.00')
    .describe('Price of one access grant in USDC.'),
  ACCESS_TOKEN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe('HMAC secret that signs access grants (at least 32 characters). Unset: no grant is honoured.'),
  HOLDER_PASS_CONTRACT: evmAddress
    .optional()
    .describe('Holder-pass contract: an ERC-721 whose balanceOf(owner) > 0 proves the pass.'),
  HOLDER_PASS_CHAIN: z
    .string()
    // Only an EVM chain can hold the pass; a typo would otherwise read as a missing setting at the first claim.
    .refine(
      (value) => findChain(value)?.chainId !== undefined,
      'expected the symbol of an EVM chain in /chains',
    )
    .default('BASE')
    .describe('Chain symbol of the holder-pass contract.'),
})

/** The parsed, frozen configuration. Keys are the environment names. */
export type Config = Readonly<z.infer<typeof ConfigSchema>>

/** One row of the configuration table: name, description, default (as a string) when there is one. */
export type ConfigSetting = { name: string; description: string; default?: string }

/** Every setting with its description and default, in schema order (for the README table and `--help`). */
export const configSettings: readonly ConfigSetting[] = Object.entries(ConfigSchema.shape).map(
  ([name, schema]) => {
    const parsed = schema.safeParse(undefined)
    const fallback = parsed.success && parsed.data !== undefined ? parsed.data : undefined
    return {
      name,
      description: schema.description ?? '',
      ...(fallback === undefined
        ? {}
        : { default: Array.isArray(fallback) ? fallback.join(',') : String(fallback) }),
    }
  },
)

/**
 * A bad number in words ("must be a whole number", "must be at least 100", "must be more than 0");
 * any other problem in the schema's own words, which are already written for a reader.
 */
function describeConfigIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int'))
    return issue.expected === 'int' ? 'must be a whole number' : 'must be a number'
  if (issue.code === 'too_big' && issue.origin === 'number')
    return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}`
  if (issue.code === 'too_small' && issue.origin === 'number')
    return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}`
  return issue.message
}

/** Thrown by `loadConfig`; `issues` names every bad setting. */
export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(readonly issues: readonly string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`)
  }
}

/**
 * Parses the environment into the API's `Config`. Empty strings count as unset, unknown variables
 * are ignored, and every invalid setting is listed by name in one `ConfigError`. The result is frozen.
 *
 * @example
 * const config = loadConfig(environment) // only server.ts passes the real environment
 * const testConfig = loadConfig({ QUOTE_DEADLINE_MS: '200' })
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.keys(ConfigSchema.shape).flatMap((name) => {
      const value = env[name]?.trim()
      return value === undefined || value === '' ? [] : [[name, value]]
    }),
  )
  const result = ConfigSchema.safeParse(present)
  if (!result.success) {
    // By the setting's name, in words (never its value, which may be a secret): "PORT: must be a
    // number", not the schema's "Invalid input: expected number, received NaN" or a list index.
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `${String(issue.path[0] ?? '(root)')}: ${describeConfigIssue(issue)}`,
      ),
    )
  }
  if (result.data.SWAPKIT_PARTNER_FEES && result.data.SWAPKIT_AFFILIATE_FEE_BPS === undefined) {
    // affiliateFee replaces the key's fee: without the service's own bps, a partner fee would erase it.
    throw new ConfigError(['SWAPKIT_PARTNER_FEES: needs SWAPKIT_AFFILIATE_FEE_BPS'])
  }
  if (result.data.HTTP_HEADERS_TIMEOUT_MS > result.data.HTTP_REQUEST_TIMEOUT_MS) {
    // Node refuses to start a server whose headers may take longer than the whole request.
    throw new ConfigError(['HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS'])
  }
  return Object.freeze({
    ...result.data,
    TRUSTED_PROXIES: Object.freeze([...result.data.TRUSTED_PROXIES]),
  }) as Config
}
