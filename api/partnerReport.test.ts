import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import { formatPartnerReport } from './partnerReport'
import type { PartnerReportRow } from './quoteLog/summarizeQuoteLog'

const row = (partner: string): PartnerReportRow => ({
  partner,
  provider: '0x',
  quotes: 2,
  executedQuotes: 1,
  executions: 1,
  requestedBps: 25,
  collectedBps: 25,
  settledOffChain: false,
  tokens: [{ caip: 'eip155:1/slip44:60', symbol: 'ETH', volume: '2', feeOwed: '0', feeOwedExecuted: '0' }],
  fees: [],
})

describe('formatPartnerReport', () => {
  it('lines its columns up as a terminal shows them, also for emoji, CJK and combining-accent partner ids', () => {
    // 'cafe' with a combining acute accent: five code units, four columns.
    const partners = ['plain', '🦊-wallet', '交易所', 'cafe\u0301']
    const table = formatPartnerReport(partners.map(row)).split('\n')
    const body = table.filter((line) => partners.some((partner) => line.startsWith(partner)))
    expect(body).toHaveLength(partners.length)
    // The venue column starts at the same screen column on every line, the header's included.
    const startOf = (line: string, text: string) => stringWidth(line.slice(0, line.indexOf(text)))
    const venueColumns = [startOf(table[0]!, 'venue'), ...body.map((line) => startOf(line, '0x'))]
    expect(new Set(venueColumns).size).toBe(1)
  })
})
