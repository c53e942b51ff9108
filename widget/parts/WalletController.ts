import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { Eip1193Provider } from '../../shared/wallet'
import { isUserRejection } from '../../shared/wallet/isUserRejection'
import type { InjectedWallet } from './watchInjectedWallets'
import { watchInjectedWallets } from './watchInjectedWallets'

/** What a failed wallet request tells the host: the user's words and whether the user declined. */
export type WalletFailure = { message: string; rejected: boolean }

type ProviderEvents = {
  on?: (event: string, listener: (...args: unknown[]) => void) => void
  removeListener?: (event: string, listener: (...args: unknown[]) => void) => void
}

/**
 * The user's wallet, for the element: the EIP-6963 wallets the page announces, the provider in use
 * (one handed in by the host, or one the user chose), its account and chain, kept current from the
 * provider's `accountsChanged` / `chainChanged` events while the host is connected. Every change
 * re-renders the host; a failed request is reported through `onFailure` and shown in `message`.
 *
 * @example
 * private readonly wallet = new WalletController(this, { onFailure: (failure) => this.report(failure) })
 * this.wallet.connect(this.provider)
 */
export class WalletController implements ReactiveController {
  /** Wallets announced on the page (EIP-6963). */
  wallets: InjectedWallet[] = []
  /** Set while the user picks among several announced wallets. */
  choosing: InjectedWallet[] | undefined
  provider: Eip1193Provider | undefined
  account: string | undefined
  chainId: number | undefined
  /** The last thing to tell the user about the wallet, if any. */
  message: string | undefined

  private readonly host: ReactiveControllerHost
  private readonly onFailure: (failure: WalletFailure) => void
  private stopWatching: (() => void) | undefined
  private listeningTo: Eip1193Provider | undefined

  constructor(host: ReactiveControllerHost, { onFailure }: { onFailure: (failure: WalletFailure) => void }) {
    this.host = host
    this.onFailure = onFailure
    host.addController(this)
  }

  hostConnected(): void {
    this.stopWatching = watchInjectedWallets((wallets) => {
      this.wallets = wallets
      this.host.requestUpdate()
    })
    // Put back or moved in the page: listen to the wallet in use again.
    if (this.provider) this.listen(this.provider)
  }

  hostDisconnected(): void {
    this.stopWatching?.()
    this.stopListening()
  }

  /** The host handed in a provider (or took it away): use it, reading its account without a prompt. */
  useHostProvider(provider: Eip1193Provider | undefined, hadOne: boolean): void {
    if (provider) {
      this.provider = provider
      this.choosing = undefined
      this.listen(provider)
      void this.readAccounts(provider, 'eth_accounts')
    } else if (hadOne) this.disconnect(undefined)
  }

  /**
   * Connects: the host's provider when there is one, the only announced wallet, or a choice among
   * several; with none, a message saying how to get one.
   */
  connect(hostProvider: Eip1193Provider | undefined): void {
    this.message = undefined
    if (hostProvider) {
      void this.readAccounts(hostProvider, 'eth_requestAccounts')
      return this.host.requestUpdate()
    }
    const [only, ...others] = this.wallets
    if (only && others.length === 0) return this.choose(only)
    if (only) this.choosing = this.wallets
    else this.message = 'No browser wallet was found. Install one, or open this page in a wallet’s browser.'
    this.host.requestUpdate()
  }

  choose(wallet: InjectedWallet): void {
    this.choosing = undefined
    this.provider = wallet.provider
    this.listen(wallet.provider)
    void this.readAccounts(wallet.provider, 'eth_requestAccounts')
    this.host.requestUpdate()
  }

  /** Forgets the account; a provider the host handed in stays in use. */
  disconnect(hostProvider: Eip1193Provider | undefined): void {
    this.account = undefined
    this.chainId = undefined
    if (!hostProvider) {
      this.stopListening()
      this.provider = undefined
    }
    this.host.requestUpdate()
  }

  /** Asks the wallet to switch to `chainId`; `name` is how the user knows that chain. */
  async switchChain({ chainId, name }: { chainId: number; name: string }): Promise<void> {
    const provider = this.provider
    if (!provider) return
    try {
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${chainId.toString(16)}` }],
      })
      this.chainId = Number(BigInt((await provider.request({ method: 'eth_chainId' })) as string))
      this.host.requestUpdate()
    } catch (error) {
      this.fail(
        error,
        'The network switch was declined in the wallet.',
        `The wallet could not switch to ${name}.`,
      )
    }
  }

  /** Shows a message about the wallet (or clears it), for example an execution that could not start. */
  say(message: string | undefined): void {
    this.message = message
    this.host.requestUpdate()
  }

  private async readAccounts(provider: Eip1193Provider, method: 'eth_accounts' | 'eth_requestAccounts') {
    try {
      const accounts = (await provider.request({ method })) as string[]
      const chainId = (await provider.request({ method: 'eth_chainId' })) as string
      this.account = accounts[0]
      this.chainId = Number(BigInt(chainId))
      this.host.requestUpdate()
    } catch (error) {
      if (method === 'eth_accounts') return
      this.fail(error, 'The connection was declined in the wallet.', 'The wallet could not be connected.')
    }
  }

  private fail(error: unknown, declined: string, failed: string): void {
    const rejected = isUserRejection(error)
    this.message = rejected ? declined : failed
    this.host.requestUpdate()
    this.onFailure({ message: this.message, rejected })
  }

  private readonly onAccountsChanged = (accounts: unknown) => {
    this.account = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined
    this.host.requestUpdate()
  }

  private readonly onChainChanged = (chainId: unknown) => {
    if (typeof chainId !== 'string') return
    this.chainId = Number(BigInt(chainId))
    this.host.requestUpdate()
  }

  private listen(provider: Eip1193Provider): void {
    if (this.listeningTo === provider) return
    this.stopListening()
    const events = provider as Eip1193Provider & ProviderEvents
    events.on?.('accountsChanged', this.onAccountsChanged)
    events.on?.('chainChanged', this.onChainChanged)
    this.listeningTo = provider
  }

  private stopListening(): void {
    const events = this.listeningTo as (Eip1193Provider & ProviderEvents) | undefined
    events?.removeListener?.('accountsChanged', this.onAccountsChanged)
    events?.removeListener?.('chainChanged', this.onChainChanged)
    this.listeningTo = undefined
  }
}
