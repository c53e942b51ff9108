import type { AssetRef, Quote } from '../schemas'

/** What the user sends, and where, on a deposit route (contract 4.3, rule 5). */
export type DepositInstructions = {
  /** Where to send the sell asset. */
  address: string
  /** Attach verbatim; a deposit without it cannot be matched to the swap. */
  memo: string | undefined
  /** `sellAmount`, human units of `asset`. */
  amount: string
  asset: AssetRef
  /** The sell chain's symbol: send from a wallet on this chain. */
  chain: string
  /** Send before this time, or get a fresh quote. */
  expiresAt: string
}

/**
 * The deposit instructions of a memo route, or `undefined` when the quote is not one. Nothing is
 * sent: a deposit usually leaves from a wallet this page cannot drive (Bitcoin, Cosmos).
 */
export function getDepositInstructions(quote: Quote): DepositInstructions | undefined {
  if (quote.depositAddress === undefined) return undefined
  return {
    address: quote.depositAddress,
    memo: quote.memo,
    amount: quote.sellAmount,
    asset: quote.sellToken,
    chain: quote.sellChain,
    expiresAt: quote.expiresAt,
  }
}
