import type { Account, Chain, Client, Transport } from 'viem'

/**
 * The wallet every execution step takes: a viem client over the user's EIP-1193 provider with the
 * quoting address as its account. Build one with `createSwapWallet`.
 */
export type SwapWallet = Client<Transport, Chain | undefined, Account>

/** The smallest EIP-1193 provider shape the execution logic needs (`window.ethereum`, an EIP-6963 provider). */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}
