import type { Eip1193Provider } from '../../shared/wallet'

/** EIP-6963 provider info: what a page shows in its wallet list. */
export type WalletInfo = { uuid: string; name: string; icon: string; rdns: string }

/**
 * Announces `provider` to the page by EIP-6963: once now, and again whenever a dapp dispatches
 * `eip6963:requestProvider`. Returns the function that stops answering.
 *
 * @example
 * const stop = announceWallet({ provider: wallet, info: { uuid: crypto.randomUUID(), name: 'Sandbox wallet', icon, rdns: 'dev.swap-quote.sandbox' } })
 */
export function announceWallet({
  provider,
  info,
}: {
  provider: Eip1193Provider
  info: WalletInfo
}): () => void {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}
