export type ComputePriceImpactParameters = {
  sellAmount: bigint
  sellDecimals: number
  /** Mid price of one whole sell token, US dollars times 10^18. */
  sellPriceE18: bigint
  buyAmount: bigint
  buyDecimals: number
  /** Mid price of one whole buy token, US dollars times 10^18. */
  buyPriceE18: bigint
  /**
   * What the user pays beside the swap (network gas, a venue fee charged on top), in buy-token base
   * units: it counts against what arrives in the impact, as a fee taken from the output does.
   */
  costInBuyToken?: bigint | undefined
}

export type ComputePriceImpactReturnType = {
  /**
   * `1 - (buyValue - costValue) / sellValue` in basis points, rounded up (toward "worse"): positive is
   * a loss; at most 10000 (all of it), also when the costs beside the swap exceed what arrives.
   */
  priceImpactBps: number
  /** The sell amount at its mid price, dollars with cents (rounded down; to the millionth below $1). */
  sellValueUsd: string
  /** The buy amount at its mid price, dollars with cents (rounded down; to the millionth below $1). */
  buyValueUsd: string
}

/**
 * Values both sides of a quote at mid prices and compares them: the price impact is what the user
 * gives up against the market's mid price, fees taken from the output included (the buy amount is
 * what arrives), and the network cost paid beside the swap too. A CoW order already takes its network
 * cost from the output; without this, a 0x or LI.FI route of a few dollars whose gas is worth more than
 * what arrives read as a small impact. Exact: both values are put over the common denominator
 * `10^(sellDecimals + buyDecimals + 18)` and compared as integers; only the final division rounds,
 * up, so a warning never understates a loss.
 *
 * @example
 * // 1 ETH at $3000 for 2400 USDC at $1: 1 - 2400 / 3000 = 20%
 * computePriceImpact({ sellAmount: 10n ** 18n, sellDecimals: 18, sellPriceE18: 3000n * 10n ** 18n,
 *   buyAmount: 2_400_000_000n, buyDecimals: 6, buyPriceE18: 10n ** 18n }).priceImpactBps // 2000
 */
export function computePriceImpact({
  sellAmount,
  sellDecimals,
  sellPriceE18,
  buyAmount,
  buyDecimals,
  buyPriceE18,
  costInBuyToken = 0n,
}: ComputePriceImpactParameters): ComputePriceImpactReturnType {
  const sellScaled = sellAmount * sellPriceE18
  const buyScaled = buyAmount * buyPriceE18
  const sellCommon = sellScaled * 10n ** BigInt(buyDecimals)
  const keptCommon = (buyAmount - costInBuyToken) * buyPriceE18 * 10n ** BigInt(sellDecimals)
  const impact = sellCommon > 0n ? ceilDiv((sellCommon - keptCommon) * 10_000n, sellCommon) : 0n
  return {
    priceImpactBps: Number(impact > 10_000n ? 10_000n : impact),
    sellValueUsd: toUsd(sellScaled, sellDecimals),
    buyValueUsd: toUsd(buyScaled, buyDecimals),
  }
}

/** Division rounded toward positive infinity, for a positive divisor and a numerator of either sign. */
function ceilDiv(numerator: bigint, divisor: bigint): bigint {
  const quotient = numerator / divisor
  return numerator % divisor > 0n ? quotient + 1n : quotient
}

/**
 * `amount × priceE18` (base units × dollars × 10^18) as dollars, rounded down: with cents from one
 * dollar up, and to the millionth below it (`0.0995`, not `0.09`), so that a price read back from it
 * (a widget's dollar value of the network fee) is not a tenth off on a trade worth cents.
 */
function toUsd(scaled: bigint, decimals: number): string {
  const micros = (scaled * 1_000_000n) / 10n ** BigInt(decimals + 18)
  if (micros >= 1_000_000n) {
    const cents = micros / 10_000n
    return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
  }
  return `0.${String(micros)
    .padStart(6, '0')
    .replace(/(\d\d\d*?)0+$/, '$1')}`
}
