import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { shortenAddress } from './shortenAddress'

export type WalletProps = {
  account: string | undefined
  walletChainId: number | undefined
  /** The chain the quote must run on, when it is an EVM chain. */
  neededChain: { chainId: number; name: string } | undefined
  /** The wallet menu, while it is open (its chunk renders it). */
  menu: TemplateResult | undefined
  message: string | undefined
  onConnect: () => void
  onDisconnect: () => void
  onSwitch: () => void
}

/**
 * The wallet bar: connect (and the wallet menu it opens), the account, disconnect, a wrong-chain
 * prompt, and a wallet failure announced as an alert.
 */
export function renderWallet(props: WalletProps): TemplateResult {
  const { account, walletChainId, neededChain } = props
  const wrongChain =
    account && neededChain && walletChainId !== undefined && walletChainId !== neededChain.chainId
  return html`
    <div part="wallet" class="wallet">
      ${
        account
          ? html`<span data-testid="account">Connected: ${shortenAddress(account)}</span>
              <button type="button" class="secondary" part="disconnect-button" @click=${props.onDisconnect}>
                Disconnect
              </button>`
          : html`<button type="button" class="secondary" part="connect-button" @click=${props.onConnect}>
              Connect wallet
            </button>`
      }
    </div>
    ${props.menu ?? nothing}
    ${
      wrongChain
        ? html`<div class="problem" data-testid="wrong-chain">
            <p>Your wallet is on another network. This swap runs on ${neededChain.name}.</p>
            <button type="button" class="secondary" part="switch-button" @click=${props.onSwitch}>
              Switch to ${neededChain.name}
            </button>
          </div>`
        : nothing
    }
    ${props.message ? html`<p class="hint" role="alert" data-testid="wallet-message">${props.message}</p>` : nothing}
  `
}
