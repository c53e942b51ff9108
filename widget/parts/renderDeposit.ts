import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { DepositInstructions } from '../../shared/wallet'

/**
 * A deposit route's instructions: amount, address and memo, each with a copy button, and a QR code
 * of the address once it has loaded.
 */
export function renderDeposit(
  deposit: DepositInstructions,
  qrDataUrl: string | undefined,
  onCopy: (label: string, value: string) => void,
  copied: string | undefined,
): TemplateResult {
  const row = (label: string, value: string, testId: string) => html`
    <div class="deposit-row">
      <dt>${label}</dt>
      <dd><code data-testid=${testId}>${value}</code></dd>
      <dd>
        <button type="button" class="secondary" part="copy-button" @click=${() => onCopy(label, value)}>
          Copy ${label.toLowerCase()}
        </button>
      </dd>
    </div>
  `
  return html`
    <section part="deposit" class="deposit" aria-label="Deposit instructions">
      <p>
        Send exactly ${deposit.amount} ${deposit.asset.symbol} on ${deposit.chain} from your own wallet to
        this address${deposit.memo ? ' with the memo attached' : ''}, before the quote expires.
      </p>
      <dl>
        ${row('Amount', `${deposit.amount}`, 'deposit-amount')}
        ${row('Address', deposit.address, 'deposit-address')}
        ${deposit.memo ? row('Memo', deposit.memo, 'deposit-memo') : nothing}
      </dl>
      ${
        deposit.memo
          ? html`<p class="hint">Without the memo the deposit cannot be matched to your swap.</p>`
          : nothing
      }
      ${
        qrDataUrl
          ? html`<img
              part="qr"
              class="qr"
              src=${qrDataUrl}
              alt="QR code of the deposit address"
              width="192"
              height="192"
            />`
          : nothing
      }
      <p class="hint" role="status">${copied ? `${copied} copied.` : ''}</p>
    </section>
  `
}
