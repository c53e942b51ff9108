import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { ExecutionStepEvent } from '../../shared/wallet'
import { describeStep } from './describeStep'
import type { ExecutionController } from './ExecutionController'
import { getTxUrl } from './getTxUrl'
import { renderDelivery } from './renderDelivery'
import { renderDeposit } from './renderDeposit'
import { showDepositQr } from './showDepositQr'
import type { FormShown } from './formShown'
import type { SwapRecord } from './swapRecords'
import { stopTracking } from './trackSwap'
import type { Translate } from './translate'

/**
 * What the widget shows of an execution: every step so far and how it ended. `tracking`: the wallet's
 * part is over (sent, or a deposit's instructions shown) and the funds are followed to delivery.
 */
export type ExecutionView = {
  status: 'running' | 'tracking' | 'done' | 'failed' | 'rejected'
  steps: ExecutionStepEvent[]
  message?: string | undefined
  /** Why a failed execution stopped: `executeQuote`'s reason, or `interrupted` (the element left the page). */
  reason?: string | undefined
  /** The transaction a failure concerns, when the failed result names one. */
  txHash?: `0x${string}` | undefined
  chainId?: number | undefined
  /** The swap followed to delivery (a quote with a `quoteId`), as kept for a reload. */
  track?: SwapRecord | undefined
  /** Picked up after a reload (`resumeSwap`): no quote of its own is on screen, its tracking tells it. */
  resumed?: true
  /** The form this swap was started from (or picked up with), shown above it in place of the inputs. */
  form?: FormShown | undefined
  /** The last `/status` poll failed: the tracking says it cannot reach the service and tries again. */
  unreachable?: true | undefined
  /** When the quote being executed expires, epoch ms: a wallet prompt still open after it is warned about. */
  expiresAtMs?: number | undefined
}

export type ExecutionProps = {
  /** The element's execution: its view, deposit instructions and QR code. */
  execution: ExecutionController
  copied: string | undefined
  nowMs: number
  /** The element's `explorer-url` template (see `getTxUrl`). */
  explorerUrl: string | undefined
  /** The page's locale, for amounts. */
  locale: string
  /** The element's words (see `translate.ts`). */
  t: Translate
  onCopy: (label: string, value: string) => void
  onReset: () => void
}

/**
 * The execution's progress as a log, a polite live region that reads each step once as it is added
 * (its steps in order, each transaction with its explorer link, the delivery tracking, and the
 * outcome; a failure as an alert), the deposit
 * instructions of a deposit route until the deposit is seen, and "New quote" once it has ended (or,
 * on a deposit route, while nothing is seen yet). "New quote" forgets a tracked swap. A failure after a transaction was sent says that it may
 * still confirm and links to it, so the user checks it before sending another.
 */
