import { numberToHex } from 'viem'
import type { Approval } from '../schemas'
import { encodeApproveCall } from './encodeApproveCall'
import { ensureWalletChain } from './ensureWalletChain'
import { ExecutionError } from './ExecutionError'
import type { OnExecutionStep } from './executionStep'
import { isExecutionRevert } from './isExecutionRevert'
import { isUserRejection } from './isUserRejection'
import type { SwapWallet } from './swapWallet'
import { waitForReceipt } from './waitForReceipt'

export type ApproveTokenParameters = {
  wallet: SwapWallet
  /** The quote's `approval`: token, spender and the exact amount in base units. */
  approval: Approval
  onStep?: OnExecutionStep | undefined
  signal?: AbortSignal | undefined
  switchChain?: boolean | undefined
  pollIntervalMs?: number | undefined
  now?: (() => number) | undefined
}

export type ApproveTokenReturnType = { txHash: `0x${string}`; chainId: number }

/**
 * Sends the quote's ERC-20 approval for exactly `amountWei` (never unlimited) and waits until it is
 * mined successfully (contract 4.3, rule 2). Throws `ExecutionError`: `rejected` (step `approve`)
 * when the user declines, `reverted` when the approval fails on chain.
 *
 * @example
 * const { txHash } = await approveToken({ wallet, approval: quote.approval })
 */
export async function approveToken({
  wallet,
  approval,
  onStep,
  signal,
  switchChain,
  pollIntervalMs,
  now,
}: ApproveTokenParameters): Promise<ApproveTokenReturnType> {
  const { chainId } = approval
  await ensureWalletChain({ wallet, chainId, switchChain, onStep })
  signal?.throwIfAborted()
  const data = encodeApproveCall({
    spender: approval.spender as `0x${string}`,
    amount: BigInt(approval.amountWei),
  })
  onStep?.({ step: 'approve:pending', chainId })
  let txHash: `0x${string}`
  try {
    txHash = (await wallet.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: wallet.account.address,
          to: approval.token as `0x${string}`,
          data,
          chainId: numberToHex(chainId),
        },
      ],
    })) as `0x${string}`
  } catch (error) {
    if (isUserRejection(error)) {
      throw new ExecutionError({
        reason: 'rejected',
        step: 'approve',
        chainId,
        message: 'The approval was declined in the wallet.',
        cause: error,
      })
    }
    if (isExecutionRevert(error)) {
      throw new ExecutionError({
        reason: 'reverted',
        chainId,
        message: 'The wallet found that the approval would fail on chain, so nothing was sent.',
        cause: error,
      })
    }
    throw error
  }
  onStep?.({ step: 'approve:sent', chainId, txHash })
  const receipt = await waitForReceipt({ wallet, hash: txHash, chainId, signal, pollIntervalMs, now })
  if (receipt.status !== 'success') {
    throw new ExecutionError({
      reason: 'reverted',
      chainId,
      txHash,
      message: 'The approval transaction failed on chain.',
    })
  }
  onStep?.({ step: 'approve:confirmed', chainId, txHash })
  return { txHash, chainId }
}
