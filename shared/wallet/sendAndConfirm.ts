import { ExecutionError } from './ExecutionError'
import type { OnExecutionStep } from './executionStep'
import { isExecutionRevert } from './isExecutionRevert'
import { isUserRejection } from './isUserRejection'
import type { SwapWallet } from './swapWallet'
import { waitForReceipt } from './waitForReceipt'

export type SendAndConfirmParameters = {
  wallet: SwapWallet
  /** The `eth_sendTransaction` parameters, sent as they are. */
  request: Record<string, unknown>
  chainId: number
  /** Which transaction this is: its progress is reported as `<step>:pending`, `:sent`, `:confirmed`. */
  step: 'approve' | 'swap'
  /** Plain words for the user, per failure. */
  messages: { rejected: string; wouldRevert: string; reverted: string }
  onStep?: OnExecutionStep | undefined
  signal?: AbortSignal | undefined
  pollIntervalMs?: number | undefined
  now?: (() => number) | undefined
}

export type SendAndConfirmReturnType = { txHash: `0x${string}`; blockNumber: bigint }

/**
 * Sends one transaction with `eth_sendTransaction` and waits until it is mined successfully,
 * reporting progress. Throws `ExecutionError`: `rejected` (with `step`) when the user declines,
 * `reverted` without a `txHash` when the wallet's simulation shows it would fail (nothing was sent),
 * and `reverted` with the hash when it failed on chain.
 */
export async function sendAndConfirm({
  wallet,
  request,
  chainId,
  step,
  messages,
  onStep,
  signal,
  pollIntervalMs,
  now,
}: SendAndConfirmParameters): Promise<SendAndConfirmReturnType> {
  onStep?.({ step: `${step}:pending`, chainId })
  let txHash: `0x${string}`
  try {
    txHash = (await wallet.request({ method: 'eth_sendTransaction', params: [request] })) as `0x${string}`
  } catch (error) {
    if (isUserRejection(error)) {
      throw new ExecutionError({
        reason: 'rejected',
        step,
        chainId,
        message: messages.rejected,
        cause: error,
      })
    }
    if (isExecutionRevert(error)) {
      throw new ExecutionError({ reason: 'reverted', chainId, message: messages.wouldRevert, cause: error })
    }
    throw error
  }
  onStep?.({ step: `${step}:sent`, chainId, txHash })
  const receipt = await waitForReceipt({ wallet, hash: txHash, chainId, signal, pollIntervalMs, now })
  if (receipt.status !== 'success') {
    throw new ExecutionError({ reason: 'reverted', chainId, txHash, message: messages.reverted })
  }
  onStep?.({ step: `${step}:confirmed`, chainId, txHash })
  return { txHash, blockNumber: receipt.blockNumber }
}
