import { numberToHex } from 'viem'
import type { Hex } from 'viem'
import type { Tx } from '../schemas'
import { ensureWalletChain } from './ensureWalletChain'
import { ExecutionError } from './ExecutionError'
import type { OnExecutionStep } from './executionStep'
import { isExecutionRevert } from './isExecutionRevert'
import { isUserRejection } from './isUserRejection'
import type { SwapWallet } from './swapWallet'
import { waitForReceipt } from './waitForReceipt'

export type SendSwapTransactionParameters = {
  wallet: SwapWallet
  /** The quote's `tx`, sent as it stands. */
  tx: Tx
  onStep?: OnExecutionStep | undefined
  signal?: AbortSignal | undefined
  switchChain?: boolean | undefined
  pollIntervalMs?: number | undefined
  now?: (() => number) | undefined
}

export type SendSwapTransactionReturnType = { txHash: `0x${string}`; chainId: number; blockNumber: bigint }

/**
 * Sends the quote's `tx` unmodified with `eth_sendTransaction` (`to`, `data`, `value` as given and
 * `gas` = `gasLimit` exactly; the calldata is never rebuilt, contract 2.4) and waits until it is mined.
 * Throws `ExecutionError`: `rejected` (step `swap`) when the user declines, `reverted` when it fails
 * on chain, or when the wallet's simulation shows it would (then without `txHash`: nothing was sent).
 *
 * @example
 * const { txHash } = await sendSwapTransaction({ wallet, tx: quote.tx })
 */
export async function sendSwapTransaction({
  wallet,
  tx,
  onStep,
  signal,
  switchChain,
  pollIntervalMs,
  now,
}: SendSwapTransactionParameters): Promise<SendSwapTransactionReturnType> {
  const { chainId } = tx
  await ensureWalletChain({ wallet, chainId, switchChain, onStep })
  signal?.throwIfAborted()
  const request = {
    from: wallet.account.address,
    to: tx.to as Hex,
    ...(tx.data === undefined ? {} : { data: tx.data as Hex }),
    ...(tx.value === undefined ? {} : { value: tx.value as Hex }),
    ...(tx.gasLimit === undefined ? {} : { gas: tx.gasLimit as Hex }),
    // Wallets that know `chainId` refuse to send on another chain: a second guard beside ensureWalletChain.
    chainId: numberToHex(chainId),
  }
  onStep?.({ step: 'swap:pending', chainId })
  let txHash: `0x${string}`
  try {
    txHash = (await wallet.request({ method: 'eth_sendTransaction', params: [request] })) as `0x${string}`
  } catch (error) {
    if (isUserRejection(error)) {
      throw new ExecutionError({
        reason: 'rejected',
        step: 'swap',
        chainId,
        message: 'The swap transaction was declined in the wallet.',
        cause: error,
      })
    }
    if (isExecutionRevert(error)) {
      throw new ExecutionError({
        reason: 'reverted',
        chainId,
        message:
          'The wallet found that the swap would fail on chain, so nothing was sent. The price may have moved past the quoted minimum; get a fresh quote.',
        cause: error,
      })
    }
    throw error
  }
  onStep?.({ step: 'swap:sent', chainId, txHash })
  const receipt = await waitForReceipt({ wallet, hash: txHash, chainId, signal, pollIntervalMs, now })
  if (receipt.status !== 'success') {
    throw new ExecutionError({
      reason: 'reverted',
      chainId,
      txHash,
      message: 'The swap transaction failed on chain; nothing was swapped. A fresh quote may work.',
    })
  }
  onStep?.({ step: 'swap:confirmed', chainId, txHash })
  return { txHash, chainId, blockNumber: receipt.blockNumber }
}
