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
  /** A poll the wallet has not answered after this long counts as failed. Default 30000. */
  pollTimeoutMs?: number | undefined
  now?: (() => number) | undefined
}

export type WaitForReceiptReturnType = { status: 'success' | 'reverted'; blockNumber: bigint }

/** Longest pause between polls while the wallet keeps failing them, as a multiple of `pollIntervalMs`. */
const MAX_BACKOFF_FACTOR = 16

/**
 * Polls `eth_getTransactionReceipt` through the wallet until the transaction is mined, and reports
 * whether it succeeded. A failed poll (the wallet's RPC rate-limiting with -32005, a network blip, a
 * malformed answer) is retried, backing off up to 16 poll intervals, because the transaction is
 * already out: giving up would invite the user to send it again. A poll the wallet leaves unanswered
 * counts as failed after `pollTimeoutMs`. Only the signal (rejects with its
 * reason) or the timeout ends the wait: `ExecutionError` `receipt-timeout` with `txHash` and
 * `chainId`, its `cause` the last failed poll if any.
 *
 * @example
 * const { status } = await waitForReceipt({ wallet, hash, chainId: 1, signal })
 */
export async function waitForReceipt({
  wallet,
  hash,
  chainId,
  signal,
  pollIntervalMs = 1000,
  timeoutMs = 600_000,
  pollTimeoutMs = 30_000,
  now = Date.now,
}: WaitForReceiptParameters): Promise<WaitForReceiptReturnType> {
  const deadline = now() + timeoutMs
  let failedPolls = 0
  let lastError: unknown
  for (;;) {
    signal?.throwIfAborted()
    try {
      const poll = wallet.request({ method: 'eth_getTransactionReceipt', params: [hash] })
      const receipt = (await answerWithin(poll, pollTimeoutMs, signal)) as {
        status?: string
        blockNumber?: string
      } | null
      failedPolls = 0
      if (receipt && receipt.blockNumber) {
        return {
          status: receipt.status === '0x1' ? 'success' : 'reverted',
          blockNumber: BigInt(receipt.blockNumber),
        }
      }
    } catch (error) {
      signal?.throwIfAborted()
      failedPolls++
      lastError = error
    }
    const remainingMs = deadline - now()
    if (remainingMs <= 0) {
      throw new ExecutionError({
        reason: 'receipt-timeout',
        chainId,
        txHash: hash,
        message:
          failedPolls > 0
            ? `The wallet could not report on ${hash}; it was sent and may still be mined. Check the explorer before trying again.`
            : `No receipt for ${hash} yet; it may still be mined. Check the explorer before trying again.`,
        cause: lastError,
      })
    }
    const factor = failedPolls === 0 ? 1 : Math.min(2 ** (failedPolls - 1), MAX_BACKOFF_FACTOR)
    // Never sleep past the deadline: the last poll happens at it, then the wait ends.
    await sleep(Math.min(pollIntervalMs * factor, remainingMs), signal)
  }
}

/**
 * `request`'s answer, or a rejection once `ms` pass (a timeout error) or `signal` aborts (its reason),
 * whichever comes first. An EIP-1193 request cannot be cancelled, so a late answer is dropped.
 */
function answerWithin<T>(request: Promise<T>, ms: number, signal: AbortSignal | undefined): Promise<T> {
  request.catch(() => {})
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const cutOff = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The wallet did not answer a receipt poll within ${ms} ms`)),
      ms,
    )
    onAbort = () => reject(signal?.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
  return Promise.race([request, cutOff]).finally(() => {
    clearTimeout(timer)
    if (onAbort) signal?.removeEventListener('abort', onAbort)
  })
}
