import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { Quote } from '../../shared/schemas'
import { venueName } from './venueName'

/**
 * The quote in plain terms: what arrives, the guaranteed floor, the rate, the venue and the
 * partner-fee note. `buyAmount` is an estimate; `minBuyAmount` is what the chain enforces.
 */
export function renderQuoteSummary(quote: Quote, indicative: boolean): TemplateResult {
  const sell = quote.sellToken.symbol
  const buy = quote.buyToken.symbol
  return html`
    <dl class="summary">
      <div>
        <dt>You receive (estimate)</dt>
        <dd class="big" data-testid="buy-amount">${quote.buyAmount} ${buy}</dd>
      </div>
      ${
        quote.minBuyAmount
          ? html`<div>
              <dt>At least</dt>
              <dd data-testid="min-buy-amount">${quote.minBuyAmount} ${buy}</dd>
            </div>`
          : nothing
      }
      <div>
        <dt>Rate</dt>
        <dd data-testid="rate">1 ${sell} = ${quote.rate} ${buy}</dd>
      </div>
      <div>
        <dt>Route</dt>
        <dd data-testid="provider" data-provider=${quote.provider}>${venueName(quote.provider)}</dd>
      </div>
      ${
        quote.partnerFee
          ? html`<div>
              <dt>Partner fee</dt>
              <dd data-testid="partner-fee">${quote.partnerFee.note}</dd>
            </div>`
          : nothing
      }
      ${quote.order ? html`<p class="hint" data-testid="order-note">${quote.order.note}</p>` : nothing}
    </dl>
    ${
      indicative
        ? html`<p class="hint" data-testid="indicative">
            Indicative price. Connect a wallet for a quote you can execute.
          </p>`
        : nothing
    }
  `
}
