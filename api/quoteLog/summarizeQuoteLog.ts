import { applyBps, formatAmount } from '../../shared'
import type { LoggedFeeLeg, PartnerSettlement } from '../fees/feeLeg'
import { describePartnerSettlement, netOfVenueShare } from '../fees/feeLeg'
import { partnerKey } from '../fees/partnerRegistry'
import type { QuoteLogEntry } from './quoteLogEntry'

/** Venues whose partner share was settled off-chain before lines carried their fee legs. */
export const LEGACY_OFF_CHAIN_PROVIDERS: readonly string[] = ['0x', 'lifi']

/** Volume and what the service owes the partner in one token, human units. */
export type TokenVolume = {
  caip: string
  symbol: string
  /** Quoted sell volume in this token (0 for a token fees were only taken in). */
  volume: string
  /** The partner's fees the service settles off-chain in this token, net of the venue's share, rounded down. */
  feeOwed: string
  /** The same, of the executed quotes alone: what the service owes the partner. */
  feeOwedExecuted: string
}

/** One way a partner's fees reach them, in one token. */
export type PartnerFeeLine = {
  settlement: PartnerSettlement
  /** Who pays the partner, and when, in words. */
  paidBy: string
  caip: string
  symbol: string
  /** The fee the users paid, before the venue's share. */
  gross: string
  /** What the venue keeps of it. */
  venueShare: string
  /** What reaches the partner. */
  net: string
  /** What reaches the partner from the executed quotes alone. */
  netExecuted: string
}

/** One row of the partner statement: a partner on one venue. */
export type PartnerReportRow = {
  partner: string
  provider: string
  /** The quotes answered in the period. */
  quotes: number
  /**
   * The quotes whose swap `/status` saw delivered in the period (an execution line in the ledger),
   * whenever they were quoted.
   */
  executedQuotes: number
  /** The swaps `/status` saw delivered in the period: more than `executedQuotes` when a quote's transaction was sent twice. */
  executions: number
  /** Mean of requested and of collected bps over the row's quotes (its executed ones, when it has none). */
  requestedBps: number
  collectedBps: number
  /** True when any of the partner's fees on this venue is settled by the service off-chain. */
  settledOffChain: boolean
  tokens: TokenVolume[]
  fees: PartnerFeeLine[]
}

export type SummarizeQuoteLogParameters = {
  entries: readonly QuoteLogEntry[]
  /**
   * How many swaps of each quote the ledger holds an execution of in the statement's period, by quote
   * id: executions are counted by the time they were seen delivered, not by their quote's time.
   */
  executed?: ReadonlyMap<string, number>
  /** Inclusive lower bound, ISO time. */
  from?: string | undefined
  /** Exclusive upper bound, ISO time. */
  to?: string | undefined
  partner?: string | undefined
}

/**
 * The partner statement from quote-log entries, per partner and venue: quotes, quoted volume per sell
 * token, requested and collected bps, and for each of the partner's fees who pays it and when (the venue
 * on chain in the swap, the venue later, or the service off-chain from this ledger), with the gross fee,
 * the venue's share and what reaches the partner, in token units. Amounts owed by the service are rounded
 * down so a debt is never over-stated. Entries without a partner are left out. Quoted volume is not
 * executed volume: the `executed` figures count only quotes the ledger holds an execution of.
 *
 * The period (`from`, `to`) takes the quoted figures by the quote's time and the executed ones by the
 * execution's (`executed` is counted so): a swap quoted on the last day of a month and delivered on the
 * first of the next is owed in the next month's statement, once, and no statement run at a period's end
 * misses it for good.
 */
export function summarizeQuoteLog({
  entries,
  executed = new Map(),
  from,
  to,
  partner,
}: SummarizeQuoteLogParameters): PartnerReportRow[] {
  const fromMs = from ? Date.parse(from) : -Infinity
  const toMs = to ? Date.parse(to) : Infinity
  const groups = new Map<string, Counted[]>()
  // One partner whatever the spelling a caller sent (`Demo-Partner`, `demo‐partner`), as the registry
  // matches ids when it pays: a statement split by spelling under-states what one partner is owed.
  const only = partner === undefined ? undefined : partnerKey(partner)
  for (const entry of entries) {
    if (entry.partner === undefined) continue
    const id = partnerKey(entry.partner)
    if (only !== undefined && id !== only) continue
    const time = Date.parse(entry.time)
    const quoted = time >= fromMs && time < toMs
    const swaps = entry.quoteId === undefined ? 0 : (executed.get(entry.quoteId) ?? 0)
    if (!quoted && swaps === 0) continue
    const key = JSON.stringify([id, entry.provider])
    const group = groups.get(key)
    const counted = { entry, quoted, swaps }
    if (group) group.push(counted)
    else groups.set(key, [counted])
  }
  return [...groups.values()]
    .map(summarizeGroup)
    .sort((a, b) => a.partner.localeCompare(b.partner) || a.provider.localeCompare(b.provider))
}

type TokenInfo = { symbol: string; decimals: number }

/** A quote of the statement: quoted in its period, and how many of its swaps were executed in it. */
type Counted = { entry: QuoteLogEntry; quoted: boolean; swaps: number }

