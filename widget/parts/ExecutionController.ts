import type { ReactiveControllerHost } from 'lit'
import type { Quote } from '../../shared/schemas'
import type { DepositInstructions, Eip1193Provider } from '../../shared/wallet'
import { SwapQuoteErrorEvent } from '../events'
import { type DelayTimers, realTimers } from './delay'
import { type Executing, executing } from './executing'
import type { FormShown } from './formShown'
import type { ExecutionView } from './renderExecution'
// English in the element's events; shown through the element's `t` (`renderExecution`).
import { english as t } from './translate'

/**
 * What the controller needs of its element: events go out through it, focus moves in it, and its
 * `api-base` is where a swap's delivery is followed.
 */
export type ExecutionHost = ReactiveControllerHost &
  EventTarget & { apiBase: string; isConnected: boolean; renderRoot: ParentNode }

export type StartExecutionParameters = {
  quote: Quote
  /** The quote's `address`, or undefined for a preview quote (no wallet yet). */
  address: string | undefined
  /** The wallet in use and its account, when connected. */
  provider: Eip1193Provider | undefined
  account: string | undefined
  /** The form it is started from, shown while it is on screen. */
  form: FormShown
}

/**
 * One swap being carried out, for the element. It comes in one chunk with the execution code (wallet
 * code, delivery tracking and progress views), which the element loads on the first Swap (or to
 * resume a tracked swap): one request, where a controller chunk loading the execution chunk made two
 * in a row. It hands the swap to that code (`executing.run`), which keeps
 * the progress view, the deposit instructions and their QR code, follows the funds to delivery, and
 * reports each step and the outcome as the element's events. A swap that never reached the wallet
 * gives the form back (`onFormBack`, with a message for the user); an element that left the page
 * stops its swap (`stop`); a swap tracked before a reload is picked up again (`resume`).
 *
 * @example
 * private readonly execution = new ExecutionController(this, { onFormBack, focus, say })
 * await this.execution.start({ quote, address, provider, account, form })
 */
export class ExecutionController {
  /** The running or finished swap's view; undefined while the form shows. */
  view: ExecutionView | undefined
  deposit: DepositInstructions | undefined
  qrDataUrl: string | undefined
  /** The execution code: its views, the run and the resume. */
  readonly executing: Executing = executing
  /** The current swap's; a swap whose controller is no longer this one reports nothing. */
  abort: AbortController | undefined
  /** Schedule the status polls: the host's timers (its `clock`), the page's when it gives none. */
  readonly timers: DelayTimers

  readonly host: ExecutionHost
  readonly focus: (part: string, options?: { onlyIfFocusHere?: boolean }) => Promise<void>
  private readonly onFormBack: () => void
  private readonly say: (message: string | undefined) => void
  /** The host's clock, for the quote's freshness and the receipt's deadline; unset, `Date.now`. */
  readonly now: (() => number) | undefined

  constructor(
    host: ExecutionHost,
    {
      onFormBack,
      focus,
      say,
      now,
      timers = realTimers,
    }: {
      /** The form is back (an execution that never started, or "New quote"): ask for a fresh quote. */
      onFormBack: () => void
      focus: (part: string, options?: { onlyIfFocusHere?: boolean }) => Promise<void>
      /** Shows (or clears) a message beside the wallet. */
      say: (message: string | undefined) => void
      /** The host's clock, for the quote's freshness and the receipt's deadline; unset, `Date.now`. */
      now?: () => number
      /** The host's timers, for the delivery status polls. */
      timers?: DelayTimers
    },
  ) {
    this.host = host
    this.onFormBack = onFormBack
    this.focus = focus
    this.say = say
    this.now = now
    this.timers = timers
  }

  get running(): boolean {
    return this.view?.status === 'running'
  }

  async start(parameters: StartExecutionParameters): Promise<void> {
    const expiresAtMs = Date.parse(parameters.quote.expiresAt)
    this.view = { status: 'running', steps: [], form: parameters.form, expiresAtMs }
    this.say(undefined)
    this.host.requestUpdate()
    const controller = new AbortController()
    this.abort = controller
    try {
      // The pressed button is now disabled and goes once this ends: focus follows the progress,
      // unless the user has gone elsewhere on the page meanwhile.
      await this.focus('progress', { onlyIfFocusHere: true })
      controller.signal.throwIfAborted()
      await this.executing.run(this, parameters, controller)
    } catch {
      if (controller.signal.aborted) return
      // Nothing was sent (the wallet could not be wrapped): back to the form.
      this.cancelStart(controller, 'The swap could not be started. Check your wallet and try again.')
    }
  }

  /**
   * Shows again, and follows on, a swap this page tracked before a reload (or while the element was
   * away). The element calls it only when `localStorage` holds such a swap (`hasSwapRecord`).
   */
  resume(): void {
    this.executing.resume(this)
  }

  /**
   * Stops a running swap when the element has left the page: nothing is followed any more, and the
   * view says so (with the link of a transaction already sent) and offers a new quote.
   */
  stop(): void {
    if (this.view?.status !== 'running') return
    this.abort?.abort(new DOMException('The element was removed.', 'AbortError'))
    const message = t('This swap was interrupted: the widget was removed from the page while it ran.')
    this.view = { ...this.view, status: 'failed', message, reason: 'interrupted' }
    this.host.requestUpdate()
    this.host.dispatchEvent(new SwapQuoteErrorEvent({ source: 'execution', code: 'interrupted', message }))
  }

  /**
   * The swap has ended: its outcome and "New quote" come into view. The progress took focus when it
   * started, and on a phone the outcome below it was cut off at the screen's edge.
   */
  async revealOutcome(): Promise<void> {
    await this.host.updateComplete
    this.host.renderRoot.querySelector('[part="progress"] ~ button')?.scrollIntoView({ block: 'nearest' })
  }

  /** "New quote": the progress goes, the form comes back. */
  reset(): void {
    this.abort = undefined
    this.view = undefined
    this.deposit = undefined
    this.qrDataUrl = undefined
    this.host.requestUpdate()
    this.onFormBack()
    // "New quote" goes away with the progress: focus moves to where the new quote appears.
    void this.focus('quote')
  }

  /** Undoes a swap that never reached the wallet: the form comes back, with `message` unless it was interrupted. */
  private cancelStart(controller: AbortController, message: string): void {
    if (this.abort !== controller) return
    this.view = undefined
    this.abort = undefined
    this.host.requestUpdate()
    this.onFormBack()
    if (controller.signal.aborted) return
    this.say(message)
    this.host.dispatchEvent(new SwapQuoteErrorEvent({ source: 'execution', code: 'wallet-error', message }))
    void this.focus('action-button', { onlyIfFocusHere: true })
  }
}
