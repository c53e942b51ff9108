import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { ExecutionStepEvent } from '../../shared/wallet'
import { describeStep } from './describeStep'
import { getTxUrl } from './getTxUrl'

/** What the widget shows of an execution: every step so far and how it ended. */
export type ExecutionView = {
  status: 'running' | 'done' | 'failed' | 'rejected'
  steps: ExecutionStepEvent[]
  message?: string | undefined
}

/**
 * The execution's steps in order, each transaction with its explorer link (the host's
 * `explorerUrl` template when set, see `getTxUrl`), and the outcome.
 */
export function renderExecution(
  view: ExecutionView,
  onReset: () => void,
  explorerUrl?: string | undefined,
): TemplateResult {
  return html`
    <section part="progress" class="progress" aria-label="Swap progress">
      <ol>
        ${view.steps.map((event, index) => {
          const txUrl =
            event.chainId === undefined || event.txHash === undefined
              ? undefined
              : getTxUrl({ chainId: event.chainId, hash: event.txHash, template: explorerUrl })
          // One link per transaction, on the step where its hash first appears.
          const firstMention = view.steps.findIndex((other) => other.txHash === event.txHash) === index
          return html`<li data-step=${event.step}>
            ${describeStep(event.step)}
            ${
              txUrl && firstMention
                ? html` ·
                    <a part="tx-link" href=${txUrl} target="_blank" rel="noopener noreferrer"
                      >View transaction</a
                    >`
                : nothing
            }
            ${event.orderUid ? html`<span class="hint"> · order ${event.orderUid.slice(0, 10)}…</span>` : nothing}
          </li>`
        })}
      </ol>
      ${view.status === 'running' ? html`<p class="hint">Working…</p>` : nothing}
      ${
        view.message
          ? html`<p class=${view.status === 'done' ? 'success' : 'problem'} data-testid="execution-message">
              ${view.message}
            </p>`
          : nothing
      }
      ${
        view.status === 'running'
          ? nothing
          : html`<button type="button" class="secondary" @click=${onReset}>New quote</button>`
      }
    </section>
  `
}
