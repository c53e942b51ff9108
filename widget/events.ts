import type { Quote } from '../shared/schemas'
import type { ExecuteQuoteReturnType, ExecutionStepEvent } from '../shared/wallet'

const options = { bubbles: true, composed: true } as const

/** A new quote is shown. */
export class SwapQuoteQuoteEvent extends Event {
  static readonly eventName = 'swap-quote:quote'
  readonly quote: Quote
  constructor(quote: Quote) {
    super(SwapQuoteQuoteEvent.eventName, options)
    this.quote = quote
  }
}

/** The user changed an input; `name` is the attribute's name, `value` its new value. */
export class SwapQuoteChangeEvent extends Event {
  static readonly eventName = 'swap-quote:change'
  readonly name: string
  readonly value: string
  constructor(name: string, value: string) {
    super(SwapQuoteChangeEvent.eventName, options)
    this.name = name
    this.value = value
  }
}

/**
 * The user asked to connect a wallet. Cancelable: a host that calls `preventDefault()` opens its own
 * wallet modal and then sets the element's `provider` property.
 */
export class SwapQuoteConnectEvent extends Event {
  static readonly eventName = 'swap-quote:connect'
  constructor() {
    super(SwapQuoteConnectEvent.eventName, { ...options, cancelable: true })
  }
}

/** The user asked to execute `quote`. Cancelable: `preventDefault()` vetoes the execution. */
export class SwapQuoteBeforeExecuteEvent extends Event {
  static readonly eventName = 'swap-quote:before-execute'
  readonly quote: Quote
  constructor(quote: Quote) {
    super(SwapQuoteBeforeExecuteEvent.eventName, { ...options, cancelable: true })
    this.quote = quote
  }
}

/** One execution step was reached (`approve:pending`, `swap:confirmed`, `order:filled`, ...). */
export class SwapQuoteStepEvent extends Event {
  static readonly eventName = 'swap-quote:step'
  readonly step: ExecutionStepEvent
  constructor(step: ExecutionStepEvent) {
    super(SwapQuoteStepEvent.eventName, options)
    this.step = step
  }
}

/** A transaction was sent or an order posted: the hash or uid is known, the outcome not yet. */
export class SwapQuoteSubmittedEvent extends Event {
  static readonly eventName = 'swap-quote:submitted'
  readonly chainId: number | undefined
  readonly txHash: `0x${string}` | undefined
  readonly orderUid: string | undefined
  constructor({ chainId, txHash, orderUid }: ExecutionStepEvent) {
    super(SwapQuoteSubmittedEvent.eventName, options)
    this.chainId = chainId
    this.txHash = txHash
    this.orderUid = orderUid
  }
}

/** The execution reached its goal: confirmed, filled, or deposit instructions shown. */
export class SwapQuoteDoneEvent extends Event {
  static readonly eventName = 'swap-quote:done'
  readonly result: Extract<ExecuteQuoteReturnType, { status: 'confirmed' | 'filled' | 'instructions' }>
  constructor(result: SwapQuoteDoneEvent['result']) {
    super(SwapQuoteDoneEvent.eventName, options)
    this.result = result
  }
}

/**
 * Something failed. `code` is the API's error code for a quote failure, or the execution's reason
 * (`rejected`, `quote-expired`, `reverted`, ...) for an execution failure; `message` is plain words.
 */
export class SwapQuoteErrorEvent extends Event {
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
    super(SwapQuoteErrorEvent.eventName, options)
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
