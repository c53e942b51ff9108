import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { shortenAddress } from './shortenAddress'
import type { Translate } from './translate'

export type WalletProps = {
  account: string | undefined
  walletChainId: number | undefined
  /** The chain the quote must run on, when it is an EVM chain. */
  neededChain: { chainId: number; name: string } | undefined
  /** The wallet menu, while it is open (its chunk renders it). */
  menu: TemplateResult | undefined
  /** In English: a catalog key, shown translated with `messageValues`. */
  message: string | undefined
  messageValues: Record<string, string> | undefined
  onConnect: () => void
  onDisconnect: () => void
  onSwitch: () => void
  t: Translate
}

/**
 * The wallet bar: connect (and the wallet menu it opens), the account, disconnect, a wrong-chain
 * prompt, and a wallet failure announced as an alert.
 */
export function renderWallet(props: WalletProps): TemplateResult {
  const { account, walletChainId, neededChain, t } = props
  const wrongChain =
    account && neededChain && walletChainId !== undefined && walletChainId !== neededChain.chainId
  return html`
    <div part="wallet" class="wallet">
      ${
        account
          ? html`<span class="hint" data-testid="account"
                >${t('Connected: {account}', { account: shortenAddress(account) })}</span
              >
              <button type="button" class="secondary" part="disconnect-button" @click=${props.onDisconnect}>
                ${t('Disconnect')}
              </button>`
          : html`<button type="button" class="secondary" part="connect-button" @click=${props.onConnect}>
              ${t('Connect wallet')}
            </button>`
      }
    </div>
    ${props.menu ?? nothing}
    ${
      wrongChain
        ? html`<div class="problem" data-testid="wrong-chain">
            <p>
              ${t('Your wallet is on another network. This swap runs on {chain}.', { chain: neededChain.name })}
            </p>
            <button type="button" class="secondary" part="switch-button" @click=${props.onSwitch}>
              ${t('Switch to {chain}', { chain: neededChain.name })}
            </button>
          </div>`
        : nothing
    }
    ${props.message ? html`<p class="hint" role="alert" data-testid="wallet-message">${t(props.message, props.messageValues)}</p>` : nothing}
  `
}
