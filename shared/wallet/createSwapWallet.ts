import { createClient, custom } from 'viem'
import type { Address } from 'viem'
import type { Eip1193Provider, SwapWallet } from './swapWallet'

export type CreateSwapWalletParameters = {
  /** The user's EIP-1193 provider. */
  provider: Eip1193Provider
  /** The connected address, the one that requested the quote. */
  address: Address
}

/**
 * Wraps an EIP-1193 provider as the viem client the execution steps take.
 *
 * Retries are off: re-sending `eth_sendTransaction` after an internal error could send a swap twice.
 *
 * @example
 * const wallet = createSwapWallet({ provider: window.ethereum, address: '0xf39F…2266' })
 */
export function createSwapWallet({ provider, address }: CreateSwapWalletParameters): SwapWallet {
  return createClient({ account: address, transport: custom(provider, { retryCount: 0 }) })
}
