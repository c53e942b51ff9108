import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { shortenAddress } from './shortenAddress'
import type { InjectedWallet } from './watchInjectedWallets'

export type WalletProps = {
  account: string | undefined
  walletChainId: number | undefined
  /** The chain the quote must run on, when it is an EVM chain. */
  neededChain: { chainId: number; name: string } | undefined
  choosing: InjectedWallet[] | undefined
  message: string | undefined
  onConnect: () => void
  onChoose: (wallet: InjectedWallet) => void
  onDisconnect: () => void
  onSwitch: () => void
}

/**
 * The wallet bar: connect (or pick one of several wallets), the account, disconnect, a wrong-chain
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
    ${
      props.choosing
        ? html`<div class="choose" role="group" aria-label="Choose a wallet">
            ${props.choosing.map(
              (wallet) =>
                html`<button type="button" class="secondary" @click=${() => props.onChoose(wallet)}>
                  ${wallet.info.name}
                </button>`,
            )}
          </div>`
        : nothing
    }
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
