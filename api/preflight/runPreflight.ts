import { Redis } from 'ioredis'
import pg from 'pg'
import { isSwapError } from '../../shared'
import type { Config } from '../config'
import { loadPartnerRegistry, type PartnerRegistry } from '../fees/partnerRegistry'
import { resolveQuoteRequest } from '../quote/resolveQuoteRequest'
import { parseQuoteQuery } from '../quote/quoteQuery'
import type { VenueFetch } from '../venues/common/venueFetch'
import { isVenueNoRoute, type Venue, type VenueQuote, type VenueRequest } from '../venues/venue'

/** One venue's answer to the start-up check. */
export type PreflightVenue = {
  id: string
  /** Configured and answered the probe quote (priced it or declined it). */
  enabled: boolean
  /** What the venue collects on the probe, in words: the service's fee and a partner's. */
  collects: string
  /** The probe's partner fee is paid to the service, which then owes it to the partner from the ledger. */
  owesPartner?: boolean
  /** No answer at all (a refused connection, an unknown host, a timeout): the setting to look at is named. */
  unreachable?: boolean
  /** The venue's share of a fee came from a setting: its answer did not state it (LI.FI without `feeSplit`). */
  shareFromSetting?: boolean
  /** Where the deployment would lose or misdirect money, or why the venue did not answer. */
  problems: string[]
}

export type PreflightReport = {
  venues: PreflightVenue[]
  /** Problems that are not one venue's (the THORName, a missing fee wallet). */
  problems: string[]
  /** True when nothing would silently lose or misdirect money. */
  ok: boolean
}

export type RunPreflightParameters = {
  config: Config
  venues: readonly Venue[]
  fetch: VenueFetch
  /** Aborts every probe (shutdown). */
  signal?: AbortSignal
  /** Registered partners; default read from `PARTNER_REGISTRY_PATH`. */
  partners?: PartnerRegistry
}

/** The partner id the probes carry, so each venue's partner-fee path is exercised too. */
export const PREFLIGHT_PARTNER = 'preflight-check'

/**
 * One tiny real quote per pair kind a venue serves: the venue must answer one of them. A same-chain
 * ERC-20 sell (CoW sells no native coin), a same-chain native sell, a cross-chain memo route.
 */
const PROBES: readonly Record<string, string>[] = [
  { sellChain: 'ETH', sellToken: 'USDC', buyChain: 'ETH', buyToken: 'ETH', amount: '25' },
  { sellChain: 'ETH', sellToken: 'ETH', buyChain: 'ETH', buyToken: 'USDC', amount: '0.01' },
  {
    sellChain: 'ETH',
    sellToken: 'ETH',
    buyChain: 'BTC',
    buyToken: 'BTC',
    amount: '0.05',
    recipient: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  },
  // RHD lists ETH, WETH and USDG (`shared/tokens`): a USDC probe resolved to nothing, and the router was
  // then reported as serving none of the probes.
  { sellChain: 'RHD', sellToken: 'ETH', buyChain: 'RHD', buyToken: 'USDG', amount: '0.01' },
]

/** A funded-looking sender for probes; venues quote without checking balances. */
const PROBE_SENDER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

/**
 * The live preflight (`npm run serve -- --check`, and logged at every start): asks each configured
 * venue for one tiny real quote with a partner fee and checks what decides money: that the venue
 * answers (a valid key), that LI.FI accepts the integrator's fee (it refuses an integrator without a fee
 * wallet), that `THORCHAIN_AFFILIATE` is a registered THORName (THORNode's thorname endpoint), that
 * `SERVICE_FEE_RECIPIENT` is set where a venue pays the service's fee to it, that neither service wallet
 * is a registered partner's payout address (fees owed to others would land there), that a ledger
 * (`QUOTE_LOG_PATH` or `DATABASE_URL`) is kept when a venue pays partner fees to the service, which
 * owes them on from it, and that `DATABASE_URL`'s database answers. A venue counts as enabled only when it answered.
 *
 * @example
 * const report = await runPreflight({ config, venues, fetch })
 * process.exitCode = report.ok ? 0 : 1
 */
