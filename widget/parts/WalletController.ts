import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { Eip1193Provider } from '../../shared/wallet'
import { realTimers, type DelayTimers } from './delay'
import { isUserRejection } from '../../shared/wallet/isUserRejection'
import type { WalletMenu, WalletMenuSettings } from './WalletMenu'
import { english as t } from './translate'
import { storedWalletId } from './walletStorage'

/**
 * How long the first quote waits for a host's provider to tell its account (`eth_accounts`, no
 * prompt) before it is asked for the preview address anyway: a wallet answers that in milliseconds,
 * and one that never does must not keep the quote away.
 */
export const ACCOUNT_WAIT_MS = 1000

/** What a failed wallet request tells the host: the user's words and whether the user declined. */
export type WalletFailure = { message: string; rejected: boolean }

type ProviderEvents = {
  on?: (event: string, listener: (...args: unknown[]) => void) => void
  removeListener?: (event: string, listener: (...args: unknown[]) => void) => void
}

/**
 * The user's wallet, for the element: the provider in use (one handed in by the host, or one the
 * user chose in the wallet menu), its account and chain. A host's provider is followed here through
 * its `accountsChanged` / `chainChanged` events; a wallet chosen in the menu is followed by the menu
 * (`WalletMenu`, the lazy `wallets` chunk with @wagmi/core), loaded on Connect or, when a connection
 * is stored, on connect to restore it. Every change re-renders the host; a failed request is
 * reported through `onFailure` and shown in `message`.
 *
 * @example
 * private readonly wallet = new WalletController(this, { onFailure: (failure) => this.report(failure), settings })
 * this.wallet.connect(this.provider)
 */
export class WalletController implements ReactiveController {
  /** The wallet menu, once loaded (the first Connect, or a stored connection). */
  menu: WalletMenu | undefined
  provider: Eip1193Provider | undefined
  account: string | undefined
  chainId: number | undefined
  /**
   * The last thing to tell the user about the wallet, if any: in English, a catalog key shown
   * translated with `messageValues` (a wallet's own text has no key and shows as sent).
   */
  message: string | undefined
  messageValues: Record<string, string> | undefined
  /**
   * True while a host's provider, just handed in, is asked for its account without a prompt (at
   * most `ACCOUNT_WAIT_MS`): a quote asked meanwhile would be for the preview address and thrown
   * away when the account arrives, so the element's first quote waits for it.
   */
  accountPending = false

  readonly host: ReactiveControllerHost
  private readonly onFailure: (failure: WalletFailure) => void
  private readonly settings: () => WalletMenuSettings
  private readonly timers: () => DelayTimers
  private menuLoading: Promise<WalletMenu> | undefined
  private listeningTo: Eip1193Provider | undefined
  /** The host's provider, whose account and chain are followed while the element is in the page. */
  private hostWallet: Eip1193Provider | undefined

  constructor(
    host: ReactiveControllerHost,
    {
      onFailure,
      settings,
      timers = () => realTimers,
    }: {
      onFailure: (failure: WalletFailure) => void
      settings: () => WalletMenuSettings
      /** The timers the wait for a host's account is bounded with (the element's clock). */
      timers?: () => DelayTimers
    },
  ) {
    this.host = host
    this.onFailure = onFailure
    this.settings = settings
    this.timers = timers
    host.addController(this)
  }

  hostConnected(): void {
    // Put back or moved in the page: follow the host's wallet again. (The menu's wallet is followed
    // by the menu; a menu loaded once does not make the host's wallet the menu's.)
    if (this.hostWallet) this.listen(this.hostWallet)
    this.menu?.start()
    const stored = storedWalletId()
    if (stored && !this.provider)
      this.loadMenu().then(
        (menu) => menu.reconnect(stored),
        () => undefined,
      )
  }

  hostDisconnected(): void {
    this.stopListening()
    this.menu?.stop()
  }

  requestUpdate(): void {
    this.host.requestUpdate()
  }

  /** The host handed in a provider (or took it away): use it, reading its account without a prompt. */
  useHostProvider(provider: Eip1193Provider | undefined, hadOne: boolean): void {
    if (provider) {
      this.provider = this.hostWallet = provider
      void this.menu?.close()
      // Handed in while out of the page: followed once it is back, so a page that drops the element
      // is not kept from freeing it.
      if ((this.host as unknown as Element).isConnected) this.listen(provider)
      this.accountPending = true
      const timers = this.timers()
      const settle = () => {
        timers.clearTimeout(timer)
        if (!this.accountPending) return
        this.accountPending = false
        this.host.requestUpdate()
      }
      const timer = timers.setTimeout(settle, ACCOUNT_WAIT_MS)
      void this.readAccounts(provider, 'eth_accounts').then(settle)
    } else if (hadOne) this.disconnect(undefined)
  }

  /** Connects: the host's provider when there is one, else the wallet menu opens. */
  connect(hostProvider: Eip1193Provider | undefined): void {
    this.message = undefined
    if (hostProvider) {
      void this.readAccounts(hostProvider, 'eth_requestAccounts')
      return this.host.requestUpdate()
    }
    this.loadMenu().then(
      (menu) => menu.show(),
      () => this.say(t('The wallet list could not load. Reload the page and try again.')),
    )
  }

  /** Forgets the account; a provider the host handed in stays in use. */
  disconnect(hostProvider: Eip1193Provider | undefined): void {
    this.account = undefined
    this.chainId = undefined
    if (!hostProvider) {
      this.stopListening()
      this.hostWallet = this.provider = undefined
      void this.menu?.disconnect()
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
        t('The network switch was declined in the wallet.'),
        t('The wallet could not switch to {chain}.'),
        { chain: name },
      )
    }
  }

  /** Shows a message about the wallet (or clears it), for example an execution that could not start. */
  say(message: string | undefined): void {
    this.message = message
    this.messageValues = undefined
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
      this.fail(
        error,
        t('The connection was declined in the wallet.'),
        t('The wallet could not be connected.'),
      )
    }
  }

  /** The wallet chunk, loaded once; a failed load is tried again on the next Connect. */
  private loadMenu(): Promise<WalletMenu> {
    this.menuLoading ??= import('./WalletMenu').then(
      ({ WalletMenu }) => (this.menu = new WalletMenu(this, this.settings)),
      (error) => {
        this.menuLoading = undefined
        throw error
      },
    )
    return this.menuLoading
  }

  /** Says why a wallet request failed, and tells the host (`onFailure`, in English). */
  fail(error: unknown, declined: string, failed: string, values?: Record<string, string>): void {
    const rejected = isUserRejection(error)
    this.message = rejected ? declined : failed
    this.messageValues = values
    this.host.requestUpdate()
    this.onFailure({ message: t(this.message, values), rejected })
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
