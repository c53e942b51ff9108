import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { findChain } from '../../shared/chains'
import { formatNumber } from './formatNumber'
import { isFinalState } from './pollSwapStatus'
import type { SwapRecord } from './swapRecords'
import type { Translate } from './translate'

export type DeliveryProps = {
  record: SwapRecord
  /** A transaction's explorer link on a chain (symbol), or undefined when none is known. */
  link: (chain: string, hash: string, label: string) => TemplateResult | undefined
  /** Whether the execution's steps already show the source transaction (a resumed swap has none). */
  stepsShown: boolean
  /** False once the service has said it will not follow the swap: no promise to pick it up again. */
  followed: boolean
  /** The last status poll failed: the service cannot be reached to follow the swap for now. */
  unreachable: boolean
  /** The page's locale, for amounts. */
  locale: string
  /** The element's words (see `translate.ts`). */
  t: Translate
}

/**
 * Where a tracked swap's funds are: the stages Sent, On its way and Delivered (the last replaced by
 * Refunded or Failed), the current one marked for assistive technology, a sentence saying what it
 * means, and the delivery (or refund) transaction's link once known. A deposit route not yet seen
 * says it is waiting for the deposit.
 */
export function renderDelivery({
  record,
  link,
  stepsShown,
  followed,
  unreachable,
  locale,
  t,
}: DeliveryProps): TemplateResult {
  const { state } = record
  // Amounts as the quote above shows them (a minimum never rounded up), chains by their names.
  const amount = (value: string, style: 'amount' | 'floor' = 'amount') =>
    formatNumber({ value, style, locale })
  const chainName = (symbol: string) => findChain(symbol)?.name ?? symbol
  const sellChain = chainName(record.sellChain)
  const buyChain = chainName(record.buyChain)
  const awaiting = record.deposit !== undefined
  const reached = awaiting ? -1 : state === 'pending' ? 0 : state === 'inFlight' ? 1 : 2
  // The data-stage values stay English: hosts and tests select stages by them.
  const stages = [
    ['Sent', t('Sent')],
    ['On its way', t('On its way')],
    state === 'refunded'
      ? ['Refunded', t('Refunded')]
      : state === 'failed'
        ? ['Failed', t('Failed')]
        : ['Delivered', t('Delivered')],
  ]
  const crossChain = record.sellChain !== record.buyChain
  // The service's reason is its own words, shown as sent.
  const because = record.reason ? ` ${record.reason}` : ''
  // Until the delivered amount is known, what reached the recipient is the quote's minimum.
  const buy = record.deliveredAmount
    ? `${amount(record.deliveredAmount)} ${record.buySymbol}`
    : t('at least {amount}', { amount: `${amount(record.minBuyAmount, 'floor')} ${record.buySymbol}` })
  const sentence = awaiting
    ? t('Waiting for your deposit of {amount} to arrive. This can take a few minutes after you send it.', {
        amount: `${record.sellAmount} ${record.sellSymbol}`,
      })
    : state === 'pending'
      ? // A signed order is not sent to a network: solvers fill it.
        record.route === 'order'
        ? `${t('Order placed, waiting for solvers to fill it')}.`
        : t('Sent: waiting for the {chain} network to confirm it.', { chain: sellChain })
      : state === 'inFlight'
        ? crossChain
          ? t('On its way: the {symbol} is being delivered on {chain}.', {
              symbol: record.buySymbol,
              chain: buyChain,
            })
          : t('On its way: the swap is settling.')
        : state === 'delivered'
          ? crossChain
            ? t('Delivered: {amount} reached the recipient on {chain}.', { amount: buy, chain: buyChain })
            : t('Delivered: {amount} reached the recipient.', { amount: buy })
          : state === 'refunded'
            ? (record.deliveredAmount
                ? t('Refunded: the swap did not go through and {amount} went back to you.', {
                    amount: `${amount(record.deliveredAmount)} ${record.sellSymbol}`,
                  })
                : t('Refunded: the swap did not go through and your {symbol} went back to you.', {
                    symbol: record.sellSymbol,
                  })) + because
            : t('Failed: the swap did not go through.') + because
  const problem = state === 'refunded' || state === 'failed'
  const destination = record.destinationTx
  return html`
    <div part="delivery" data-testid="delivery" data-state=${awaiting ? 'awaiting' : state}>
      ${
        stepsShown || !record.hash
          ? nothing
          : html`<p>
              ${t('{sell} for at least {buy}', {
                sell: `${amount(record.sellAmount)} ${record.sellSymbol}`,
                buy: `${amount(record.minBuyAmount, 'floor')} ${record.buySymbol}`,
              })}
              ${record.route === 'order' ? nothing : link(record.sellChain, record.hash, t('View transaction'))}
            </p>`
      }
      <!-- The stages are for the eye: inside the progress log a screen reader would read all three as news
           when they appear; the sentence below says where the swap is. -->
      <ol aria-hidden="true">
        ${stages.map(
          ([stage, label], index) =>
            html`<li data-stage=${stage} aria-current=${index === reached ? 'step' : nothing}>
              ${label}${index < reached || state === 'delivered' ? ' ✓' : nothing}
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
                state === 'refunded' ? t('View refund') : t('View delivery'),
              )
            : nothing
        }
      </p>
      ${
        unreachable && !isFinalState(state)
          ? html`<p class="problem" data-testid="tracking-unreachable">
              ${t('The quote service cannot be reached. Check your connection.')} ${t('Trying again')}…
              ${t('The swap goes on without it.')}
            </p>`
          : nothing
      }
      ${
        followed && (reached === 0 || reached === 1)
          ? html`<p class="hint">
              ${t('You can leave this page: the widget picks this swap up again when you come back.')}
            </p>`
          : nothing
      }
    </div>
  `
}