function summarizeGroup(group: Counted[]): PartnerReportRow {
  const first = (group[0] as Counted).entry
  const tokens = new Map<string, TokenInfo & { volume: bigint; owed: bigint; owedExecuted: bigint }>()
  const token = (caip: string, info: TokenInfo) => {
    let current = tokens.get(caip)
    if (!current) {
      current = { ...info, volume: 0n, owed: 0n, owedExecuted: 0n }
      tokens.set(caip, current)
    }
    return current
  }
  const lines = new Map<
    string,
    {
      settlement: PartnerSettlement
      paidBy: string
      caip: string
      gross: bigint
      share: bigint
      netExecuted: bigint
    }
  >()
  let executedQuotes = 0
  let executions = 0
  // Each swap of a quote paid its fees: a quote sent twice owes them twice.
  for (const { entry, quoted, swaps } of group) {
    if (swaps > 0) executedQuotes += 1
    executions += swaps
    // Quoted before the period and executed in it: its swaps count here, its quote in its own period.
    const times = quoted ? 1n : 0n
    token(entry.sellToken.caip, entry.sellToken).volume += times * BigInt(entry.sellAmount)
    for (const leg of partnerLegs(entry)) {
      const side = leg.token === 'sell' ? entry.sellToken : entry.buyToken
      const gross = leg.amount === undefined ? 0n : BigInt(leg.amount)
      const net = netOfVenueShare({ amount: gross, venueSharePpm: leg.venueSharePpm })
      const settlement = describePartnerSettlement(leg)
      const held = token(side.caip, side)
      if (settlement === 'us off-chain') {
        held.owed += times * net
        held.owedExecuted += net * BigInt(swaps)
      }
      const paidBy = describePayer(settlement, leg, entry.provider)
      const key = JSON.stringify([settlement, paidBy, side.caip])
      const line = lines.get(key) ?? {
        settlement,
        paidBy,
        caip: side.caip,
        gross: 0n,
        share: 0n,
        netExecuted: 0n,
      }
      line.gross += times * gross
      line.share += times * (gross - net)
      line.netExecuted += net * BigInt(swaps)
      lines.set(key, line)
    }
  }
  const quotes = group.filter((counted) => counted.quoted).map((counted) => counted.entry)
  // Over the period's quotes; a row of executions alone takes its executed quotes' bps.
  const averaged = quotes.length > 0 ? quotes : group.map((counted) => counted.entry)
  const mean = (pick: (entry: QuoteLogEntry) => number) =>
    Math.round((averaged.reduce((sum, entry) => sum + pick(entry), 0) / averaged.length) * 100) / 100
  const human = (caip: string, value: bigint) =>
    formatAmount({ value, decimals: (tokens.get(caip) as TokenInfo).decimals })
  const fees = [...lines.values()].map((line) => ({
    settlement: line.settlement,
    paidBy: line.paidBy,
    caip: line.caip,
    symbol: (tokens.get(line.caip) as TokenInfo).symbol,
    gross: human(line.caip, line.gross),
    venueShare: human(line.caip, line.share),
    net: human(line.caip, line.gross - line.share),
    netExecuted: human(line.caip, line.netExecuted),
  }))
  return {
    partner: first.partner as string,
    provider: first.provider,
    quotes: quotes.length,
    executedQuotes,
    executions,
    requestedBps: mean((entry) => entry.requestedBps),
    collectedBps: mean((entry) => entry.collectedBps),
    settledOffChain: fees.some((line) => line.settlement === 'us off-chain'),
    tokens: [...tokens.entries()].map(([caip, current]) => ({
      caip,
      symbol: current.symbol,
      volume: formatAmount({ value: current.volume, decimals: current.decimals }),
      feeOwed: formatAmount({ value: current.owed, decimals: current.decimals }),
      feeOwedExecuted: formatAmount({ value: current.owedExecuted, decimals: current.decimals }),
    })),
    fees,
  }
}

/**
 * The partner's fee legs of an entry. A line written before legs were logged gets the rule of its time:
 * 0x and LI.FI settled off-chain from the sell volume, other venues on chain.
 */
function partnerLegs(entry: QuoteLogEntry): LoggedFeeLeg[] {
  if (entry.fees) return entry.fees.filter((leg) => leg.party === 'partner' && leg.bps > 0)
  if (entry.collectedBps === 0) return []
  const offChain = LEGACY_OFF_CHAIN_PROVIDERS.includes(entry.provider)
  return [
    {
      party: 'partner',
      bps: entry.collectedBps,
      paidTo: offChain ? 'service' : 'partner',
      payout: 'inSwap',
      venueSharePpm: 0,
      token: 'sell',
      amount: applyBps({
        amount: BigInt(entry.sellAmount),
        bps: entry.collectedBps,
        rounding: 'down',
      }).toString(),
    },
  ]
}

const VENUE_NAMES: Record<string, string> = {
  '0x': '0x',
  lifi: 'LI.FI',
  cow: 'CoW DAO',
  thorchain: 'THORChain',
  swapkit: 'the routing provider',
  router: 'the RHD router',
}

function describePayer(settlement: PartnerSettlement, leg: LoggedFeeLeg, provider: string): string {
  const venue = VENUE_NAMES[provider] ?? provider
  if (settlement === 'venue on chain') return `${venue}, in the swap`
  if (settlement === 'venue later') return `${venue}, later`
  if (leg.payout !== 'inSwap') return `the service, off-chain (once ${venue} has paid it)`
  // THORChain pays memo affiliates in RUNE: the statement owes the sell token taken, not what arrived.
  return leg.paidAs
    ? `the service, off-chain (received in the swap as ${leg.paidAs.symbol})`
    : `the service, off-chain (received in the swap)`
}
