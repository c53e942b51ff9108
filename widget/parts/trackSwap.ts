import type { SwapStatus } from '../../shared/schemas'
import { SwapQuoteDoneEvent, SwapQuoteErrorEvent } from '../events'
import type { ExecutionController } from './ExecutionController'
import { createStatusClient } from '../../shared/client'
import { isFinalState, pollSwapStatus } from './pollSwapStatus'
import { removeSwapRecord, saveSwapRecord, type SwapRecord } from './swapRecords'
import { recordSwapHistory } from './swapHistory'
// English in the element's events; shown through the element's `t` (`renderExecution`).
import { english as t } from './translate'

/** The swaps followed on this page, by quote id: two elements never follow the same one. */
const following = new Map<string, { execution: ExecutionController; stop: AbortController }>()

/** Whether an element on this page follows the swap of `quoteId`. */
export function isFollowed(quoteId: string): boolean {
  return following.get(quoteId)?.execution.host.isConnected === true
}

/**
 * Follows `record` to delivery through `GET /status` of its `api-base`, keeping the record in
 * `localStorage` until it is final and the execution's view up to date: a deposit once seen
 * replaces its instructions with the tracking, and a final state ends the view. Delivered and
 * refunded swaps are reported as `swap-quote:done` (result status `delivered` or `refunded`), a
 * failed one as `swap-quote:error` (code `delivery-failed`). Each swap and each state it reaches also
 * goes into the site's history (`recordSwapHistory`), which outlives the record; a deposit, once seen. Polling ends with the final state,
 * with `stopTracking`, or once the element has left the page (`resume` picks it up again).
 */
export function trackSwap(execution: ExecutionController, record: SwapRecord, firstDelayMs?: number): void {
  const previous = following.get(record.quoteId)
  // An element that left the page hands its swap over; one that is still here keeps it.
  if (previous && (previous.execution === execution || previous.execution.host.isConnected)) return
  previous?.stop.abort()
  const stop = new AbortController()
  following.set(record.quoteId, { execution, stop })
  saveSwapRecord(record)
  const nowMs = () => execution.now?.() ?? Date.now()
  // A deposit enters the history once it is seen: instructions shown and given up are no swap, and
  // twenty of them would push the real ones out.
  const remember = (swap: SwapRecord) => swap.deposit || recordSwapHistory({ record: swap, nowMs: nowMs() })
  remember(record)
  let current = record
  const done = () => following.get(record.quoteId)?.stop === stop && following.delete(record.quoteId)
  pollSwapStatus({
    status: createStatusClient({ baseUrl: record.apiBase }).status,
    quoteId: record.quoteId,
    hash: () => current.hash,
    timers: execution.timers,
    signal: stop.signal,
    firstDelayMs,
    active: () => execution.host.isConnected && execution.view?.track?.quoteId === record.quoteId,
    onStatus: (status) => {
      current = applyStatus(execution, current, status)
      remember(current)
    },
    // A poll that failed (offline, the service down) is said, so "On its way" is not taken as news.
    onReachable: (reachable) => {
      const view = execution.view
      if (view?.track?.quoteId !== record.quoteId || !view.unreachable === reachable) return
      execution.view = { ...view, unreachable: reachable ? undefined : true }
      execution.host.requestUpdate()
    },
  })
    .catch((error: Error) => {
      // The service will never follow this swap (see `pollSwapStatus`): say its words, and offer
      // "New quote" rather than keep the form locked under a tracking that cannot end.
      const view = execution.view
      if (stop.signal.aborted || view?.track?.quoteId !== record.quoteId) return
      execution.view = { ...view, message: error.message }
      execution.host.requestUpdate()
    })
    .finally(done)
}

/** Stops following the swap `execution` shows, and forgets it: "New quote" after it ended or was given up. */
export function stopTracking(execution: ExecutionController): void {
  const quoteId = execution.view?.track?.quoteId
  if (quoteId === undefined) return
  following.get(quoteId)?.stop.abort()
  following.delete(quoteId)
  removeSwapRecord(quoteId)
}

function applyStatus(execution: ExecutionController, record: SwapRecord, status: SwapStatus): SwapRecord {
  const view = execution.view
  if (view?.track?.quoteId !== record.quoteId) return record
  // A deposit is seen once `/status` names its transaction or has moved past waiting for it.
  const seen = record.deposit !== undefined && (status.state !== 'pending' || status.sourceTx !== undefined)
  const final = isFinalState(status.state)
  const next: SwapRecord = {
    ...record,
    // A venue that has not seen a confirmed transaction yet does not make it "waiting to confirm" again.
    state: status.state === 'pending' && view.track.state === 'inFlight' ? 'inFlight' : status.state,
    hash: record.hash ?? status.sourceTx?.hash,
    deposit: seen ? undefined : record.deposit,
    destinationTx: status.destinationTx,
    deliveredAmount: status.deliveredAmount,
    reason: status.reason,
  }
  if (final) removeSwapRecord(next.quoteId)
  else saveSwapRecord(next)
  if (seen) {
    execution.deposit = undefined
    execution.qrDataUrl = undefined
    // The copy buttons go with the instructions: focus moves to the tracking rather than be lost.
    void execution.focus('progress', { onlyIfFocusHere: true })
  }
  execution.view = {
    ...view,
    track: next,
    status: final
      ? status.state === 'failed'
        ? 'failed'
        : 'done'
      : view.status === 'running'
        ? 'running'
        : 'tracking',
    ...(status.state === 'failed' ? { reason: 'delivery-failed' } : {}),
  }
  execution.host.requestUpdate()
  if (!final) return next
  void execution.revealOutcome()
  if (status.state === 'failed') {
    execution.host.dispatchEvent(
      new SwapQuoteErrorEvent({
        source: 'execution',
        code: 'delivery-failed',
        message: status.reason ?? t('The swap failed.'),
      }),
    )
  } else {
    execution.host.dispatchEvent(
      new SwapQuoteDoneEvent({
        status: status.state as 'delivered' | 'refunded',
        route: next.route,
        quoteId: next.quoteId,
        ...(status.sourceTx ? { sourceTx: status.sourceTx } : {}),
        ...(status.destinationTx ? { destinationTx: status.destinationTx } : {}),
        ...(status.deliveredAmount ? { deliveredAmount: status.deliveredAmount } : {}),
        ...(status.reason ? { reason: status.reason } : {}),
      }),
    )
  }
  return next
}
