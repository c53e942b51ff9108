import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { findChain } from '../../shared/chains'
import { createStatusClient } from '../../shared/client'
import type { SwapState } from '../../shared/schemas'
import type { DelayTimers } from './delay'
import { formatNumber } from './formatNumber'
import { getTxUrl } from './getTxUrl'
import type { PanelHost } from './loadPanel'
import { isFinalState, pollSwapStatus } from './pollSwapStatus'
import { readSwapHistory, recordSwapHistory, type SwapHistoryEntry } from './swapHistory'
import { removeSwapRecord } from './swapRecords'
import { isFollowed } from './trackSwap'
import type { Translate } from './translate'

export type HistoryProps = {
  /** The element: re-rendered as a resumed swap moves on; nothing is polled once it leaves the page. */
  host: { requestUpdate(): void; isConnected: boolean }
  /** Whether the history is still open: polls stop when it closes (opening it again resumes them). */
  isOpen: () => boolean
  /** The element's `explorer-url` template (see `getTxUrl`). */
  explorerUrl: string | undefined
  /** The element's clock and timers, for the status polls and the time shown. */
  timers: DelayTimers & { now: () => number }
  locale: string
  t: Translate
}

const words = (t: Translate): Record<SwapState, string> => ({
  pending: t('Sent'),
  inFlight: t('On its way'),
  delivered: t('Delivered'),
  refunded: t('Refunded'),
  failed: t('Failed'),
})

/** The unfinished swaps whose `/status` this page polls for the history, by quote id. */
const polling = new Set<string>()

/**
 * Follows an unfinished swap of the history that no element on the page follows (left before it
 * ended, or before a reload) until it is final or the history closes: each answer updates the entry,
 * and a final one also ends its tracking record, so it is not picked up again.
 */
function resume(entry: SwapHistoryEntry, props: HistoryProps): void {
  if (polling.has(entry.quoteId) || isFollowed(entry.quoteId)) return
  polling.add(entry.quoteId)
  let current = entry
  pollSwapStatus({
    status: createStatusClient({ baseUrl: entry.apiBase }).status,
    quoteId: entry.quoteId,
    hash: () => current.hash,
    timers: props.timers,
    signal: new AbortController().signal,
    firstDelayMs: 0,
    active: () => props.host.isConnected && props.isOpen() && !isFollowed(entry.quoteId),
    onStatus: (status) => {
      current = {
        ...current,
        state: status.state,
        hash: current.hash ?? status.sourceTx?.hash,
        destinationTx: status.destinationTx,
        deliveredAmount: status.deliveredAmount,
        reason: status.reason,
        awaitingDeposit: current.awaitingDeposit && status.state === 'pending' && !status.sourceTx,
      }
      recordSwapHistory({ record: current, nowMs: props.timers.now() })
      if (isFinalState(status.state)) removeSwapRecord(entry.quoteId)
      props.host.requestUpdate()
    },
  })
    .catch(() => undefined)
    .finally(() => polling.delete(entry.quoteId))
}

/** The history panel of `host`, polling unfinished swaps while it stays open. */
export function renderPanel(host: PanelHost): TemplateResult {
  return renderHistory({
    host,
    isOpen: () => host._panel === 'history',
    explorerUrl: host.explorerUrl,
    timers: host.clock,
    locale: host.locale,
    t: host.t,
  })
}

/**
 * The history panel (its chunk loads when the history button is first pressed): the user's swaps on
 * this site, newest first, each with what was sold and what arrived (or at least would), its chains,
 * when it was sent, its final state (delivered, refunded, failed) or how far it got, and links to its
 * transactions. Unfinished swaps that nothing else follows are polled while it is open (`resume`).
 */
export function renderHistory(props: HistoryProps): TemplateResult {
  const { locale, explorerUrl, t } = props
  const history = readSwapHistory()
  for (const entry of history) if (!isFinalState(entry.state)) resume(entry, props)
  const amount = (value: string, style: 'amount' | 'floor' = 'amount') =>
    formatNumber({ value, style, locale })
  const chainName = (symbol: string) => findChain(symbol)?.name ?? symbol
  const link = (chain: string, hash: string, label: string) => {
    const url = getTxUrl({ chainId: findChain(chain)?.chainId ?? chain, hash, template: explorerUrl })
    return url
      ? html`<a part="tx-link" href=${url} target="_blank" rel="noopener noreferrer">${label}</a>`
      : nothing
  }
  return html`
    <style>
      .history {
        display: grid;
        gap: 0.5rem;
        margin-bottom: 0.75rem;
      }
      .history ol {
        display: grid;
        gap: 0.5rem;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .history li {
        display: grid;
        gap: 0.15rem;
        padding: 0.5rem 0.75rem;
        border-radius: calc(var(--_radius) * 0.75);
        background: var(--_surface);
      }
      .history .head {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        gap: 0.5rem;
      }
      .history .links {
        display: flex;
        flex-wrap: wrap;
        gap: 0.75rem;
      }
    </style>
    <section part="history" class="history" aria-labelledby="history-title" data-testid="history">
      <h2 id="history-title" tabindex="-1">${t('Your swaps on this site')}</h2>
      ${
        history.length === 0
          ? html`<p class="hint" data-testid="history-empty">
              ${t('No swaps yet. Swaps you make here are listed, newest first.')}
            </p>`
          : html`<ol>
              ${history.map((entry) => {
                const { state } = entry
                const received =
                  state === 'delivered' && entry.deliveredAmount
                    ? html`<bdi>${amount(entry.deliveredAmount)} ${entry.buySymbol}</bdi>`
                    : state === 'refunded'
                      ? entry.deliveredAmount
                        ? t('refunded {amount}', {
                            amount: `${amount(entry.deliveredAmount)} ${entry.sellSymbol}`,
                          })
                        : t('refunded')
                      : t('at least {amount}', {
                          amount: `${amount(entry.minBuyAmount, 'floor')} ${entry.buySymbol}`,
                        })
                const crossChain = entry.sellChain !== entry.buyChain
                return html`<li
                  data-testid="history-entry"
                  data-quote-id=${entry.quoteId}
                  data-state=${state}
                >
                  <div class="head">
                    <strong><bdi>${amount(entry.sellAmount)} ${entry.sellSymbol}</bdi> → ${received}</strong>
                    <span
                      class=${state === 'delivered' ? 'success' : state === 'failed' || state === 'refunded' ? 'problem' : 'hint'}
                      data-testid="history-state"
                      >${entry.awaitingDeposit ? t('Waiting for the deposit') : words(t)[state]}</span
                    >
                  </div>
                  <span class="hint">
                    ${crossChain ? `${chainName(entry.sellChain)} → ${chainName(entry.buyChain)}` : chainName(entry.sellChain)}
                    ·
                    ${new Date(entry.sentAtMs).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
                    ${entry.reason && (state === 'failed' || state === 'refunded') ? html`· ${entry.reason}` : nothing}
                  </span>
                  <span class="links">
                    ${entry.hash && entry.route !== 'order' ? link(entry.sellChain, entry.hash, t('View transaction')) : nothing}
                    ${
                      entry.destinationTx
                        ? link(
                            entry.destinationTx.chain,
                            entry.destinationTx.hash,
                            state === 'refunded' ? t('View refund') : t('View delivery'),
                          )
                        : nothing
                    }
                  </span>
                </li>`
              })}
            </ol>`
      }
    </section>
  `
}