export async function runPreflight({
  config,
  venues,
  fetch,
  signal,
  partners = loadPartnerRegistry({ path: config.PARTNER_REGISTRY_PATH }),
}: RunPreflightParameters): Promise<PreflightReport> {
  const problems: string[] = [...checkServiceWallets(config, partners)]
  if (!config.SERVICE_FEE_RECIPIENT) {
    if (config.ZEROX_API_KEY && config.ZEROX_SERVICE_FEE_BPS > 0) {
      problems.push(
        `0x: ZEROX_SERVICE_FEE_BPS is ${config.ZEROX_SERVICE_FEE_BPS} but SERVICE_FEE_RECIPIENT is unset, so no service fee is stamped`,
      )
    }
    if (config.COW_SERVICE_FEE_BPS > 0) {
      problems.push(
        `cow: COW_SERVICE_FEE_BPS is ${config.COW_SERVICE_FEE_BPS} but SERVICE_FEE_RECIPIENT is unset, so no service fee policy is added`,
      )
    }
  }
  if (!config.LIFI_INTEGRATOR && config.LIFI_SERVICE_FEE_BPS > 0) {
    problems.push(
      `lifi: LIFI_SERVICE_FEE_BPS is ${config.LIFI_SERVICE_FEE_BPS} but LIFI_INTEGRATOR is unset, so LI.FI routes carry no fee`,
    )
  }
  if (config.SWAPKIT_API_KEY) {
    const thorname = await checkThorname({ config, fetch, signal })
    if (thorname) problems.push(thorname)
  }
  // Only configured venues are built (createVenuesFromConfig), so every one of them is probed.
  const requests = await resolveProbes()
  const results = await Promise.all(
    venues.map(async (venue) => {
      const result = await probeVenue({
        venue,
        requests,
        fetch,
        signal,
        deadlineMs: config.QUOTE_DEADLINE_MS,
      })
      return result.unreachable
        ? { ...result, problems: [...result.problems, whereTried(venue.id, config)] }
        : result
    }),
  )
  if (config.LIFI_FEE_SHARE_PERCENT === undefined && results.some((venue) => venue.shareFromSetting)) {
    problems.push(
      "lifi: LI.FI's answer states no feeSplit, so its share of the integrator fee is unknown and partners would be owed it too: set LIFI_FEE_SHARE_PERCENT to the share agreed with LI.FI",
    )
  }
  if (config.DATABASE_URL) {
    const ledger = await checkLedgerDatabase(config.DATABASE_URL)
    if (ledger) problems.push(ledger)
  }
  if (config.REDIS_URL) {
    const shared = await checkSharedStore(config.REDIS_URL)
    if (shared) problems.push(shared)
  }
  const owing = results.filter((venue) => venue.owesPartner).map((venue) => venue.id)
  if (owing.length > 0 && !config.QUOTE_LOG_PATH && !config.DATABASE_URL) {
    problems.push(
      `partner fees: ${owing.join(', ')} pay partner fees to the service, which owes them on from its ledger, but no ledger is kept: set QUOTE_LOG_PATH (a file) or DATABASE_URL`,
    )
  }
  return {
    venues: results,
    problems,
    ok: problems.length === 0 && results.every((venue) => venue.problems.length === 0),
  }
}

/**
 * The settlement ledger's database must answer: otherwise every quote line waits in the local spool, and
 * a statement read from the database (`partner-report --database`) misses them. The problem names the
 * database's own words (`database "ledgr" does not exist`), never the URL, which may hold a password.
 */
