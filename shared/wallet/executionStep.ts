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

/** One progress report: the step and, once known, the transaction hash or order uid it concerns. */
export type ExecutionStepEvent = {
  step: ExecutionStep
  chainId?: number
  txHash?: `0x${string}`
  orderUid?: string
}

/** Receives each progress report as it happens. */
export type OnExecutionStep = (event: ExecutionStepEvent) => void
