import type { VenueRequest } from '../venue'

export type EstimateGasInBuyTokenParameters = {
  request: VenueRequest
  /** Gas the sender pays, in wei of the sell chain's native coin. */
  gasWei: bigint
  /** The quote's expected output, to convert through the quote's own rate. */
  buyAmount: bigint
}

/**
 * The gas a transaction route costs the user, in buy-token base units, where it can be expressed
 * without an outside price: 1:1 when the buy token is the sell chain's native coin (or its wrapped
 * form) on the same chain, and through the quote's own rate when the sell token is the native coin.
 * Otherwise `undefined` (the ranking then compares outputs only). Rounded up: it is a cost.
 */
export function estimateGasInBuyToken({
  request,
  gasWei,
  buyAmount,
}: EstimateGasInBuyTokenParameters): bigint | undefined {
  const sameChain = request.sellChain.chainId === request.buyChain.chainId
  if (sameChain && (request.buyToken.kind === 'native' || request.buyToken.wrapsNative)) return gasWei
  if (request.sellToken.kind === 'native' && request.sellAmount > 0n) {
    const numerator = gasWei * buyAmount
    return (numerator + request.sellAmount - 1n) / request.sellAmount
  }
  return undefined
}
