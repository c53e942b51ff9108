import { createCoinbaseWalletSDK } from '@coinbase/wallet-sdk'
import type { Eip1193Provider } from '../../shared/wallet'

/**
 * Coinbase Wallet's EIP-1193 provider (its SDK: the browser extension when installed, otherwise
 * Coinbase's smart wallet in a pop-up or the mobile app by QR code). A chunk of its own, imported
 * only when the user picks Coinbase Wallet or a stored Coinbase connection is restored.
 */
export function createCoinbaseWalletProvider({ chainIds }: { chainIds: number[] }): Eip1193Provider {
  return createCoinbaseWalletSDK({
    appName: document.title || location.host,
    appChainIds: chainIds,
  }).getProvider() as Eip1193Provider
}
