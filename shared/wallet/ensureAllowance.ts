import { approveToken } from './approveToken'
import type { ApproveTokenParameters } from './approveToken'
import { ensureWalletChain } from './ensureWalletChain'
import { readAllowance } from './readAllowance'

export type EnsureAllowanceParameters = ApproveTokenParameters

export type EnsureAllowanceReturnType =
  /** The allowance already covered the amount: nothing was sent. */
  | { status: 'sufficient'; chainId: number; allowance: bigint }
  /** The exact approval was mined; `resetTxHash` is the transaction that first set a leftover allowance to 0. */
  | { status: 'approved'; chainId: number; txHash: `0x${string}`; resetTxHash?: `0x${string}` }

/**
 * Makes the quote's spender able to pull exactly `amountWei` (contract 4.3, rule 2) with as few
 * wallet prompts as it takes. Reads `allowance(owner, spender)` first: when it already covers the
 * amount nothing is sent (no `approve:*` steps); when it is zero the exact approval is sent; when it
 * is non-zero but too small it is first set to 0 (steps flagged `allowanceReset`), then to the exact
 * amount. Approvals are never unlimited. If the allowance cannot be read, the exact approval is sent
 * as if it were zero, so a wallet that cannot `eth_call` never blocks a swap. Throws like
 * `approveToken`.
 *
 * @example
 * const result = await ensureAllowance({ wallet, approval: quote.approval, onStep })
 * if (result.status === 'approved') console.log('approved in', result.txHash)
 */
export async function ensureAllowance(
  parameters: EnsureAllowanceParameters,
): Promise<EnsureAllowanceReturnType> {
  const { wallet, approval, onStep, signal, switchChain } = parameters
  const { chainId } = approval
  // The read goes to whichever chain the wallet is on, so the chain comes first.
  await ensureWalletChain({ wallet, chainId, switchChain, onStep })
  const amount = BigInt(approval.amountWei)
  const allowance = await readAllowance({
    wallet,
    token: approval.token as `0x${string}`,
    owner: wallet.account.address,
    spender: approval.spender as `0x${string}`,
  }).catch(() => undefined)
  signal?.throwIfAborted()
  if (allowance !== undefined && allowance >= amount) return { status: 'sufficient', chainId, allowance }

  let resetTxHash: `0x${string}` | undefined
  if (allowance !== undefined && allowance > 0n) {
    // Some tokens (USDT on Ethereum, 0xdAC17F958D2ee523a2206206994597C13D831ec7, and tokens modelled
    // on it) revert an approve from one non-zero value to another, and nothing on chain tells them
    // apart. So every token with a non-zero, too small allowance is reset to 0 first: one more
    // transaction in that rare case, instead of a list to keep up to date or a failed approval.
    const reset = await approveToken({
      ...parameters,
      approval: { ...approval, amountWei: '0' },
      onStep: onStep && ((event) => onStep({ ...event, allowanceReset: true })),
    })
    resetTxHash = reset.txHash
  }
  const { txHash } = await approveToken(parameters)
  return { status: 'approved', chainId, txHash, ...(resetTxHash === undefined ? {} : { resetTxHash }) }
}
