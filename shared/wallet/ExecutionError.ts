/**
 * Why an execution stopped short of its goal. `rejected` is the user declining in the wallet
 * (EIP-1193 code 4001); every other reason is a state of the quote, the wallet or the venue.
 */
export type ExecutionFailureReason =
  | 'rejected'
  | 'quote-expired'
  | 'wrong-chain'
  | 'wrong-account'
  | 'reverted'
  | 'receipt-timeout'
  | 'appdata-rejected'
  | 'order-rejected'
  | 'order-unreachable'
  | 'order-expired'
  | 'order-cancelled'
  | 'order-timeout'
  | 'not-executable'
  | 'insufficient-balance'

/** The wallet request a user can decline. */
export type RejectableStep = 'switch-chain' | 'approve' | 'swap' | 'sign'

export type ExecutionErrorParameters = {
  reason: ExecutionFailureReason
  message: string
  step?: RejectableStep | undefined
  chainId?: number | undefined
  txHash?: `0x${string}` | undefined
  orderUid?: string | undefined
  cause?: unknown
}

/**
 * A step of `executeQuote` that could not complete, with a typed `reason`. The steps throw it and
 * `executeQuote` turns it into its result, so callers of `executeQuote` branch on values instead.
 * (These are wallet and venue states, not HTTP answers, so they are not `SwapError` codes.)
 */
export class ExecutionError extends Error {
  override name = 'ExecutionError'
  readonly reason: ExecutionFailureReason
  readonly step: RejectableStep | undefined
  readonly chainId: number | undefined
  readonly txHash: `0x${string}` | undefined
  readonly orderUid: string | undefined

  constructor({ reason, message, step, chainId, txHash, orderUid, cause }: ExecutionErrorParameters) {
    super(message, cause === undefined ? undefined : { cause })
    this.reason = reason
    this.step = step
    this.chainId = chainId
    this.txHash = txHash
    this.orderUid = orderUid
  }
}
