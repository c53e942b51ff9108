import type { Quote } from '../../shared/schemas'
import { createSwapWallet, executeQuote } from '../../shared/wallet'
import type { ExecuteQuoteReturnType, ExecutionStepEvent } from '../../shared/wallet'
import {
  SwapQuoteDoneEvent,
  SwapQuoteErrorEvent,
  SwapQuoteStepEvent,
  SwapQuoteSubmittedEvent,
} from '../events'
import type { ExecutionController, StartExecutionParameters } from './ExecutionController'
import { shortenAddress } from './shortenAddress'
import { showDepositQr } from './showDepositQr'
import type { SwapRecord } from './swapRecords'
import { stopTracking, trackSwap } from './trackSwap'
// English in the element's events; shown through the element's `t` (`renderExecution`).
import { english as t } from './translate'

/**
 * Carries out one swap for `execution` (see `ExecutionController.start`): wraps the wallet, runs
 * `executeQuote`, and keeps the view and the element's events in step with it. A quote with a
 * `quoteId` is followed to delivery from the moment its transaction is sent or its order posted (a
 * deposit route: from the moment its instructions show), so `swap-quote:done` waits for `/status`
 * to report it delivered or refunded. A quote without one (an older API) is done at confirmation,
 * or when its deposit instructions show. Throws only when the wallet cannot be wrapped, before
 * anything is sent.
 */
export async function runExecution(
  execution: ExecutionController,
  { quote, address, provider, account }: StartExecutionParameters,
  controller: AbortController,
): Promise<void> {
  const wallet =
    provider && account ? createSwapWallet({ provider, address: account as `0x${string}` }) : undefined
  // After an interruption the wallet may still answer: what it reports then is still shown,
  // unless the user has moved on to a new quote.
  const current = () => execution.abort === controller
  const outcome = await executeQuote({
    quote,
    wallet,
    address,
    signal: controller.signal,
    now: execution.now,
    onStep: (event) => current() && onStep(execution, quote, event),
  })
  if (current()) onOutcome(execution, quote, outcome)
}

/** The record a tracked swap starts from: what was sold and bought, nothing seen yet. */
function startRecord(
  execution: ExecutionController,
  quote: Quote,
  route: SwapRecord['route'],
  hash?: string,
): SwapRecord | undefined {
  if (!quote.quoteId) return undefined
  return {
    quoteId: quote.quoteId,
    apiBase: execution.host.apiBase,
    page: location.pathname,
    route,
    hash,
    sellChain: quote.sellChain,
    sellSymbol: label(quote.sellToken),
    sellAmount: quote.sellAmount,
    buyChain: quote.buyChain,
    buySymbol: label(quote.buyToken),
    minBuyAmount: quote.minBuyAmount ?? quote.buyAmount,
    state: 'pending',
  }
}

function onStep(execution: ExecutionController, quote: Quote, event: ExecutionStepEvent): void {
  execution.view = { ...execution.view!, steps: [...execution.view!.steps, event] }
  const host = execution.host
  host.dispatchEvent(new SwapQuoteStepEvent(event))
  if (event.step === 'swap:sent' || event.step === 'order:posted') {
    host.dispatchEvent(new SwapQuoteSubmittedEvent(event))
    const record = startRecord(
      execution,
      quote,
      event.orderUid ? 'order' : 'tx',
      event.txHash ?? event.orderUid,
    )
    if (record) {
      execution.view = { ...execution.view, track: record }
      trackSwap(execution, record)
    }
  }
  host.requestUpdate()
}

function onOutcome(execution: ExecutionController, quote: Quote, outcome: ExecuteQuoteReturnType): void {
  const view = execution.view!
  const host = execution.host
  if (outcome.status === 'instructions') {
    const { deposit } = outcome
    execution.deposit = deposit
    const record = startRecord(execution, quote, 'deposit')
    // Without a memo nothing can be lost by scanning: the QR code shows at once.
    if (!deposit.memo) showDepositQr(execution)
    if (record) {
      record.deposit = deposit
      execution.view = { ...view, status: 'tracking', track: record }
      trackSwap(execution, record)
    } else {
      execution.view = { ...view, status: 'done' }
      host.dispatchEvent(new SwapQuoteDoneEvent(outcome))
    }
  } else if (outcome.status === 'confirmed' || outcome.status === 'filled') {
    if (view.track) {
      // Confirmed on the sell chain is not delivered: the tracking says when it is (and may have already).
      // It is past "waiting for the network to confirm it", though: on its way.
      if (view.status === 'running')
        execution.view = {
          ...view,
          status: 'tracking',
          track: view.track.state === 'pending' ? { ...view.track, state: 'inFlight' } : view.track,
        }
    } else {
      execution.view = {
        ...view,
        status: 'done',
        message:
          outcome.status === 'filled' ? t('Done: the order was filled.') : t('Done: the swap is confirmed.'),
      }
      host.dispatchEvent(new SwapQuoteDoneEvent(outcome))
    }
  } else {
    const failed = outcome.status === 'failed' ? outcome : undefined
    const code = failed?.reason ?? 'rejected'
    // The swap ended here: nothing of it is followed, nor kept for a reload.
    stopTracking(execution)
    // A failure after a send may name its transaction: it may still confirm (see renderExecution).
    execution.view = {
      ...view,
      track: undefined,
      status: outcome.status,
      message: failureWords(outcome) ?? outcome.message,
      reason: code,
      txHash: failed?.txHash,
      chainId: failed?.chainId,
    }
    host.dispatchEvent(new SwapQuoteErrorEvent({ source: 'execution', code, message: outcome.message }))
  }
  host.requestUpdate()
  const status = execution.view?.status
  if (status !== 'running' && status !== 'tracking') void execution.revealOutcome()
}

/**
 * The element's own words for the commonest ways a swap ends short, which its catalogs translate; the
 * rest show as the wallet layer or the venue put them (in English, with their details). Either way the
 * `swap-quote:error` event carries the wallet layer's message.
 */
function failureWords(
  outcome: Extract<ExecuteQuoteReturnType, { status: 'rejected' | 'failed' }>,
): string | undefined {
  if (outcome.status === 'rejected') {
    return {
      approve: t('The approval was declined in the wallet.'),
      swap: t('The swap was declined in the wallet.'),
      sign: t('The order signature was declined in the wallet.'),
      'switch-chain': t('The network switch was declined in the wallet.'),
    }[outcome.step]
  }
  // Sent and failed on chain (an approval or the swap): nothing was swapped either way. One the wallet
  // refused to send keeps the wallet layer's words, which say which transaction was held back.
  if (outcome.reason === 'reverted' && outcome.txHash) {
    return t('The transaction failed on chain; nothing was swapped. A fresh quote may work.')
  }
  return {
    'quote-expired': t('This quote has expired; get a fresh quote.'),
    'order-expired': t('The order expired unfilled; nothing was swapped.'),
    'insufficient-balance': t('This wallet holds less than this swap sells; nothing was sent.'),
  }[outcome.reason as string]
}

/**
 * A token as the swap's progress and the history name it: its symbol, and for a token off the lists its
 * address too, so a lookalike is never remembered as the token it imitates ("USDC 0xfeE0…0005").
 */
function label(token: Quote['sellToken']): string {
  return token.verified === false
    ? `${token.symbol} ${shortenAddress(token.caip.split(':').pop()!)}`
    : token.symbol
}
