import { html, nothing, type TemplateResult } from 'lit'
import type { DepositInstructions } from '../../shared/wallet'

/** The sandbox wallet's side of a deposit route: the demo account on the simulated ledger. */
export type SandboxDepositState = {
  deposit: DepositInstructions
  /** The demo account on the deposit's chain and its balance (human units), once read. */
  account?: { address: string; balance: string } | undefined
  status: 'loading' | 'ready' | 'sending' | 'sent' | 'paid' | 'failed'
  /** The ledger's transaction id once sent. */
  txId?: string | undefined
  message?: string | undefined
}

/**
 * The "complete it in the sandbox" card under the widget's deposit instructions: the demo account
 * on the simulated ledger, a button that sends exactly the instructed amount with the memo to the
 * instructed address, and what happened then (sent, paid out, refused).
 */
export function renderSandboxDeposit(state: SandboxDepositState, onSend: () => void): TemplateResult {
  const { deposit, account, status } = state
  const symbol = deposit.asset.symbol
  return html`<section
    class="sandbox-deposit"
    aria-labelledby="sandbox-deposit-heading"
    data-status=${status}
  >
    <h3 id="sandbox-deposit-heading">Complete it in the sandbox</h3>
    <p>
      In real life you send the deposit from your own ${deposit.chain} wallet. Here the demo account's
      ${deposit.chain} wallet on the sandbox ledger can send it: exactly ${deposit.amount} ${symbol} to the
      address above, with the memo.
    </p>
    ${
      account
        ? html`<dl class="kv">
            <dt>From</dt>
            <dd class="mono" data-testid="sandbox-deposit-from">${account.address}</dd>
            <dt>Balance</dt>
            <dd>${account.balance} ${symbol}</dd>
          </dl>`
        : nothing
    }
    <button
      type="button"
      class="button primary"
      data-testid="sandbox-deposit-send"
      ?disabled=${status !== 'ready' && status !== 'failed'}
      @click=${onSend}
    >
      ${
        status === 'sending'
          ? 'Sending…'
          : status === 'sent' || status === 'paid'
            ? 'Sent'
            : `Send ${deposit.amount} ${symbol} with the memo`
      }
    </button>
    ${
      status === 'sent'
        ? html`<p class="card-note" role="status" data-testid="sandbox-deposit-status">
            Sent (ledger transaction <span class="mono">${state.txId}</span>). THORChain's observer matches
            the memo and pays out in a few seconds; the balances below refresh when it arrives.
          </p>`
        : status === 'paid'
          ? html`<p class="card-note success" role="status" data-testid="sandbox-deposit-status">
              Paid out: the balances below show what arrived.
            </p>`
          : status === 'failed'
            ? html`<p class="card-note problem" role="alert" data-testid="sandbox-deposit-status">
                ${state.message}
              </p>`
            : nothing
    }
  </section>`
}
