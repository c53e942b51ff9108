import type { Quote } from '../schemas'
import { approveToken } from './approveToken'
import { ExecutionError } from './ExecutionError'
import type { ExecutionFailureReason, RejectableStep } from './ExecutionError'
import type { OnExecutionStep } from './executionStep'
import type { DepositInstructions } from './getDepositInstructions'
import { getDepositInstructions } from './getDepositInstructions'
import { isUserRejection } from './isUserRejection'
import { sendSwapTransaction } from './sendSwapTransaction'
import { submitOrder } from './submitOrder'
import type { SwapWallet } from './swapWallet'
import { waitForOrder } from './waitForOrder'

export type ExecuteQuoteParameters = {
  quote: Quote
  /** The user's wallet, on the address that requested the quote. Not needed for a deposit route. */
  wallet?: SwapWallet | undefined
  /** The `address` the quote was requested for; refused when the wallet's account differs. */
  address?: string | undefined
  onStep?: OnExecutionStep | undefined
  /** Stops waiting (receipts, order polling); the promise then rejects with the signal's reason. */
  signal?: AbortSignal | undefined
  /** For the order book (signed-order routes). */
  fetch?: typeof fetch | undefined
  /** Milliseconds since the epoch; injectable for tests. */
  now?: (() => number) | undefined
  /** Ask the wallet to switch chains when it is on another one. Default true. */
  switchChain?: boolean | undefined
  /** Pause between receipt and order polls. Defaults: 1000 for receipts, 2000 for orders. */
  pollIntervalMs?: number | undefined
}

/** How an execution ended. `rejected` is the user declining in the wallet (EIP-1193 4001). */
export type ExecuteQuoteReturnType =
  | {
      status: 'confirmed'
      route: 'tx'
      chainId: number
      txHash: `0x${string}`
      approvalTxHash?: `0x${string}`
    }
  | {
      status: 'filled'
      route: 'order'
      chainId: number
      orderUid: string
      orderUrl: string
      approvalTxHash?: `0x${string}`
    }
  | { status: 'instructions'; route: 'deposit'; deposit: DepositInstructions }
  | { status: 'rejected'; step: RejectableStep; message: string; approvalTxHash?: `0x${string}` }
  | {
      status: 'failed'
      reason: Exclude<ExecutionFailureReason, 'rejected'> | 'wallet-error'
      message: string
      chainId?: number
      txHash?: `0x${string}`
      orderUid?: string
      approvalTxHash?: `0x${string}`
    }

/**
 * Executes a quote by the contract's client rules (4.3, rules 1-7): refuses a quote past `expiresAt`,
 * checks the wallet's chain before each request, sends and confirms `approval` before anything else,
 * sends `tx` unmodified, or uploads, signs and posts `order` and waits for it to settle, or returns a
 * deposit route's instructions without sending anything. Progress goes to `onStep`.
 *
 * Never throws for an expected outcome: a declined request, a revert, an expired quote or order all
 * come back as values. Only an abort rejects.
 *
 * @example
 * const result = await executeQuote({ quote, wallet: createSwapWallet({ provider, address }), onStep: console.log })
 * if (result.status === 'rejected') showMessage('You declined in the wallet.')
 */
export async function executeQuote({
  quote,
  wallet,
  address,
  onStep,
  signal,
  fetch: fetchFn,
  now = Date.now,
  switchChain,
  pollIntervalMs,
}: ExecuteQuoteParameters): Promise<ExecuteQuoteReturnType> {
  let approvalTxHash: `0x${string}` | undefined
  const withApproval = <T extends object>(value: T) => (approvalTxHash ? { ...value, approvalTxHash } : value)
  try {
    assertFresh(quote, now)
    const deposit = quote.tx || quote.order ? undefined : getDepositInstructions(quote)
    if (deposit) {
      onStep?.({ step: 'deposit:instructions' })
      return { status: 'instructions', route: 'deposit', deposit }
    }
    if (!quote.tx && !quote.order) {
      throw new ExecutionError({
        reason: 'not-executable',
        message: 'This quote carries nothing to execute.',
      })
    }
    if (!wallet) {
      throw new ExecutionError({
        reason: 'not-executable',
        message: 'Connect a wallet to execute this quote.',
      })
    }
    if (address !== undefined && address.toLowerCase() !== wallet.account.address.toLowerCase()) {
      throw new ExecutionError({
        reason: 'wrong-account',
        message: `This quote was made for ${address}; the connected wallet is ${wallet.account.address}. Get a fresh quote.`,
      })
    }
    const common = { wallet, onStep, signal, switchChain, pollIntervalMs, now }
    if (quote.approval) {
      approvalTxHash = (await approveToken({ ...common, approval: quote.approval })).txHash
      // Confirming the approval takes time: the quote may have expired meanwhile (rule 6).
      assertFresh(quote, now)
    }
    if (quote.tx) {
      const { txHash, chainId } = await sendSwapTransaction({ ...common, tx: quote.tx })
      return withApproval({ status: 'confirmed' as const, route: 'tx' as const, chainId, txHash })
    }
    const order = quote.order!
    const placed = await submitOrder({ wallet, order, fetch: fetchFn, onStep, signal, switchChain })
    const settled = await waitForOrder({
      ...placed,
      validTo: order.validTo,
      fetch: fetchFn,
      signal,
      onStep,
      pollIntervalMs,
      now,
    })
    if (settled.status !== 'filled') {
      return withApproval({
        status: 'failed' as const,
        reason: settled.status === 'expired' ? ('order-expired' as const) : ('order-cancelled' as const),
        message:
          settled.status === 'expired'
            ? 'The order expired unfilled; nothing was swapped. Get a fresh quote to try again.'
            : 'The order was cancelled; nothing was swapped.',
        chainId: placed.chainId,
        orderUid: placed.orderUid,
      })
    }
    return withApproval({
      status: 'filled' as const,
      route: 'order' as const,
      chainId: placed.chainId,
      orderUid: placed.orderUid,
      orderUrl: placed.orderUrl,
    })
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    if (error instanceof ExecutionError) {
      if (error.reason === 'rejected') {
        return withApproval({
          status: 'rejected' as const,
          step: error.step ?? 'swap',
          message: error.message,
        })
      }
      return withApproval({
        status: 'failed' as const,
        reason: error.reason,
        message: error.message,
        ...(error.chainId === undefined ? {} : { chainId: error.chainId }),
        ...(error.txHash === undefined ? {} : { txHash: error.txHash }),
        ...(error.orderUid === undefined ? {} : { orderUid: error.orderUid }),
      })
    }
    if (isUserRejection(error)) {
      return withApproval({
        status: 'rejected' as const,
        step: 'swap' as const,
        message: 'Declined in the wallet.',
      })
    }
    return withApproval({
      status: 'failed' as const,
      reason: 'wallet-error' as const,
      message: error instanceof Error ? error.message.split('\n')[0]! : 'The wallet reported an error.',
    })
  }
}

function assertFresh(quote: Quote, now: () => number): void {
  if (Date.parse(quote.expiresAt) <= now()) {
    throw new ExecutionError({
      reason: 'quote-expired',
      message: 'This quote has expired and must not be used; get a fresh quote.',
    })
  }
}
