/**
 * The progress of an execution, in the order a route reaches them:
 * chain switch, approval, transaction, or signed order, or deposit instructions.
 */
export type ExecutionStep =
  | 'chain:switching'
  | 'chain:switched'
  | 'approve:pending'
  | 'approve:sent'
  | 'approve:confirmed'
  | 'swap:pending'
  | 'swap:sent'
  | 'swap:confirmed'
  | 'appdata:uploaded'
  | 'sign:pending'
  | 'sign:signed'
  | 'order:posted'
  | 'order:filled'
  | 'order:expired'
  | 'order:cancelled'
  | 'deposit:instructions'

/**
 * One progress report: the step and, once known, the transaction hash or order uid it concerns.
 * An approval the wallet's current allowance already covers is not sent and reports no `approve:*`
 * step at all.
 */
export type ExecutionStepEvent = {
  step: ExecutionStep
  chainId?: number
  txHash?: `0x${string}`
  orderUid?: string
  /**
   * `true` on the `approve:*` steps of the transaction that sets a leftover, too small allowance to 0
   * before the exact approval (some tokens, USDT among them, refuse to change one non-zero allowance
   * into another). The exact approval's own steps follow without it.
   */
  allowanceReset?: boolean
}

/** Receives each progress report as it happens. */
export type OnExecutionStep = (event: ExecutionStepEvent) => void
