import { EthereumProvider } from '@walletconnect/ethereum-provider'
import type { Eip1193Provider } from '../../shared/wallet'

export type CreateWalletConnectProviderParameters = {
  /** The site's WalletConnect (Reown) project id. */
  projectId: string
  /** EVM chain ids the session may use; the first is asked for, the rest are optional. */
  chainIds: [number, ...number[]]
  /** Called with the pairing URI (`wc:…`) to show as a QR code or open as a link. */
  onDisplayUri: (uri: string) => void
}

/** An EIP-1193 provider that can also end its WalletConnect session. */
export type WalletConnectProvider = Eip1193Provider & {
  on(event: string, listener: (...args: unknown[]) => void): void
  removeListener(event: string, listener: (...args: unknown[]) => void): void
  disconnect(): Promise<void>
}

/**
 * WalletConnect's EIP-1193 provider, without its own modal: the widget draws the pairing QR code
 * itself (`onDisplayUri`), so Reown's AppKit (and its wallet list fetched from the network) never
 * loads. This module is a chunk of its own, imported only when the user picks WalletConnect or a
 * stored WalletConnect session is restored.
 *
 * `eth_requestAccounts` starts a pairing when there is no session yet (the provider's `enable`);
 * everything else goes to the session's wallet.
 */
export async function createWalletConnectProvider({
  projectId,
  chainIds,
  onDisplayUri,
}: CreateWalletConnectProviderParameters): Promise<WalletConnectProvider> {
  const [first, ...rest] = chainIds
  const provider = await EthereumProvider.init({
    projectId,
    showQrModal: false,
    optionalChains: [first, ...rest],
    metadata: {
      name: document.title || location.host,
      description: document.title || location.host,
      url: location.origin,
      icons: [],
    },
  })
  provider.on('display_uri', onDisplayUri)
  return {
    request: (args) =>
      args.method === 'eth_requestAccounts' && !provider.session
        ? provider.enable()
        : provider.request(args as Parameters<typeof provider.request>[0]),
    on: (event, listener) => provider.on(event as 'connect', listener as () => void),
    removeListener: (event, listener) => provider.removeListener(event as 'connect', listener as () => void),
    disconnect: () => provider.disconnect(),
  }
}
