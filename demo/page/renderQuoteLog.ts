import { html, type TemplateResult } from 'lit'
import { formatAmount } from '../../shared/amount'

type LoggedToken = { symbol: string; decimals: number }

/** A quote-log line as the page uses it (see `api/quoteLog/quoteLogEntry.ts`). */
export type QuoteLogLine = {
  time: string
  quoteId?: string
  partner?: string
  provider: string
  sellChain: string
  buyChain: string
  sellToken: LoggedToken
  buyToken: LoggedToken
  sellAmount: string
  buyAmount: string
  serviceBps: number
  requestedBps: number
  collectedBps: number
}

function isQuoteLogLine(value: unknown): value is QuoteLogLine {
  const line = value as QuoteLogLine | null
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof line.time === 'string' &&
    typeof line.provider === 'string' &&
    /^\d+$/.test(String(line.sellAmount)) &&
    /^\d+$/.test(String(line.buyAmount)) &&
    typeof line.sellToken?.decimals === 'number' &&
    typeof line.buyToken?.decimals === 'number'
  )
}

const amount = (value: string, token: LoggedToken) =>
  `${formatAmount({ value: BigInt(value), decimals: token.decimals })} ${token.symbol}`

/** The quote ids of the log's execution lines: swaps `/status` saw delivered. */
function executedIds(entries: readonly unknown[]): Set<string> {
  const ids = new Set<string>()
  for (const entry of entries) {
    const line = entry as { kind?: unknown; quoteId?: unknown } | null
    if (line?.kind === 'execution' && typeof line.quoteId === 'string') ids.add(line.quoteId)
  }
  return ids
}

/**
 * The quote-log panel: the latest lines, newest first, with amounts in human units (exact), and for
 * each quote whether its swap was executed (an execution line among them: the partner statement owes
 * fees on those).
 */
export function renderQuoteLog(entries: readonly unknown[]): TemplateResult {
  const lines = entries.filter(isQuoteLogLine)
  const executed = executedIds(entries)
  if (lines.length === 0) return html`<p class="empty">No quotes logged yet.</p>`
  return html`<table class="data">
    <thead>
      <tr>
        <th scope="col">Time</th>
        <th scope="col">Venue</th>
        <th scope="col">Partner</th>
        <th scope="col">Chains</th>
        <th scope="col">Sell</th>
        <th scope="col">Buy</th>
        <th scope="col">Service fee</th>
        <th scope="col">Partner fee, asked → collected</th>
        <th scope="col">Executed</th>
      </tr>
    </thead>
    <tbody>
      ${lines.map((line) => {
        const delivered = line.quoteId !== undefined && executed.has(line.quoteId)
        return html`<tr>
          <td class="num">${line.time.slice(11, 19)}</td>
          <td><span class="pill">${line.provider}</span></td>
          <td>${line.partner ?? '—'}</td>
          <td>
            ${line.sellChain === line.buyChain ? line.sellChain : `${line.sellChain} → ${line.buyChain}`}
          </td>
          <td class="num">${amount(line.sellAmount, line.sellToken)}</td>
          <td class="num">${amount(line.buyAmount, line.buyToken)}</td>
          <td class="num">${line.serviceBps} bps</td>
          <td class="num">
            ${line.partner === undefined ? '—' : `${line.requestedBps} → ${line.collectedBps} bps`}
          </td>
          <td data-executed=${delivered ? 'yes' : 'no'}>${delivered ? 'delivered' : '—'}</td>
        </tr>`
      })}
    </tbody>
  </table>`
}
