import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { findChain } from '../../shared/chains/findChain'
import type { DepositInstructions } from '../../shared/wallet'
import { formatCountdown, secondsLeft } from './formatCountdown'
import type { Translate } from './translate'

export type DepositProps = {
  deposit: DepositInstructions
  qrDataUrl: string | undefined
  copied: string | undefined
  /** The element's clock, read at render time (it re-renders every second). */
  nowMs: number
  onCopy: (label: string, value: string) => void
  /** The user says their wallet can attach the memo (true) or takes that back: the QR code shows or goes. */
  onQr: (shown: boolean) => void
  /** The element's words (see `translate.ts`). */
  t: Translate
}

/**
 * A deposit route's instructions: amount, address and memo, each with a copy button, a QR code of
 * the payment (see `getDepositQrText`) once it has loaded, and the time left. A QR code cannot carry
 * the memo, and a wallet that sends without it loses the swap (THORChain refunds the deposit minus
 * fees, or cannot match it at all), so with a memo the code shows only after the user confirms that
 * their wallet can attach it, beside a plain warning why. Once the quote has expired none of them is
 * shown: a deposit sent after expiry may go to a vault that has rotated away, or be refunded minus
 * fees, so the user is told to get a new quote instead.
 */
export function renderDeposit({
  deposit,
  qrDataUrl,
  copied,
  nowMs,
  onCopy,
  onQr,
  t,
}: DepositProps): TemplateResult {
  const seconds = secondsLeft(Date.parse(deposit.expiresAt), nowMs)
  if (seconds === 0) {
    return html`
      <section part="deposit" class="deposit" aria-label=${t('Deposit instructions')}>
        <p class="problem" role="alert" data-testid="deposit-expired">
          ${t('This quote has expired. Do not send anything to its deposit address: get a new quote.')}
        </p>
      </section>
    `
  }
  // The chain by its name ("on Bitcoin"), as the token buttons write it, not its symbol.
  const send = {
    amount: `${deposit.amount} ${deposit.asset.symbol}`,
    chain: findChain(deposit.chain)?.name ?? deposit.chain,
  }
  // `onCopy` gets the row's name in the user's words: the element says "{name} copied." with it.
  const row = (label: string, copy: string, value: string, testId: string) => html`
    <div class="deposit-row">
      <dt>${label}</dt>
      <dd><code data-testid=${testId}>${value}</code></dd>
      <dd>
        <button type="button" class="secondary" part="copy-button" @click=${() => onCopy(label, value)}>
          ${copy}
        </button>
      </dd>
    </div>
  `
  return html`
    <section part="deposit" class="deposit" aria-label=${t('Deposit instructions')}>
      <p>
        ${
          deposit.memo
            ? t(
                'Send exactly {amount} on {chain} from the address you gave to this address with the memo attached, before the quote expires.',
                send,
              )
            : t(
                'Send exactly {amount} on {chain} from the address you gave to this address, before the quote expires.',
                send,
              )
        }
      </p>
      <p class="hint" data-testid="deposit-expiry">
        ${t('Time left: {time}', { time: formatCountdown(seconds, t) })}
      </p>
      <dl>
        ${row(t('Amount'), t('Copy amount'), `${deposit.amount}`, 'deposit-amount')}
        ${row(t('Address'), t('Copy address'), deposit.address, 'deposit-address')}
        ${deposit.memo ? row(t('Memo'), t('Copy memo'), deposit.memo, 'deposit-memo') : nothing}
      </dl>
      ${
        deposit.memo
          ? html`<p class="hint" data-testid="memo-warning">
                ${t(
                  'Without the memo the deposit cannot be matched to your swap: it is refunded minus fees, or lost. A QR code holds the address and amount only, never the memo, and many wallets and exchanges send without one. Scan it only with a wallet where you paste the memo before sending.',
                )}
              </p>
              <p>
                <label class="check">
                  <input
                    type="checkbox"
                    part="qr-confirm"
                    .checked=${qrDataUrl !== undefined}
                    @change=${(event: Event) => onQr((event.target as HTMLInputElement).checked)}
                  />
                  ${t('My wallet lets me attach the memo: show the QR code')}
                </label>
              </p>`
          : nothing
      }
      ${
        qrDataUrl
          ? html`<img
              part="qr"
              class="qr"
              src=${qrDataUrl}
              alt=${
                deposit.memo
                  ? t('QR code of the deposit address and amount, without the memo')
                  : t('QR code of the deposit address and amount')
              }
              width="192"
              height="192"
            />`
          : nothing
      }
      <p class="hint" role="status">${copied ? t('{name} copied.', { name: copied }) : ''}</p>
    </section>
  `
}
