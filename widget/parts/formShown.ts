import type { Token } from '../../shared/schemas'

/**
 * What the element's form fields show: the inputs as they stand, or those of the swap on screen
 * (`ExecutionView.form`), which the host may have changed since.
 */
export type FormShown = {
  sellChain: string
  /** The `sell-token` value: a symbol, CAIP id or address. */
  sellToken: string
  buyChain: string
  buyToken: string
  /** The amount as typed, in the sell token's units. */
  amount: string
  recipient: string
  refundAddress: string
  /** The listed tokens the token values name, if they name one. */
  sellInfo?: Token | undefined
  buyInfo?: Token | undefined
  /** Where the output goes when the recipient field is empty: the connected wallet. */
  walletRecipient: string
}