async function checkLedgerDatabase(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return undefined
  } catch (error) {
    const words = (error instanceof Error ? error.message : String(error)).split(url).join('DATABASE_URL')
    return `ledger: DATABASE_URL does not answer (${words}), so quote lines wait in the local spool and a statement from the database misses them`
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * The shared store must answer: a service whose Redis refuses it (a wrong password, a wrong database
 * number) still starts, and fails over to memory for good, so each instance counts limits on its own and
 * grants cannot be redeemed. The problem names Redis's own words (`WRONGPASS …`), never the URL.
 */
async function checkSharedStore(url: string): Promise<string | undefined> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 3_000,
    retryStrategy: () => null,
  })
  // Redis's refusal (`WRONGPASS …`) arrives as an 'error' event; the command after it only says the
  // connection closed.
  let refusal: Error | undefined
  client.on('error', (error: Error) => {
    refusal ??= error
  })
  try {
    await client.connect()
    await client.ping()
    return undefined
  } catch (error) {
    const said = refusal ?? error
    const words = (said instanceof Error ? said.message : String(said)).split(url).join('REDIS_URL')
    return `shared store: REDIS_URL does not answer (${words}), so every instance would count limits on its own and grants could not be redeemed`
  } finally {
    client.disconnect()
  }
}

/**
 * The service's wallets must not be a registered partner's payout address: CoW and LI.FI pay the fees
 * the service owes unregistered partners into them, and that partner would receive them.
 */
function checkServiceWallets(config: Config, partners: PartnerRegistry): string[] {
  const owners = new Map(
    [...partners.values()].map((partner) => [partner.payoutAddress.toLowerCase(), partner.id]),
  )
  return (['SERVICE_FEE_RECIPIENT', 'PARTNER_FEE_RECIPIENT'] as const).flatMap((name) => {
    const owner = owners.get(config[name]?.toLowerCase() ?? '')
    return owner === undefined
      ? []
      : [
          `${name} is partner ${owner}'s registered payout address, so fees meant for the service, or owed to other partners, would be paid to ${owner}: set it to a wallet of the service's`,
        ]
  })
}

/** The probe pairs as venue requests, resolved once (a pair the registry cannot resolve is left out). */
async function resolveProbes(): Promise<VenueRequest[]> {
  const requests: VenueRequest[] = []
  for (const probe of PROBES) {
    try {
      requests.push(
        await resolveQuoteRequest({
          query: parseQuoteQuery({
            ...probe,
            address: PROBE_SENDER,
            partner: PREFLIGHT_PARTNER,
            partnerFeeBps: '10',
          }),
        }),
      )
    } catch {
      // Not a pair this registry lists: no probe for it.
    }
  }
  return requests
}

