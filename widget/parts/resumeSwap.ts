import type { ExecutionController } from './ExecutionController'
import { readSwapRecords } from './swapRecords'
import { isFollowed, trackSwap } from './trackSwap'

/**
 * Picks up a tracked swap as the element connects. An element already showing one follows it on (it
 * stopped polling when it left the page, and one removed while its swap ran said it was interrupted:
 * that goes too, since the swap went on without it); an element showing nothing takes an unfinished swap kept
 * for this page and this `api-base` that no other element follows, shows its tracking (and a
 * deposit's instructions until the deposit is seen), and polls its status at once.
 */
export function resumeSwap(execution: ExecutionController): void {
  const view = execution.view
  if (view?.track) {
    // Removed while it ran (`stop`) and put back: the swap went on, so the element follows it again.
    const interrupted = view.reason === 'interrupted'
    if (interrupted) {
      execution.view = { ...view, status: 'tracking', message: undefined, reason: undefined }
      execution.host.requestUpdate()
    }
    if (interrupted || view.status === 'tracking' || view.status === 'running')
      trackSwap(execution, view.track, 0)
    return
  }
  if (view) return
  const record = readSwapRecords().find(
    (candidate) =>
      candidate.page === location.pathname &&
      candidate.apiBase === execution.host.apiBase &&
      !isFollowed(candidate.quoteId),
  )
  if (!record) return
  execution.abort = new AbortController()
  execution.deposit = record.deposit
  // The form shows the swap picked up, not the inputs the page set this time.
  const form = {
    sellChain: record.sellChain,
    sellToken: record.sellSymbol,
    buyChain: record.buyChain,
    buyToken: record.buySymbol,
    amount: record.sellAmount,
    recipient: '',
    refundAddress: '',
    walletRecipient: '',
  }
  execution.view = { status: 'tracking', steps: [], track: record, resumed: true, form }
  execution.host.requestUpdate()
  trackSwap(execution, record, 0)
}
