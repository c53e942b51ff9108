import {
  connect,
  createConfig,
  createStorage,
  custom,
  disconnect,
  reconnect,
  watchConnection,
} from '@wagmi/core'
import type { Config, Connector, CreateConnectorFn } from '@wagmi/core'
import type { ReactiveControllerHost } from 'lit'
import type { Eip1193Provider } from '../../shared/wallet'
import { loadQrCode } from './loadQrCode'
import { providerConnector } from './providerConnector'
import { renderWalletMenu } from './renderWalletMenu'
import type { WalletMenuOption } from './renderWalletMenu'
import { english as t, type Translate } from './translate'
import { walletChains } from './walletChains'
import { WALLET_STORAGE_KEY } from './walletStorage'
import type { InjectedWallet } from './watchInjectedWallets'
import { watchInjectedWallets } from './watchInjectedWallets'

/** What the wallet menu needs from the element's wallet controller (`WalletController`). */
export type WalletMenuHost = {
  /** The element. */
  readonly host: ReactiveControllerHost
  provider: Eip1193Provider | undefined
  account: string | undefined
  chainId: number | undefined
  message: string | undefined
  requestUpdate(): void
  fail(error: unknown, declined: string, failed: string): void
}

/** The element's settings the menu reads when it opens or reconnects. */
export type WalletMenuSettings = {
  /** `walletconnect-project-id`: WalletConnect is offered only with one. */
  walletConnectProjectId: string | undefined
  /** Extra wagmi connectors the host offers (`walletConnectors`), listed after the browser wallets. */
  connectors: readonly CreateConnectorFn[] | undefined
  /** A provider the host handed in: it wins, so nothing here connects meanwhile. */
  hostProvider: Eip1193Provider | undefined
  /** The element's translator, for the menu's words. */
  t: Translate
}

/** The transport wagmi's config asks for; nothing here reads a chain through it. */
const noRpc = {
  request: async (): Promise<never> => {
    throw new Error('<swap-quote> reads chains through the connected wallet only')
  },
}

/** wagmi's connector ids for the two opt-in wallets, as stored in `recentConnectorId`. */
const WALLET_CONNECT_ID = 'walletConnect'
const COINBASE_ID = 'coinbaseWalletSDK'
/** Coinbase Wallet's extension announces itself by EIP-6963 under this id; then it is listed once. */
const COINBASE_RDNS = 'com.coinbase.wallet'

/**
 * The wallet menu and the connection behind it, through @wagmi/core: the browser wallets the page
 * announces (EIP-6963) first, then the host's own connectors, WalletConnect (only with a project id)
 * and Coinbase Wallet. Choosing WalletConnect or Coinbase Wallet imports that wallet's code, a chunk
 * of its own, only then. The connected connector's EIP-1193 provider becomes the controller's
 * `provider`, so the chain switch, the balance read and the execution use it as they would an
 * injected wallet. wagmi keeps the last connection in `localStorage` (`swap-quote.wallet.*`), and
 * `reconnect` restores it after a reload where the wallet allows it.
 *
 * This module is the lazy `wallets` chunk: the element imports it on Connect, or on load when a
 * connection is stored.
 */
export class WalletMenu {
  /** Whether the menu is showing. */
  open = false
  /** The option being connected, while the wallet asks the user. */
  private pending: WalletMenuOption | undefined
  /** A WalletConnect pairing waiting to be scanned: its URI and QR code. */
  private pairing: { uri: string; qr: string | undefined } | undefined
  private wallets: InjectedWallet[] = []
  private readonly config: Config
  /** Ends the EIP-6963 discovery and the wagmi subscription; set while they run (`start`). */
  private stopFollowing: (() => void) | undefined
  /** The provider of the current wagmi connection, to end a WalletConnect session on disconnect. */
  private connected: Eip1193Provider | undefined