export function renderExecution(props: ExecutionProps): TemplateResult {
  const { execution, explorerUrl, t } = props
  const view = execution.view!
  const link = (chainId: number | string | undefined, hash: string, label = t('View transaction')) => {
    const url = chainId === undefined ? undefined : getTxUrl({ chainId, hash, template: explorerUrl })
    return url
      ? html`<a part="tx-link" href=${url} target="_blank" rel="noopener noreferrer">${label}</a>`
      : undefined
  }
  const track = view.track
  const unsettled = findUnsettledTx(view)
  // The element's own messages are catalog keys; the wallet's and the service's show as sent, in their own
  // direction, and are read as the English they are.
  const message = view.message && t(view.message)
  // Styled here, not in the element's sheet: these views load with the execution code, and so do their rules.
  return html`
    <style>
      .success {
        color: var(--_success);
      }
      .progress ol {
        margin: 0;
        padding-inline-start: 1.25rem;
      }
      .deposit-row {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        gap: 0.25rem 0.75rem;
      }
      .check {
        display: flex;
        gap: 0.5rem;
        align-items: flex-start;
      }
      .check input {
        width: 1.25rem;
        min-height: 1.25rem;
      }
      /* The delivery's stages read as one row, apart from the numbered steps above them. */
      [part='delivery'] ol {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 1rem;
        margin: 0.5rem 0 0;
        padding: 0.5rem 0 0;
        border-block-start: 1px solid var(--_border);
        list-style: none;
      }
      [part='delivery'] [aria-current='step'] {
        font-weight: 700;
      }
      .qr {
        display: block;
        margin: 0.5rem auto;
        background: #ffffff;
        width: 12rem;
        max-width: 100%;
        height: auto;
        image-rendering: pixelated;
      }
    </style>
    <section part="progress" class="progress" role="log" aria-label=${t('Swap progress')} tabindex="-1">
      <ol>
        ${view.steps.map((event, index) => {
          const txLink = event.txHash === undefined ? undefined : link(event.chainId, event.txHash)
          // One link per transaction, on the step where its hash first appears.
          const firstMention = view.steps.findIndex((other) => other.txHash === event.txHash) === index
          return html`<li data-step=${event.step}>
            ${
              // A token that refuses to change a non-zero allowance (USDT) is first set to 0: a second
              // "Approve" would look like the same request twice.
              event.allowanceReset && event.step === 'approve:pending'
                ? t('First reset the old approval to 0 in your wallet')
                : describeStep(event.step, t)
            }
            ${txLink && firstMention ? html` · ${txLink}` : nothing}
            ${
              event.orderUid
                ? html`<span class="hint">
                    · ${t('order {id}', { id: `${event.orderUid.slice(0, 10)}…` })}</span
                  >`
                : nothing
            }
          </li>`
        })}
      </ol>
      ${view.status === 'running' ? html`<p class="hint">${t('Working…')}</p>` : nothing}
      ${
        // The wallet still asks to approve, send or sign for a quote past its expiry: the widget cannot
        // take the prompt back, so it says not to confirm it.
        view.status === 'running' &&
        view.expiresAtMs! <= props.nowMs &&
        /^(approve|swap|sign):pending$/.test(view.steps.at(-1)?.step ?? '')
          ? html`<p class="problem" role="alert" data-testid="prompt-expired">
              ${t('This quote has expired: reject the request in your wallet, then get a fresh quote.')}
            </p>`
          : nothing
      }
      ${
        track
          ? renderDelivery({
              record: track,
              link,
              stepsShown: view.steps.length > 0,
              followed: !view.message,
              unreachable: view.unreachable === true,
              locale: props.locale,
              t,
            })
          : nothing
      }
      ${
        view.message
          ? html`<div
              class=${view.status === 'done' ? 'success' : 'problem'}
              role=${view.status === 'done' ? nothing : 'alert'}
              data-testid="execution-message"
            >
              <p dir="auto" lang=${message === view.message ? 'en' : nothing}>${message}</p>
              ${
                unsettled
                  ? html`<p data-testid="unsettled-tx">
                      ${t('The transaction was sent and may still confirm: check it before you try again.')}
                      ${link(unsettled.chainId, unsettled.txHash) ?? html`<code>${unsettled.txHash}</code>`}
                    </p>`
                  : nothing
              }
            </div>`
          : nothing
      }
    </section>
    ${
      execution.deposit
        ? renderDeposit({
            deposit: execution.deposit,
            qrDataUrl: execution.qrDataUrl,
            copied: props.copied,
            nowMs: props.nowMs,
            onCopy: props.onCopy,
            t,
            onQr: (shown) => {
              if (shown) showDepositQr(execution)
              else execution.qrDataUrl = undefined
              execution.host.requestUpdate()
            },
          })
        : nothing
    }
    ${
      // While tracking, "New quote" only once the service has said it will not follow the swap.
      view.status === 'running' || (view.status === 'tracking' && !execution.deposit && !view.message)
        ? nothing
        : html`<button
            type="button"
            class="secondary"
            @click=${() => {
              stopTracking(execution)
              props.onReset()
            }}
          >
            ${
              // It brings the form back with a fresh quote, and says so: a "Try again" here sent nothing
              // to the wallet, so people pressed it and waited. The message above says whether anything
              // may still be in flight (a transaction that may confirm, an order the book may hold).
              t('New quote')
            }
          </button>`
    }
  `
}

/**
 * The transaction whose outcome a failed execution leaves unknown: the one the failed result names,
 * else the last one reported sent and never confirmed. A revert is settled (it failed on chain).
 */
function findUnsettledTx(view: ExecutionView): { chainId?: number; txHash: `0x${string}` } | undefined {
  if (view.status !== 'failed' || view.reason === 'reverted') return undefined
  if (view.txHash) return { chainId: view.chainId, txHash: view.txHash }
  const last = view.steps.filter((event) => event.txHash).at(-1)
  return last?.step.endsWith(':sent') ? { chainId: last.chainId, txHash: last.txHash! } : undefined
}
