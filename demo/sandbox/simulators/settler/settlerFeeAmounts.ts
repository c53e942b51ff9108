import type { SettlerFee } from './encodeSettle'

/**
 * The amounts `SandboxSettler` pays each fee, mirroring its integer math exactly: a sell-token fee is
 * `floor(sellAmount × ppm / 1e6)` and comes off the swap input; a buy-token fee is
 * `floor(swapOutput × ppm / 1e6)` and comes off what the recipient gets.
 */
export function settlerSellFeeAmounts({
  sellAmount,
  fees,
}: {
  sellAmount: bigint
  fees: SettlerFee[]
}): bigint[] {
  return fees.map((fee) => (fee.inBuyToken ? 0n : (sellAmount * BigInt(fee.ppm)) / 1_000_000n))
}

/** Buy-token fee amounts for a swap output (see `settlerSellFeeAmounts`). */
export function settlerBuyFeeAmounts({
  swapOutput,
  fees,
}: {
  swapOutput: bigint
  fees: SettlerFee[]
}): bigint[] {
  return fees.map((fee) => (fee.inBuyToken ? (swapOutput * BigInt(fee.ppm)) / 1_000_000n : 0n))
}
