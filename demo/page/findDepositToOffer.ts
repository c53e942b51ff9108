import type { Quote } from '../../shared/schemas'
import { getDepositInstructions, type DepositInstructions } from '../../shared/wallet'
import type { WidgetEvent } from './widgetEvents'

/**
 * The deposit the sandbox card should offer to send after `event`: the instructions of `executed`
 * (the quote of the last `swap-quote:before-execute`) once the widget shows them, at its
 * `deposit:instructions` step. Not at `swap-quote:done`: a quote with a `quoteId` is followed to
 * delivery, so its `done` comes only after the deposit has been sent and paid out.
 *
 * @example
 * const deposit = findDepositToOffer({ event, executed })
 * if (deposit) void offerSandboxDeposit(deposit)
 */
export function findDepositToOffer({
  event,
  executed,
}: {
  event: WidgetEvent
  executed: Quote | undefined
}): DepositInstructions | undefined {
  if (event.type !== 'swap-quote:step' || event.step.step !== 'deposit:instructions') return undefined
  return executed ? getDepositInstructions(executed) : undefined
}