async function probeVenue({
  venue,
  requests,
  fetch,
  signal,
  deadlineMs,
}: {
  venue: Venue
  requests: readonly VenueRequest[]
  fetch: VenueFetch
  signal: AbortSignal | undefined
  deadlineMs: number
}): Promise<PreflightVenue> {
  let declined: string | undefined
  for (const request of requests) {
    if (!venue.serves(request)) continue
    const timeout = AbortSignal.timeout(Math.max(deadlineMs, 5_000))
    try {
      const answer = await venue.quote(request, {
        fetch,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
      if (isVenueNoRoute(answer)) {
        declined = answer.reason
        continue
      }
      return {
        id: venue.id,
        enabled: true,
        collects: describeCollected(answer),
        shareFromSetting: answer.fees?.some((leg) => leg.venueShareFrom === 'setting') ?? false,
        owesPartner: answer.fees?.some((leg) => leg.party === 'partner' && leg.paidTo === 'service') ?? false,
        problems: [],
      }
    } catch (error) {
      const message = isSwapError(error)
        ? `${error.message}${transportCode(error)}`
        : timeout.aborted
          ? 'did not answer in time'
          : 'failed'
      const unreachable = timeout.aborted || (isSwapError(error) && transportCode(error) !== '')
      return {
        id: venue.id,
        enabled: false,
        collects: '-',
        problems: [message],
        ...(unreachable ? { unreachable } : {}),
      }
    }
  }
  return declined === undefined
    ? { id: venue.id, enabled: false, collects: '-', problems: ['serves none of the probe pairs'] }
    : {
        id: venue.id,
        enabled: true,
        collects: `answered (no route for the probe: ${declined})`,
        problems: [],
      }
}

/** The system's code of a transport failure under a venue error (` (ECONNREFUSED)`), or ''. */
function transportCode(error: unknown): string {
  for (
    let cause = (error as { cause?: unknown }).cause;
    cause;
    cause = (cause as { cause?: unknown }).cause
  ) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return ` (${code})`
  }
  return ''
}

/** Which setting a venue is reached through, and its origin: never its path or query, which may carry a key. */
function whereTried(venueId: string, config: Config): string {
  const setting = (
    {
      '0x': 'ZEROX_BASE_URL',
      lifi: 'LIFI_BASE_URL',
      cow: 'COW_BASE_URL',
      swapkit: 'SWAPKIT_BASE_URL',
    } as const
  )[venueId as '0x' | 'lifi' | 'cow' | 'swapkit']
  if (!setting) return 'check its RPC URL setting'
  let origin = ''
  try {
    origin = new URL(config[setting]).origin
  } catch {
    origin = 'an invalid URL'
  }
  return `tried ${origin} (${setting}): check the URL and that this host can reach it`
}

function describeCollected(quote: VenueQuote): string {
  const service = `service ${quote.serviceFeeBps} bps`
  const partner = quote.partnerFee
    ? quote.partnerFee.collectedBps > 0
      ? `partner ${quote.partnerFee.collectedBps} bps (${settlementOf(quote)})`
      : 'partner none'
    : 'partner none'
  return `${service}; ${partner}`
}

function settlementOf(quote: VenueQuote): string {
  const leg = quote.fees?.find((candidate) => candidate.party === 'partner')
  if (!leg) return 'see note'
  const when = leg.payout === 'inSwap' ? 'in the swap' : 'later'
  return leg.paidTo === 'partner'
    ? `paid to the partner ${when}`
    : `to the service ${when}, settled off-chain`
}

/**
 * Whether `THORCHAIN_AFFILIATE` is a live THORName: THORNode answers an unknown one with a 500
 * ("THORName doesn't exist") and an expired one with an empty owner. Returns the problem, if any.
 */
async function checkThorname({
  config,
  fetch,
  signal,
}: {
  config: Config
  fetch: VenueFetch
  signal: AbortSignal | undefined
}): Promise<string | undefined> {
  const name = config.THORCHAIN_AFFILIATE
  if (!name) return 'swapkit: THORCHAIN_AFFILIATE is unset, so memo routes carry no service fee'
  const timeout = AbortSignal.timeout(5_000)
  try {
    const response = await fetch(
      `${config.THORNODE_URL.replace(/\/+$/, '')}/thorchain/thorname/${encodeURIComponent(name)}`,
      { signal: signal ? AbortSignal.any([signal, timeout]) : timeout },
    )
    const body = await response
      .text()
      .then((text) => JSON.parse(text) as { owner?: unknown; message?: unknown })
      .catch(() => undefined)
    if (response.status === 200 && typeof body?.owner === 'string' && body.owner !== '') return undefined
    if (response.status === 200)
      return `swapkit: THORName ${name} has expired, so its affiliate fees are not paid`
    if (typeof body?.message === 'string' && body.message.includes("doesn't exist")) {
      return `swapkit: THORName ${name} is not registered, so memo affiliate fees to it are lost`
    }
    return `swapkit: THORNode answered ${response.status} for THORName ${name}`
  } catch {
    return `swapkit: could not reach THORNode at THORNODE_URL to check THORName ${name}`
  }
}

/** The check as one table, then each problem on its own line. */
export function formatPreflightReport(report: PreflightReport): string[] {
  const rows = report.venues.map((venue) => [
    venue.id,
    // Configured, and its probe quote failed: it still takes part in every race (see the README).
    venue.enabled ? 'enabled' : 'FAILING',
    venue.collects,
    venue.problems.join('; ') || '-',
  ])
  const header = ['venue', 'status', 'collects on a probe quote with a 10 bps partner fee', 'problem']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const render = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd()
  return [
    render(header),
    ...rows.map(render),
    ...report.problems.map((problem) => `problem: ${problem}`),
    report.ok
      ? 'check passed: every enabled venue answered and every fee has its receiver'
      : 'check FAILED: money would be lost or misdirected (see above)',
  ]
}
