import { applySlippageFloor } from '../common/slippagePercentToPpm'

export type ComputeCowOrderAmountsParameters = {
  /** `quote.sellAmount`: the input less the network fee. */
  quoteSellAmount: bigint
  /** `quote.buyAmount`: net of CoW's protocol fee, not of partner fees or slippage. */
  quoteBuyAmount: bigint
  /** `quote.feeAmount`: the network cost in sell-token atoms (informational: orders sign 0). */
  quoteFeeAmount: bigint
  /** `protocolFeeBps` of the answer, when present. */
  protocolFeeBps: number
  /** Total volume bps of the app data's partner-fee policies. */
  partnerFeeBps: number
  /** Slippage tolerance in parts per million (50 bps = 5000). */
  slippagePpm: number
}

export type CowOrderAmounts = {
  /** What the order signs as `sellAmount`: the whole input (fee folded back). */
  sellAmount: bigint
  /** Expected output after partner fees: the quote's `buyAmount` and the net output. */
  buyAmountAfterFees: bigint
  /** What the order signs as `buyAmount`: after partner fees and slippage, the floor. */
  buyAmount: bigint
  partnerFeeAmount: bigint
  /** The buy-token volume partner-fee policies are taken from (the SDK's `partnerFee` basis). */
  volume: bigint
}

/**
 * The amounts of a sell order from CoW's quote, as `venues/cow.md` works them out (the official SDK's
 * math): `sellAmount = quote.sellAmount + feeAmount` with `feeAmount` signed as 0, and
 * `buyAmount = (quote.buyAmount − partnerFee) × (1 − slippage)` where
 * `partnerFee = bps/10000 × (quote.buyAmount + feeAmount in buy token + protocol fee)`; the network fee
 * converts at the quote's price, the protocol fee is reversed from the net amount
 * (`buyAmount × p / (10000 − p)`). Every division rounds down, as the SDK's does.
 *
 * @example
 * // cow.md: 999398000 + 602000 sold, 399679248000000000 quoted, 2 bps protocol, 25 bps partner, 50 bps slippage
 * computeCowOrderAmounts({ ... }).buyAmount // 396685851880196320n
 */
export function computeCowOrderAmounts({
  quoteSellAmount,
  quoteBuyAmount,
  quoteFeeAmount,
  protocolFeeBps,
  partnerFeeBps,
  slippagePpm,
}: ComputeCowOrderAmountsParameters): CowOrderAmounts {
  // Protocol fee bps may carry decimals; scaled by 1e5 as the SDK does.
  const protocolScaled = BigInt(Math.round(protocolFeeBps * 100_000))
  const protocolFeeAmount =
    protocolScaled > 0n ? (quoteBuyAmount * protocolScaled) / (10_000n * 100_000n - protocolScaled) : 0n
  const networkFeeInBuyToken = quoteSellAmount > 0n ? (quoteFeeAmount * quoteBuyAmount) / quoteSellAmount : 0n
  const volume = quoteBuyAmount + networkFeeInBuyToken + protocolFeeAmount
  const partnerFeeAmount = (volume * BigInt(partnerFeeBps)) / 10_000n
  const buyAmountAfterFees = quoteBuyAmount > partnerFeeAmount ? quoteBuyAmount - partnerFeeAmount : 0n
  return {
    sellAmount: quoteSellAmount + quoteFeeAmount,
    buyAmountAfterFees,
    buyAmount: applySlippageFloor(buyAmountAfterFees, slippagePpm),
    partnerFeeAmount,
    volume,
  }
}
