import type { Quote } from '../schemas'
import { ensureAllowance } from './ensureAllowance'
import { ensureWalletChain } from './ensureWalletChain'
import { readBalance } from './readBalance'
import { ExecutionError } from './ExecutionError'
import type { ExecutionFailureReason, RejectableStep } from './ExecutionError'
import type { ExecutionStepEvent, OnExecutionStep } from './executionStep'
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
      /**
       * Set whenever a transaction had been sent: it reverted (`reverted`), or its outcome is unknown
       * and it may still confirm (`receipt-timeout`, `wallet-error`). Point the user at the explorer
       * rather than at a retry.
       */
      txHash?: `0x${string}`
      /** Which transaction `txHash` is: the approval (or its reset to 0) or the swap. Set with `txHash`. */
      step?: 'approve' | 'swap'
      orderUid?: string
      approvalTxHash?: `0x${string}`
    }

/**
 * Executes a quote by the contract's client rules (4.3, rules 1-7): refuses a quote past `expiresAt`,
 * checks the wallet's chain before each request, makes sure of `approval` before anything else (see
 * `ensureAllowance`: skipped when the current allowance covers it, else exact and confirmed), sends
 * `tx` unmodified, or uploads, signs and posts `order` and waits for it to settle, or returns a
 * deposit route's instructions without sending anything. Progress goes to `onStep`.
 *
 * Never throws for an expected outcome: a declined request, a revert, an expired quote or order all
 * come back as values. Only an abort rejects. Once a transaction is sent, failed receipt polls are
 * retried until the receipt timeout, and any failure after the send carries its `txHash`, `chainId`
 * and `step`: the transaction may still confirm, so the user must not simply send it again.
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
  // The transaction sent and not yet confirmed, so that whatever fails while it is out names it.
  let inFlight: SentTransaction | undefined
  const track = (event: ExecutionStepEvent) => {
    if (
      (event.step === 'approve:sent' || event.step === 'swap:sent') &&
      event.txHash &&
      event.chainId !== undefined
    ) {
      inFlight = {
        step: event.step === 'swap:sent' ? 'swap' : 'approve',
        txHash: event.txHash,
        chainId: event.chainId,
      }
    } else if (event.step === 'approve:confirmed' || event.step === 'swap:confirmed') {
      inFlight = undefined
    }
    onStep?.(event)
  }
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
    const common = { wallet, onStep: track, signal, switchChain, pollIntervalMs, now }
    // Nothing is sent, not even an approval, for a swap the wallet cannot pay for.
    await ensureSellBalance(quote, wallet, { onStep: track, switchChain })
    signal?.throwIfAborted()
    if (quote.approval) {
      const allowance = await ensureAllowance({ ...common, approval: quote.approval })
      if (allowance.status === 'approved') approvalTxHash = allowance.txHash
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
        ...sentTransaction(error, inFlight),
        ...(error.orderUid === undefined ? {} : { orderUid: error.orderUid }),
      })
    }
    if (inFlight) {
      return withApproval({
        status: 'failed' as const,
        reason: 'wallet-error' as const,
        message: `The ${inFlight.step === 'swap' ? 'swap' : 'approval'} transaction was sent, then the wallet failed; it may still confirm. Check the explorer before trying again.`,
        ...inFlight,
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

/**
 * Refuses a quote whose sell amount the wallet does not hold: an ERC-20 sell by its approval's token
 * and amount, a native sell by its transaction's value. The wallet must be on the sell chain for the
 * read, so that is ensured first. A read that fails lets the execution go on, as before this check:
 * the wallet's own simulation still refuses a send it cannot pay.
 */
async function ensureSellBalance(
  quote: Quote,
  wallet: SwapWallet,
  { onStep, switchChain }: { onStep: OnExecutionStep; switchChain: boolean | undefined },
): Promise<void> {
  const erc20 = quote.approval
  const needed = erc20 ? BigInt(erc20.amountWei) : quote.tx?.value ? BigInt(quote.tx.value) : 0n
  const chainId = erc20?.chainId ?? quote.tx?.chainId
  if (needed === 0n || chainId === undefined) return
  await ensureWalletChain({ wallet, chainId, switchChain, onStep })
  const held = await readBalance({
    wallet,
    owner: wallet.account.address,
    token: erc20?.token as `0x${string}` | undefined,
  }).catch(() => undefined)
  if (held === undefined || held >= needed) return
  throw new ExecutionError({
    reason: 'insufficient-balance',
    message: `Insufficient balance: this wallet holds less ${quote.sellToken.symbol} than the ${quote.sellAmount} ${quote.sellToken.symbol} this swap sells. Nothing was sent.`,
  })
}

function assertFresh(quote: Quote, now: () => number): void {
  if (Date.parse(quote.expiresAt) <= now()) {
    throw new ExecutionError({
      reason: 'quote-expired',
      message: 'This quote has expired and must not be used; get a fresh quote.',
    })
  }
}

type SentTransaction = { step: 'approve' | 'swap'; txHash: `0x${string}`; chainId: number }

/** The transaction an `ExecutionError` concerns: its own hash, else the one still out when it was thrown. */
function sentTransaction(
  error: ExecutionError,
  inFlight: SentTransaction | undefined,
): Partial<SentTransaction> {
  if (error.txHash === undefined) {
    return inFlight ?? (error.chainId === undefined ? {} : { chainId: error.chainId })
  }
  return {
    txHash: error.txHash,
    ...(error.chainId === undefined ? {} : { chainId: error.chainId }),
    ...(inFlight?.txHash === error.txHash ? { step: inFlight.step } : {}),
  }
}
