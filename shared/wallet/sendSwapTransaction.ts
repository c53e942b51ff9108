import { numberToHex } from 'viem'
import type { Hex } from 'viem'
import type { Tx } from '../schemas'
import { ensureWalletChain } from './ensureWalletChain'
import type { OnExecutionStep } from './executionStep'
import { sendAndConfirm } from './sendAndConfirm'
import type { SwapWallet } from './swapWallet'

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
 * on chain, or when the wallet's simulation shows it would (then without `txHash`: the swap was not sent,
 * though an approval before it may have been).
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
  const { txHash, blockNumber } = await sendAndConfirm({
    wallet,
    request,
    chainId,
    step: 'swap',
    messages: {
      rejected: 'The swap transaction was declined in the wallet.',
      wouldRevert:
        'The wallet found that the swap would fail on chain, so the swap was not sent. The price may have moved past the quoted minimum; get a fresh quote.',
      reverted: 'The swap transaction failed on chain; nothing was swapped. A fresh quote may work.',
    },
    onStep,
    signal,
    pollIntervalMs,
    now,
  })
  return { txHash, chainId, blockNumber }
}
