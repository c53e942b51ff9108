import type { Address, Hex } from 'viem'
import { createPublicClient, erc721Abi, http, verifyMessage } from 'viem'

/** What the holder-pass flow reads from chain: signature checks and the pass balance. */
export type PassReader = {
  /** EIP-191 signature check; also ERC-1271 / ERC-6492 smart wallets (by `eth_call`). */
  verifyMessage(args: { address: Address; message: string; signature: Hex }): Promise<boolean>
  /** ERC-721 `balanceOf(owner)` on the pass contract. */
  balanceOf(owner: Address): Promise<bigint>
}

/**
 * A `PassReader` over JSON-RPC at `rpcUrl` for the pass contract at `contract`.
 *
 * @example
 * const reader = createPassReader({ rpcUrl: config.RPC_URL_BASE, contract: config.HOLDER_PASS_CONTRACT })
 * await reader.balanceOf('0xf39F…2266') // 1n
 */
export function createPassReader({
  rpcUrl,
  contract,
  timeoutMs = 5_000,
}: {
  rpcUrl: string
  contract: Address
  timeoutMs?: number
}): PassReader {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 1 }) })
  return {
    async verifyMessage(args) {
      // An EOA signature checks locally; only smart wallets (code, or an ERC-6492 wrapper) need the chain.
      if (await verifyMessage(args).catch(() => false)) return true
      const eoaLength = args.signature.length === 132
      if (eoaLength && !(await client.getCode({ address: args.address }))) return false
      return client.verifyMessage(args)
    },
    balanceOf: (owner) =>
      client.readContract({ address: contract, abi: erc721Abi, functionName: 'balanceOf', args: [owner] }),
  }
}
