import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { DepositInstructions, ExecutionStepEvent } from '../../shared/wallet'
import { describeStep } from './describeStep'
import { getTxUrl } from './getTxUrl'
import { renderDeposit } from './renderDeposit'

/** What the widget shows of an execution: every step so far and how it ended. */
export type ExecutionView = {
  status: 'running' | 'done' | 'failed' | 'rejected'
  steps: ExecutionStepEvent[]
  message?: string | undefined
  /** Why a failed execution stopped: `executeQuote`'s reason, or `interrupted` (the element left the page). */
  reason?: string | undefined
  /** The transaction a failure concerns, when the failed result names one. */
  txHash?: `0x${string}` | undefined
  chainId?: number | undefined
}

export type ExecutionProps = {
  view: ExecutionView
  deposit: DepositInstructions | undefined
  qrDataUrl: string | undefined
  copied: string | undefined
  nowMs: number
  /** The element's `explorer-url` template (see `getTxUrl`). */
  explorerUrl: string | undefined
  onCopy: (label: string, value: string) => void
  onReset: () => void
}

/**
 * The execution's progress as a polite live region (its steps in order, each transaction with its
 * explorer link, and the outcome; a failure as an alert), the deposit instructions of a deposit
 * route, and "New quote" once it has ended. A failure after a transaction was sent says that it may
 * still confirm and links to it, so the user checks it before sending another.
 */
export function renderExecution(props: ExecutionProps): TemplateResult {
  const { view, explorerUrl } = props
  const link = (chainId: number | undefined, hash: string) => {
    const url = chainId === undefined ? undefined : getTxUrl({ chainId, hash, template: explorerUrl })
    return url
      ? html`<a part="tx-link" href=${url} target="_blank" rel="noopener noreferrer">View transaction</a>`
      : undefined
  }
  const unsettled = findUnsettledTx(view)
  return html`
    <section
      part="progress"
      class="progress"
      role="status"
      aria-live="polite"
      aria-label="Swap progress"
      tabindex="-1"
    >
      <ol>
        ${view.steps.map((event, index) => {
          const txLink = event.txHash === undefined ? undefined : link(event.chainId, event.txHash)
          // One link per transaction, on the step where its hash first appears.
          const firstMention = view.steps.findIndex((other) => other.txHash === event.txHash) === index
          return html`<li data-step=${event.step}>
            ${describeStep(event.step)} ${txLink && firstMention ? html` · ${txLink}` : nothing}
            ${event.orderUid ? html`<span class="hint"> · order ${event.orderUid.slice(0, 10)}…</span>` : nothing}
          </li>`
        })}
      </ol>
      ${view.status === 'running' ? html`<p class="hint">Working…</p>` : nothing}
      ${
        view.message
          ? html`<div
              class=${view.status === 'done' ? 'success' : 'problem'}
              role=${view.status === 'done' ? nothing : 'alert'}
              data-testid="execution-message"
            >
              <p>${view.message}</p>
              ${
                unsettled
                  ? html`<p data-testid="unsettled-tx">
                      The transaction was sent and may still confirm: check it before you try again.
                      ${link(unsettled.chainId, unsettled.txHash) ?? html`<code>${unsettled.txHash}</code>`}
                    </p>`
                  : nothing
              }
            </div>`
          : nothing
      }
    </section>
    ${
      props.deposit
        ? renderDeposit({
            deposit: props.deposit,
            qrDataUrl: props.qrDataUrl,
            copied: props.copied,
            nowMs: props.nowMs,
            onCopy: props.onCopy,
          })
        : nothing
    }
    ${
      view.status === 'running'
        ? nothing
        : html`<button type="button" class="secondary" @click=${props.onReset}>New quote</button>`
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
