import type { Eip1193Provider } from '../../shared/wallet'

/** A wallet announced through EIP-6963. */
export type InjectedWallet = {
  info: { uuid: string; name: string; icon: string; rdns: string }
  provider: Eip1193Provider
}

type AnnounceEvent = Event & { detail?: InjectedWallet }

/**
 * Collects the browser wallets that announce themselves by EIP-6963 (`eip6963:announceProvider`
 * in answer to `eip6963:requestProvider`) and calls `onChange` with the list, one entry per uuid.
 * Returns the unsubscribe function.
 */
export function watchInjectedWallets(onChange: (wallets: InjectedWallet[]) => void): () => void {
  const wallets = new Map<string, InjectedWallet>()
  const onAnnounce = (event: Event) => {
    const detail = (event as AnnounceEvent).detail
    if (!detail?.info?.uuid || typeof detail.provider?.request !== 'function') return
    wallets.set(detail.info.uuid, { info: detail.info, provider: detail.provider })
    onChange([...wallets.values()])
  }
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
}