  constructor(
    private readonly host: WalletMenuHost,
    private readonly settings: () => WalletMenuSettings,
  ) {
    const chains = walletChains()
    this.config = createConfig({
      chains,
      connectors: [...(settings().connectors ?? [])],
      // The menu lists EIP-6963 wallets itself, in the order they announce.
      multiInjectedProviderDiscovery: false,
      storage: createStorage({ key: WALLET_STORAGE_KEY, storage: localStorage }),
      // Never used: every read and write goes through the connected wallet's provider.
      transports: Object.fromEntries(chains.map((chain) => [chain.id, custom(noRpc)])),
    })
    this.start()
  }

  /**
   * Follows the page's wallets (EIP-6963) and the wagmi connection: from construction, and again when
   * the element is put back in the page after `stop`.
   */
  start(): void {
    if (this.stopFollowing) return
    const stopDiscovery = watchInjectedWallets((wallets) => {
      this.wallets = wallets
      this.host.requestUpdate()
    })
    const stopWatching = watchConnection(this.config, {
      onChange: (connection) =>
        void this.follow(connection.connector, connection.address, connection.chainId),
    })
    this.stopFollowing = () => {
      stopDiscovery()
      stopWatching()
    }
  }

  /** Stops following, when the element leaves the page: nothing of it stays subscribed to the window. */
  stop(): void {
    this.stopFollowing?.()
    this.stopFollowing = undefined
  }

  /** Opens the menu; its first option takes focus once it renders, for keyboard users. */
  async show(): Promise<void> {
    this.open = true
    this.host.message = undefined
    this.host.requestUpdate()
    const element = this.host.host as unknown as HTMLElement & ReactiveControllerHost
    await element.updateComplete
    element.shadowRoot?.querySelector<HTMLElement>('[part="wallet-option"]')?.focus()
  }

  /**
   * Closes the menu; focus that was in it goes back to the wallet's button (Connect, or Disconnect once
   * connected). So does focus that is nowhere: the chosen option, disabled while it connected, dropped it.
   */
  async close(): Promise<void> {
    const element = this.host.host as unknown as HTMLElement & ReactiveControllerHost
    const hadFocus = element.matches(':focus-within') || document.activeElement === document.body
    this.open = false
    this.pending = undefined
    this.pairing = undefined
    this.host.requestUpdate()
    await element.updateComplete
    if (hadFocus) element.shadowRoot?.querySelector<HTMLElement>('[part="wallet"] button')?.focus()
  }

  /** The options, in the order they are listed. */
  options(): WalletMenuOption[] {
    const { walletConnectProjectId } = this.settings()
    const announced = this.wallets.map((wallet): WalletMenuOption => ({
      id: wallet.info.rdns || wallet.info.uuid,
      name: wallet.info.name,
      icon: wallet.info.icon,
      installed: true,
    }))
    const hosted = this.config.connectors.map((connector): WalletMenuOption => ({
      id: connector.id,
      name: connector.name,
      icon: connector.icon,
    }))
    const coinbaseInstalled = this.wallets.some((wallet) => wallet.info.rdns === COINBASE_RDNS)
    return [
      ...announced,
      ...hosted,
      ...(walletConnectProjectId ? [{ id: WALLET_CONNECT_ID, name: 'WalletConnect' }] : []),
      ...(coinbaseInstalled ? [] : [{ id: COINBASE_ID, name: 'Coinbase Wallet' }]),
    ]
  }

  /** Connects the chosen option; a failure is the controller's to report. */
  async choose(option: WalletMenuOption): Promise<void> {
    this.pending = option
    this.pairing = undefined
    this.host.message = undefined
    this.host.requestUpdate()
    try {
      const connector = await this.connectorFor(option.id)
      if (!connector || this.pending !== option) return
      await connect(this.config, { connector })
      if (this.pending === option) void this.close()
    } catch (error) {
      if (this.pending !== option) return
      this.pending = undefined
      this.pairing = undefined
      this.host.fail(
        error,
        t('The connection was declined in the wallet.'),
        t('The wallet could not be connected.'),
      )
    }
  }

