import { numberToHex } from 'viem'
import { ExecutionError } from './ExecutionError'
import type { OnExecutionStep } from './executionStep'
import { isUserRejection } from './isUserRejection'
import type { SwapWallet } from './swapWallet'

export type EnsureWalletChainParameters = {
  wallet: SwapWallet
  /** The EVM chain id the quote was built for. */
  chainId: number
  /** Ask the wallet to switch (`wallet_switchEthereumChain`) when it is on another chain. Default true. */
  switchChain?: boolean | undefined
  onStep?: OnExecutionStep | undefined
}

/**
 * Makes sure the wallet is on `chainId` before anything is sent or signed: reads `eth_chainId`,
 * asks the wallet to switch when allowed, and reads it again, because a wallet may answer the
 * switch without switching. Throws `ExecutionError` `wrong-chain`, or `rejected` when the user
 * declines the switch.
 */
export async function ensureWalletChain({
  wallet,
  chainId,
  switchChain = true,
  onStep,
}: EnsureWalletChainParameters): Promise<void> {
  const current = await readChainId(wallet)
  if (current === chainId) return
  if (!switchChain) throw wrongChain(chainId, current)
  onStep?.({ step: 'chain:switching', chainId })
  try {
    await wallet.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chainId) }],
    })
  } catch (error) {
    if (isUserRejection(error)) {
      throw new ExecutionError({
        reason: 'rejected',
        step: 'switch-chain',
        chainId,
        message: `The switch to chain ${chainId} was declined in the wallet.`,
        cause: error,
      })
    }
    throw wrongChain(chainId, current, error)
  }
  const after = await readChainId(wallet)
  if (after !== chainId) throw wrongChain(chainId, after)
  onStep?.({ step: 'chain:switched', chainId })
}

async function readChainId(wallet: SwapWallet): Promise<number> {
  const hex = await wallet.request({ method: 'eth_chainId' })
  return Number(BigInt(hex as string))
}

function wrongChain(expected: number, actual: number, cause?: unknown): ExecutionError {
  return new ExecutionError({
    reason: 'wrong-chain',
    chainId: expected,
    message: `The wallet is on chain ${actual}; this quote must be executed on chain ${expected}.`,
    cause,
  })
}
