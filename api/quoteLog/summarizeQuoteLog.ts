import { applyBps, formatAmount } from '../../shared'
import type { QuoteLogEntry } from './quoteLogEntry'

/** Venues whose partner share is settled off-chain from the quote log (one fee recipient only). */
export const OFF_CHAIN_SETTLED_PROVIDERS: readonly string[] = ['0x', 'lifi']

/** Volume and fees in one sell token, as exact base units and human units. */
export type TokenVolume = {
  caip: string
  symbol: string
  /** Quoted sell volume, human units. */
  volume: string
  /** Partner share owed off-chain on that volume (0x, LI.FI only), human units, rounded down. */
  feeOwed: string
}

/** One row of the partner report: a partner on one venue. */
export type PartnerReportRow = {
  partner: string
  provider: string
  quotes: number
  /** Mean of requested and of collected bps over the row's quotes. */
  requestedBps: number
  collectedBps: number
  settledOffChain: boolean
  tokens: TokenVolume[]
}

export type SummarizeQuoteLogParameters = {
  entries: readonly QuoteLogEntry[]
  /** Inclusive lower bound, ISO time. */
  from?: string | undefined
  /** Exclusive upper bound, ISO time. */
  to?: string | undefined
  partner?: string | undefined
}

/**
 * Summarises quote-log entries per partner and venue: quotes, quoted volume per sell token, the
 * requested and collected bps, and the partner fee owed where it is settled off-chain (0x and LI.FI:
 * the sell volume times the collected bps, rounded down so we never over-state a debt). Entries
 * without a partner are left out. Quoted volume is not executed volume.
 */
export function summarizeQuoteLog({
  entries,
  from,
  to,
  partner,
}: SummarizeQuoteLogParameters): PartnerReportRow[] {
  const fromMs = from ? Date.parse(from) : -Infinity
  const toMs = to ? Date.parse(to) : Infinity
  const groups = new Map<string, QuoteLogEntry[]>()
  for (const entry of entries) {
    const time = Date.parse(entry.time)
    if (entry.partner === undefined || time < fromMs || time >= toMs) continue
    if (partner !== undefined && entry.partner !== partner) continue
    const key = JSON.stringify([entry.partner, entry.provider])
    groups.set(key, [...(groups.get(key) ?? []), entry])
  }
  return [...groups.values()]
    .map((group) => {
      const first = group[0] as QuoteLogEntry
      const settledOffChain = OFF_CHAIN_SETTLED_PROVIDERS.includes(first.provider)
      const byToken = new Map<string, { symbol: string; decimals: number; volume: bigint; fee: bigint }>()
      for (const entry of group) {
        const amount = BigInt(entry.sellAmount)
        const current = byToken.get(entry.sellToken.caip) ?? {
          symbol: entry.sellToken.symbol,
          decimals: entry.sellToken.decimals,
          volume: 0n,
          fee: 0n,
        }
        current.volume += amount
        if (settledOffChain) current.fee += applyBps({ amount, bps: entry.collectedBps, rounding: 'down' })
        byToken.set(entry.sellToken.caip, current)
      }
      const mean = (pick: (entry: QuoteLogEntry) => number) =>
        Math.round((group.reduce((sum, entry) => sum + pick(entry), 0) / group.length) * 100) / 100
      return {
        partner: first.partner as string,
        provider: first.provider,
        quotes: group.length,
        requestedBps: mean((entry) => entry.requestedBps),
        collectedBps: mean((entry) => entry.collectedBps),
        settledOffChain,
        tokens: [...byToken.entries()].map(([caip, token]) => ({
          caip,
          symbol: token.symbol,
          volume: formatAmount({ value: token.volume, decimals: token.decimals }),
          feeOwed: formatAmount({ value: token.fee, decimals: token.decimals }),
        })),
      }
    })
    .sort((a, b) => a.partner.localeCompare(b.partner) || a.provider.localeCompare(b.provider))
}
