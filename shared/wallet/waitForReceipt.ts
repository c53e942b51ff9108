import { ExecutionError } from './ExecutionError'
import { sleep } from './sleep'
import type { SwapWallet } from './swapWallet'

export type WaitForReceiptParameters = {
  wallet: SwapWallet
  hash: `0x${string}`
  chainId: number
  signal?: AbortSignal | undefined
  /** Pause between receipt polls. Default 1000. */
  pollIntervalMs?: number | undefined
  /** Give up after this long without a receipt. Default 10 minutes. */
  timeoutMs?: number | undefined
  now?: (() => number) | undefined
}

export type WaitForReceiptReturnType = { status: 'success' | 'reverted'; blockNumber: bigint }

/**
 * Polls `eth_getTransactionReceipt` through the wallet until the transaction is mined, and reports
 * whether it succeeded. Abortable; throws `ExecutionError` `receipt-timeout` when no receipt
 * arrives in time.
 */
export async function waitForReceipt({
  wallet,
  hash,
  chainId,
  signal,
  pollIntervalMs = 1000,
  timeoutMs = 600_000,
  now = Date.now,
}: WaitForReceiptParameters): Promise<WaitForReceiptReturnType> {
  const deadline = now() + timeoutMs
  for (;;) {
    signal?.throwIfAborted()
    const receipt = (await wallet.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
      status?: string
      blockNumber?: string
    } | null
    if (receipt && receipt.blockNumber) {
      return {
        status: receipt.status === '0x1' ? 'success' : 'reverted',
        blockNumber: BigInt(receipt.blockNumber),
      }
    }
    if (now() >= deadline) {
      throw new ExecutionError({
        reason: 'receipt-timeout',
        chainId,
        txHash: hash,
        message: `No receipt for ${hash} yet; it may still be mined. Check the explorer before trying again.`,
      })
    }
    await sleep(pollIntervalMs, signal)
  }
}
