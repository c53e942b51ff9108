import { html } from 'lit'
import type { TemplateResult } from 'lit'

export type RateProps = {
  /** The sell token's symbol. */
  sell: string
  /** The buy token's symbol. */
  buy: string
  /** Buy units for one sell unit, already formatted in the element's locale. */
  rate: string
}

/**
 * The rate, "1 ETH = 2.5 USDC", with each amount and its symbol isolated in a `<bdi>`. As plain text
 * in a right-to-left layout the bidirectional algorithm would carry the leading "1" to the far end
 * ("ETH = 2.5 USDC 1"); isolated, the two sides keep their own order and the sentence reads from the
 * right: "1 ETH", then "=", then "2.5 USDC".
 *
 * @example
 * row('Rate', 'rate', renderRate({ sell: 'ETH', buy: 'USDC', rate: amount(quote.rate) }))
 */
export function renderRate({ sell, buy, rate }: RateProps): TemplateResult {
  return html`<bdi data-rate="sell">1 ${sell}</bdi> = <bdi data-rate="buy">${rate} ${buy}</bdi>`
}
