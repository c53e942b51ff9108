import { html, type TemplateResult } from 'lit'
import type { Alternative, Quote } from '../../shared/schemas'
import { venueName } from '../../widget/parts/venueName'

const statusWords: Record<Alternative['status'], string> = {
  quoted: 'won',
  outranked: 'outranked',
  noRoute: 'no route',
  failed: 'failed',
  timedOut: 'timed out',
}

/**
 * "How the race went": every venue behind the widget's latest quote (`include=alternatives`), the
 * winner first, with the net output each was ranked on and why it ended as it did.
 */
export function renderAlternatives(quote: Quote | undefined): TemplateResult {
  if (!quote?.alternatives?.length) return html`<p class="empty">Enter an amount in the widget.</p>`
  const symbol = quote.buyToken.symbol
  const fee = quote.partnerFee
  const partnerLine = fee
    ? html`<p class="card-note" data-partner-fee=${fee.collectedBps}>
        Partner fee on the ${venueName(quote.provider)} route:
        ${fee.collected ? `${fee.collectedBps} bps collected` : 'not collected'} (${fee.requestedBps} asked).
        ${fee.note}
      </p>`
    : ''
  return html`${partnerLine}
    <table class="data">
      <thead>
        <tr>
          <th scope="col">Venue</th>
          <th scope="col">Result</th>
          <th scope="col">Net output (${symbol})</th>
        </tr>
      </thead>
      <tbody>
        ${quote.alternatives.map(
          (entry, index) =>
            // Why the venue ended as it did, on a line of its own under its row: as a fourth column it
            // did not fit the card, on a phone or beside the widget on a wide screen.
            html`<tr class=${entry.status === 'quoted' ? 'winner' : ''}>
                <th scope="row" id=${`race-venue-${index}`}>${venueName(entry.provider)}</th>
                <td>${statusWords[entry.status]}</td>
                <td class="num">${entry.netOutput ?? '—'}</td>
              </tr>
              <tr class="why">
                <td colspan="3" headers=${`race-venue-${index}`}>${entry.reason}</td>
              </tr>`,
        )}
      </tbody>
    </table>`
}
