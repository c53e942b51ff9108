import type { Quote, StatusTx } from '../shared/schemas'
import type { ExecuteQuoteReturnType, ExecutionStepEvent } from '../shared/wallet'

const options = { bubbles: true, composed: true } as const

/*
 * Every event is a `CustomEvent` that bubbles and crosses shadow roots. Its payload is both typed
 * fields on the event (`event.quote`) and `event.detail` (`event.detail.quote`), so plain DOM
 * listeners, frameworks that read `detail`, and React 19's `on…` props on custom elements all see it.
 */

/** A new quote is shown. */
export class SwapQuoteQuoteEvent extends CustomEvent<{ quote: Quote }> {
  static readonly eventName = 'swap-quote:quote'
  readonly quote: Quote
  constructor(quote: Quote) {
    super(SwapQuoteQuoteEvent.eventName, { ...options, detail: { quote } })
    this.quote = quote
  }
}

/**
 * The user changed an input; `name` is the attribute's name (`sell-chain`, `sell-token`, `buy-chain`,
 * `buy-token`, `amount`, `recipient` or `refund-address`), `value` its new value.
 */
export class SwapQuoteChangeEvent extends CustomEvent<{ name: string; value: string }> {
  static readonly eventName = 'swap-quote:change'
  readonly name: string
  readonly value: string
  constructor(name: string, value: string) {
    super(SwapQuoteChangeEvent.eventName, { ...options, detail: { name, value } })
    this.name = name
    this.value = value
  }
}

/**
 * The user asked to connect a wallet. Cancelable: a host that calls `preventDefault()` opens its own
 * wallet modal and then sets the element's `provider` property.
 */
export class SwapQuoteConnectEvent extends CustomEvent<Record<string, never>> {
  static readonly eventName = 'swap-quote:connect'
  constructor() {
    super(SwapQuoteConnectEvent.eventName, { ...options, cancelable: true, detail: {} })
  }
}

/** The user asked to execute `quote`. Cancelable: `preventDefault()` vetoes the execution. */
export class SwapQuoteBeforeExecuteEvent extends CustomEvent<{ quote: Quote }> {
  static readonly eventName = 'swap-quote:before-execute'
  readonly quote: Quote
  constructor(quote: Quote) {
    super(SwapQuoteBeforeExecuteEvent.eventName, { ...options, cancelable: true, detail: { quote } })
    this.quote = quote
  }
}

/**
 * One execution step was reached. `step` is the progress report itself: `step.step` names it
 * (`approve:pending`, `swap:confirmed`, `order:filled`, ...), with its `chainId`, `txHash` or
 * `orderUid` once known.
 */
export class SwapQuoteStepEvent extends CustomEvent<{ step: ExecutionStepEvent }> {
  static readonly eventName = 'swap-quote:step'
  readonly step: ExecutionStepEvent
  constructor(step: ExecutionStepEvent) {
    super(SwapQuoteStepEvent.eventName, { ...options, detail: { step } })
    this.step = step
  }
}

/**
 * The swap transaction was sent or the order posted: the hash or uid is known, the outcome not yet.
 * An approval's hash comes with the `approve:sent` step only.
 */
export class SwapQuoteSubmittedEvent extends CustomEvent<{
  chainId: number | undefined
  txHash: `0x${string}` | undefined
  orderUid: string | undefined
}> {
  static readonly eventName = 'swap-quote:submitted'
  readonly chainId: number | undefined
  readonly txHash: `0x${string}` | undefined
  readonly orderUid: string | undefined
  constructor({ chainId, txHash, orderUid }: ExecutionStepEvent) {
    super(SwapQuoteSubmittedEvent.eventName, { ...options, detail: { chainId, txHash, orderUid } })
    this.chainId = chainId
    this.txHash = txHash
    this.orderUid = orderUid
  }
}

/**
 * How a swap followed to delivery ended, by its `GET /status`: `delivered` (at least the minimum reached
 * the recipient) or `refunded` (the venue gave the funds back on the sell chain). `sourceTx` is what
 * the user sent (or the order uid), `destinationTx` the delivery or refund, `deliveredAmount` what
 * arrived in human units (of the buy token, or of the sell token for a refund), `reason` why, in words.
 */
export type SwapDeliveryResult = {
  status: 'delivered' | 'refunded'
  route: 'tx' | 'order' | 'deposit'
  quoteId: string
  sourceTx?: StatusTx
  destinationTx?: StatusTx
  deliveredAmount?: string
  reason?: string
}

/**
 * The swap reached its end. A quote with a `quoteId` is followed to delivery, so `result.status` is
 * `delivered` or `refunded` (check which: a refund is an end, not a success); a swap that failed to
 * deliver is a `swap-quote:error` with code `delivery-failed`. A quote without one (an older API) is
 * done when its transaction is `confirmed`, its order `filled`, or its deposit `instructions` show.
 */
export class SwapQuoteDoneEvent extends CustomEvent<{ result: SwapQuoteDoneEvent['result'] }> {
  static readonly eventName = 'swap-quote:done'
  readonly result:
    Extract<ExecuteQuoteReturnType, { status: 'confirmed' | 'filled' | 'instructions' }> | SwapDeliveryResult
  constructor(result: SwapQuoteDoneEvent['result']) {
    super(SwapQuoteDoneEvent.eventName, { ...options, detail: { result } })
    this.result = result
  }
}

/**
 * Something failed. `code` is the API's error code (or `NETWORK`) for a quote failure; `rejected` or
 * `wallet-error` for a wallet request; for an execution failure the execution's reason (`rejected`,
 * `quote-expired`, `reverted`, `receipt-timeout`, `order-unreachable`, ...), `wallet-error`, `interrupted` when the
 * element was removed from the page mid-execution, or `delivery-failed` when `/status` reports a
 * sent swap failed. `message` is plain words.
 */
export class SwapQuoteErrorEvent extends CustomEvent<{
  source: SwapQuoteErrorEvent['source']
  code: string
  message: string
}> {
  static readonly eventName = 'swap-quote:error'
  readonly source: 'quote' | 'execution' | 'wallet'
  readonly code: string
  readonly message: string
  constructor({
    source,
    code,
    message,
  }: {
    source: SwapQuoteErrorEvent['source']
    code: string
    message: string
  }) {
    super(SwapQuoteErrorEvent.eventName, { ...options, detail: { source, code, message } })
    this.source = source
    this.code = code
    this.message = message
  }
}

declare global {
  interface HTMLElementEventMap {
    'swap-quote:quote': SwapQuoteQuoteEvent
    'swap-quote:change': SwapQuoteChangeEvent
    'swap-quote:connect': SwapQuoteConnectEvent
    'swap-quote:before-execute': SwapQuoteBeforeExecuteEvent
    'swap-quote:step': SwapQuoteStepEvent
    'swap-quote:submitted': SwapQuoteSubmittedEvent
    'swap-quote:done': SwapQuoteDoneEvent
    'swap-quote:error': SwapQuoteErrorEvent
  }
}