  /** Restores the stored connection, if the wallet still allows it; says nothing when it does not. */
  async reconnect(recentId: string): Promise<void> {
    if (this.settings().hostProvider) return
    try {
      const stored = await this.connectorFor(recentId).catch(() => undefined)
      await reconnect(this.config, { connectors: [...(stored ? [stored] : []), ...this.config.connectors] })
    } catch {
      // A wallet that cannot restore the session leaves the user to connect again.
    }
  }

  /** Ends the wagmi connection (and a WalletConnect session), and forgets it. */
  async disconnect(): Promise<void> {
    const provider = this.connected as (Eip1193Provider & { disconnect?: () => Promise<void> }) | undefined
    this.connected = undefined
    try {
      await disconnect(this.config)
      await provider?.disconnect?.()
    } catch {
      // The wallet may already be gone; the widget forgets it either way.
    }
    await this.config.storage?.removeItem('recentConnectorId')
  }

  render() {
    if (!this.open) return undefined
    return renderWalletMenu({
      options: this.options(),
      browserWalletFound: this.wallets.length > 0,
      pending: this.pending,
      pairing: this.pairing,
      onChoose: (option) => void this.choose(option),
      onCancel: () => void this.close(),
      t: this.settings().t,
    })
  }

  /** The wagmi connector for an option id: a set-up one (the host's), or a new one built for it. */
  private async connectorFor(id: string): Promise<Connector | CreateConnectorFn | undefined> {
    const hosted = this.config.connectors.find((connector) => connector.id === id)
    if (hosted) return hosted
    const chainIds = this.config.chains.map((chain) => chain.id) as [number, ...number[]]
    let provider: Eip1193Provider | undefined
    let name = 'Coinbase Wallet'
    let icon: string | undefined
    if (id === WALLET_CONNECT_ID) {
      const projectId = this.settings().walletConnectProjectId
      if (!projectId) return undefined
      name = 'WalletConnect'
      const { createWalletConnectProvider } = await import('./createWalletConnectProvider')
      provider = await createWalletConnectProvider({
        projectId,
        chainIds,
        onDisplayUri: (uri) => void this.showPairing(uri),
      })
    } else if (id === COINBASE_ID) {
      const { createCoinbaseWalletProvider } = await import('./createCoinbaseWalletProvider')
      provider = createCoinbaseWalletProvider({ chainIds })
    } else {
      const wallet = this.wallets.find((wallet) => (wallet.info.rdns || wallet.info.uuid) === id)
      if (!wallet) return undefined
      provider = wallet.provider
      name = wallet.info.name
      icon = wallet.info.icon
    }
    return providerConnector({ id, name, icon, provider })
  }

  private async showPairing(uri: string): Promise<void> {
    this.pairing = { uri, qr: undefined }
    this.host.requestUpdate()
    const qr = await loadQrCode(uri, 240).catch(() => undefined)
    if (this.pairing?.uri === uri) this.pairing = { uri, qr }
    this.host.requestUpdate()
  }

  /** Mirrors the wagmi connection into the controller, unless the host's provider is in use. */
  private async follow(
    connector: Connector | undefined,
    address: string | undefined,
    chainId: number | undefined,
  ): Promise<void> {
    if (this.settings().hostProvider) return
    if (!connector || !address) {
      if (!this.connected) return
      this.connected = undefined
      this.host.provider = undefined
      this.host.account = undefined
      this.host.chainId = undefined
      return this.host.requestUpdate()
    }
    // A connection restored from storage can name a connector that never finished setting up (its
    // wallet is gone from the page): that is no connection, and not an error to throw at the page.
    const provider = (await Promise.resolve()
      .then(() => connector.getProvider())
      .catch(() => undefined)) as Eip1193Provider | undefined
    // A wallet the host handed in while this one was on its way wins, as it does before.
    if (!provider || this.settings().hostProvider) return
    this.connected = provider
    this.host.provider = provider
    this.host.account = address
    this.host.chainId = chainId
    this.host.requestUpdate()
  }
}
