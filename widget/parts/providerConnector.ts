import { createConnector } from '@wagmi/core'
import type { Address } from 'viem'
import type { Eip1193Provider } from '../../shared/wallet'
import { isUserRejection } from '../../shared/wallet/isUserRejection'

/** An EIP-1193 provider as wallets ship it: requests, and (usually) events. */
type WalletProvider = Eip1193Provider & {
  on?(event: string, listener: (...args: never[]) => void): void
  removeListener?(event: string, listener: (...args: never[]) => void): void
  off?(event: string, listener: (...args: never[]) => void): void
}

export type ProviderConnectorParameters = {
  /** The connector's id: the wallet's EIP-6963 rdns (or uuid), or `walletConnect` / `coinbaseWalletSDK`. */
  id: string
  name: string
  icon?: string | undefined
  provider: WalletProvider
}

/**
 * A wagmi connector for one EIP-1193 provider the widget already holds: a browser wallet announced by
 * EIP-6963, or the provider of WalletConnect or Coinbase Wallet once its chunk has built one. It is
 * wagmi's own extension point (`createConnector`), doing what `injected({ target })` did for these
 * wallets and leaving out what only `window.ethereum` needs (finding the provider on the window,
 * waiting for a late injection, adding a chain), which the widget never asks of wagmi: it switches
 * chains through the provider itself. Accounts are kept as the wallet gives them, as with a provider
 * the host hands in; the checksum `injected` put on them cost the wallet chunk viem's keccak.
 *
 * As `injected` does (its `shimDisconnect`), a Disconnect in the widget revokes the site's access where
 * the wallet supports it (`wallet_revokePermissions`) and is remembered in wagmi's storage
 * (`<id>.disconnected`), so a reload does not reconnect a wallet the user left, and the next Connect
 * asks the wallet for permission again (`wallet_requestPermissions`, which lets the user pick an
 * account), falling back to `eth_requestAccounts` where the wallet lacks that method.
 */
export function providerConnector({ id, name, icon, provider }: ProviderConnectorParameters) {
  type Listener = (...args: never[]) => void
  let listeners: [string, Listener][] = []
  // Some wallets name it `off` (as `injected` allows for).
  const off = (event: string, listener: Listener) =>
    (provider.removeListener ?? provider.off)?.call(provider, event, listener)
  const stopListening = () => {
    for (const [event, listener] of listeners) off(event, listener)
    listeners = []
  }

  return createConnector<WalletProvider>((config) => {
    const disconnectedKey = `${id}.disconnected`
    const requestAccounts = async (): Promise<string[]> => {
      try {
        await provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] })
      } catch (error) {
        if (isUserRejection(error)) throw error
      }
      return (await provider.request({ method: 'eth_requestAccounts' })) as string[]
    }

    return {
      id,
      name,
      icon,
      type: 'eip1193',
      async connect({ isReconnecting, withCapabilities } = {}) {
        const accounts = (
          isReconnecting ? await this.getAccounts().catch(() => []) : await requestAccounts()
        ) as Address[]
        const chainId = await this.getChainId()
        // Only for a connection that came about: a failed connect leaves nothing on the wallet.
        if (listeners.length === 0) {
          listeners = [
            ['accountsChanged', this.onAccountsChanged.bind(this) as Listener],
            ['chainChanged', this.onChainChanged.bind(this) as Listener],
            ['disconnect', this.onDisconnect.bind(this) as Listener],
          ]
          for (const [event, listener] of listeners) provider.on?.(event, listener)
        }
        await config.storage?.removeItem(disconnectedKey)
        return {
          accounts: (withCapabilities
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId,
        }
      },
      async disconnect() {
        stopListening()
        // Where the wallet can (MetaMask and others), the site gives up its access too; not awaited,
        // since a wallet that never answers must not hold up the Disconnect.
        provider
          .request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
          .catch(() => undefined)
        await config.storage?.setItem(disconnectedKey, true)
      },
      async getAccounts() {
        return (await provider.request({ method: 'eth_accounts' })) as Address[]
      },
      async getChainId() {
        return Number((await provider.request({ method: 'eth_chainId' })) as string)
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        if (await config.storage?.getItem(disconnectedKey)) return false
        // Asked twice: a wallet can fail its first request while the page loads (as wagmi's `injected`
        // allows for with its retry).
        const accounts = await this.getAccounts()
          .catch(() => this.getAccounts())
          .catch(() => [])
        return accounts.length > 0
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts as Address[] })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      async onDisconnect(error) {
        // MetaMask's 1013 ("disconnected, reconnecting") comes while a network loads, a chain switch
        // for one: while it still shows the account, the wallet is not gone (MetaMask/providers#120).
        if ((error as { code?: unknown } | undefined)?.code === 1013) {
          const accounts = await this.getAccounts().catch(() => [])
          if (accounts.length > 0) return
        }
        stopListening()
        config.emitter.emit('disconnect')
      },
    }
  })
}
