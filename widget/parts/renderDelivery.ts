import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { findChain } from '../../shared/chains'
import { formatNumber } from './formatNumber'
import type { SwapRecord } from './swapRecords'

export type DeliveryProps = {
  record: SwapRecord
  /** A transaction's explorer link on a chain (symbol), or undefined when none is known. */
  link: (chain: string, hash: string, label: string) => TemplateResult | undefined
  /** Whether the execution's steps already show the source transaction (a resumed swap has none). */
  stepsShown: boolean
  /** The page's locale, for amounts. */
  locale: string
}

const stages = ['Sent', 'On its way', 'Delivered'] as const

/**
 * Where a tracked swap's funds are: the stages Sent, On its way and Delivered (the last replaced by
 * Refunded or Failed), the current one marked for assistive technology, a sentence saying what it
 * means, and the delivery (or refund) transaction's link once known. A deposit route not yet seen
 * says it is waiting for the deposit.
 */
export function renderDelivery({ record, link, stepsShown, locale }: DeliveryProps): TemplateResult {
  const { state } = record
  // Amounts as the quote above shows them (a minimum never rounded up), chains by their names.
  const amount = (value: string, style: 'amount' | 'floor' = 'amount') =>
    formatNumber({ value, style, locale })
  const chainName = (symbol: string) => findChain(symbol)?.name ?? symbol
  const sellChain = chainName(record.sellChain)
  const buyChain = chainName(record.buyChain)
  const awaiting = record.deposit !== undefined
  const reached = awaiting ? -1 : state === 'pending' ? 0 : state === 'inFlight' ? 1 : 2
  const last = state === 'refunded' ? 'Refunded' : state === 'failed' ? 'Failed' : stages[2]
  const crossChain = record.sellChain !== record.buyChain
  const because = record.reason ? ` ${record.reason}` : ''
  const sentence = awaiting
    ? `Waiting for your deposit of ${record.sellAmount} ${record.sellSymbol} to arrive. This can take a few minutes after you send it.`
    : state === 'pending'
      ? `Sent: waiting for the ${sellChain} network to confirm it.`
      : state === 'inFlight'
        ? crossChain
          ? `On its way: the ${record.buySymbol} is being delivered on ${buyChain}.`
          : `On its way: the swap is settling.`
        : state === 'delivered'
          ? `Delivered: ${record.deliveredAmount ? amount(record.deliveredAmount) : `at least ${amount(record.minBuyAmount, 'floor')}`} ${record.buySymbol} reached the recipient${crossChain ? ` on ${buyChain}` : ''}.`
          : state === 'refunded'
            ? `Refunded: the swap did not go through and ${record.deliveredAmount ? `${amount(record.deliveredAmount)} ${record.sellSymbol}` : `your ${record.sellSymbol}`} went back to your refund address.${because}`
            : `Failed: the swap did not go through.${because}`
  const problem = state === 'refunded' || state === 'failed'
  const destination = record.destinationTx
  return html`
    <div part="delivery" data-testid="delivery" data-state=${awaiting ? 'awaiting' : state}>
      ${
        stepsShown || !record.hash
          ? nothing
          : html`<p>
              ${amount(record.sellAmount)} ${record.sellSymbol} for at least
              ${amount(record.minBuyAmount, 'floor')} ${record.buySymbol}
              ${record.route === 'order' ? nothing : link(record.sellChain, record.hash, 'View transaction')}
            </p>`
      }
      <ol aria-label="Delivery">
        ${[stages[0], stages[1], last].map(
          (label, index) =>
            html`<li data-stage=${label} aria-current=${index === reached ? 'step' : nothing}>
              ${label}${index < reached || state === 'delivered' ? html`<span aria-hidden="true"> ✓</span>` : nothing}
            </li>`,
        )}
      </ol>
      <p
        class=${problem ? 'problem' : state === 'delivered' ? 'success' : 'hint'}
        role=${problem ? 'alert' : nothing}
        data-testid="delivery-status"
      >
        ${sentence}
        ${
          destination
            ? link(
                destination.chain,
                destination.hash,
                state === 'refunded' ? 'View refund' : 'View delivery',
              )
            : nothing
        }
      </p>
      ${
        reached === 0 || reached === 1
          ? html`<p class="hint">
              You can leave this page: the widget picks this swap up again when you come back.
            </p>`
          : nothing
      }
    </div>
  `
}
