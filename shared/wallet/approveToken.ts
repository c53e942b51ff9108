import { numberToHex } from 'viem'
import type { Approval } from '../schemas'
import { encodeApproveCall } from './encodeApproveCall'
import { ensureWalletChain } from './ensureWalletChain'
import type { OnExecutionStep } from './executionStep'
import { sendAndConfirm } from './sendAndConfirm'
import type { SwapWallet } from './swapWallet'

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
 * mined successfully (contract 4.3, rule 2). Always sends: `ensureAllowance` reads the current
 * allowance first and calls this only when needed. Throws `ExecutionError`: `rejected` (step
 * `approve`) when the user declines, `reverted` when the approval fails on chain, `receipt-timeout`
 * (with `txHash`) when it was sent but no receipt could be had in time.
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
  const { txHash } = await sendAndConfirm({
    wallet,
    request: {
      from: wallet.account.address,
      to: approval.token as `0x${string}`,
      data,
      chainId: numberToHex(chainId),
    },
    chainId,
    step: 'approve',
    messages: {
      rejected: 'The approval was declined in the wallet.',
      wouldRevert: 'The wallet found that the approval would fail on chain, so the approval was not sent.',
      reverted: 'The approval transaction failed on chain.',
    },
    onStep,
    signal,
    pollIntervalMs,
    now,
  })
  return { txHash, chainId }
}
