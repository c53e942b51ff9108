import type { SandboxWallet } from './createSandboxWallet'

type Listener = (...args: unknown[]) => void

/** The provider the page hands the widget before the sandbox wallet's code has loaded. */
export type DeferredSandboxWallet = Pick<SandboxWallet, 'request' | 'on' | 'removeListener'>

export type DeferSandboxWalletParameters = {
  /** The demo account and the chain the wallet starts on, from the sandbox manifest. */
  start: Promise<{ address: string; chainId: number }>
  /** The wallet itself, once its code (viem, for signing) has loaded. */
  wallet: Promise<SandboxWallet>
}

/**
 * A stand-in for the sandbox wallet while its code loads: the account and the starting chain are
 * known from the manifest, so `eth_accounts` and `eth_chainId` answer as soon as that has arrived;
 * every other request, and every event listener, goes to the wallet once it is there. The page can
 * then mount the widget at once, connected, and load the signing code after the first quote.
 *
 * @example
 * widget.provider = deferSandboxWallet({ start, wallet: loadWalletLater() })
 */
export function deferSandboxWallet({ start, wallet }: DeferSandboxWalletParameters): DeferredSandboxWallet {
  let loaded: SandboxWallet | undefined
  // A wallet that never loads is reported by the requests that need it; nothing is left unhandled.
  const ready = (use: (wallet: SandboxWallet) => void) => void wallet.then(use, () => undefined)
  ready((value) => (loaded = value))
  return {
    request: async (args) => {
      // Once loaded, the wallet answers everything: it may have switched chains since.
      if (loaded) return loaded.request(args)
      if (args.method === 'eth_accounts' || args.method === 'eth_requestAccounts') {
        return [(await start).address]
      }
      if (args.method === 'eth_chainId') return `0x${(await start).chainId.toString(16)}`
      return (await wallet).request(args)
    },
    on: (event: string, listener: Listener) => ready((value) => value.on(event, listener)),
    removeListener: (event: string, listener: Listener) =>
      ready((value) => value.removeListener(event, listener)),
  }
}
