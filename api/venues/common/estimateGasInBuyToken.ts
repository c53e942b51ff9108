import type { VenueRequest } from '../venue'

export type EstimateGasInBuyTokenParameters = {
  request: VenueRequest
  /** Gas the sender pays, in wei of the sell chain's native coin. */
  gasWei: bigint
  /** The quote's expected output, to convert through the quote's own rate. */
  buyAmount: bigint
  /**
   * USD mid prices the venue stated itself, used only where the request has no `gasRate`: every venue
   * of a race converts at the service's one rate when it has one, so the ranking compares alike.
   */
  rate?: VenueRequest['gasRate'] | undefined
}

/**
 * The gas a transaction route costs the user, in buy-token base units: 1:1 when the buy token is the
 * sell chain's native coin (or its wrapped form) on the same chain; through the quote's own rate when
 * the sell token is the native coin; otherwise at USD mid prices of the native coin and the buy token,
 * or of the sell token and then the quote's own rate (the request's `gasRate` from the service's
 * price book, else the venue's own `rate`), so a token-to-token swap's gas counts against its output as
 * an ETH swap's does. Without any of them `undefined` (the ranking then compares outputs only). Rounded
 * up: it is a cost.
 */
export function estimateGasInBuyToken({
  request,
  gasWei,
  buyAmount,
  rate,
}: EstimateGasInBuyTokenParameters): bigint | undefined {
  const sameChain = request.sellChain.chainId === request.buyChain.chainId
  if (sameChain && (request.buyToken.kind === 'native' || request.buyToken.wrapsNative)) return gasWei
  if (request.sellToken.kind === 'native' && request.sellAmount > 0n) {
    const numerator = gasWei * buyAmount
    return (numerator + request.sellAmount - 1n) / request.sellAmount
  }
  const prices = request.gasRate ?? rate
  if (!prices) return undefined
  // wei × $/native ÷ 10^native decimals = dollars; ÷ $/token × 10^token decimals = token base units.
  const dollars = gasWei * prices.nativePriceE18
  const nativeScale = 10n ** BigInt(request.sellChain.nativeDecimals)
  let numerator: bigint
  let denominator: bigint
  if (prices.buyPriceE18) {
    numerator = dollars * 10n ** BigInt(request.buyToken.decimals)
    denominator = prices.buyPriceE18 * nativeScale
  } else if (prices.sellPriceE18 && request.sellAmount > 0n) {
    // In sell-token units, then through the quote's own rate.
    numerator = dollars * 10n ** BigInt(request.sellToken.decimals) * buyAmount
    denominator = prices.sellPriceE18 * nativeScale * request.sellAmount
  } else return undefined
  return (numerator + denominator - 1n) / denominator
}
