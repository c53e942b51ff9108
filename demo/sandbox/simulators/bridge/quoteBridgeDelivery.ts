/** The bridge's proportional fee, parts per million of the bridged amount (5 bps). */
export const BRIDGE_FEE_PPM = 500n

/** The bridge's flat relayer fee in US cents, charged in the bridged token at its sandbox price. */
export const BRIDGE_FLAT_FEE_CENTS = 5n

export type QuoteBridgeDeliveryParameters = {
  /** What the bridge locked on the source chain, base units of the source token. */
  lockedAmount: bigint
  fromDecimals: number
  toDecimals: number
  /** The bridged token's sandbox price in whole dollars; without one there is no flat fee. */
  priceUsd?: bigint | undefined
}

/** What the relayer owes for a locked amount: the bridge fee (source units) and the delivery (destination units). */
export type BridgeDelivery = { bridgeFee: bigint; amountOut: bigint }

/**
 * Prices a sandbox bridge delivery, the same for the quote and for the relayer: 5 bps of the locked
 * amount plus a flat 5-cent relayer fee, both rounded up (fees never under-charge), then the rest is
 * converted to the destination token's decimals, rounded down (the recipient is never over-promised).
 * `amountOut` is 0 when the fee eats the whole amount.
 *
 * @example
 * quoteBridgeDelivery({ lockedAmount: 1_000_000_000n, fromDecimals: 6, toDecimals: 6, priceUsd: 1n })
 * // { bridgeFee: 550_000n, amountOut: 999_450_000n }
 */
export function quoteBridgeDelivery({
  lockedAmount,
  fromDecimals,
  toDecimals,
  priceUsd,
}: QuoteBridgeDeliveryParameters): BridgeDelivery {
  const proportional = ceilDiv(lockedAmount * BRIDGE_FEE_PPM, 1_000_000n)
  const flat =
    priceUsd && priceUsd > 0n
      ? ceilDiv(BRIDGE_FLAT_FEE_CENTS * 10n ** BigInt(fromDecimals), 100n * priceUsd)
      : 0n
  const bridgeFee = proportional + flat
  if (lockedAmount <= bridgeFee) return { bridgeFee, amountOut: 0n }
  const net = lockedAmount - bridgeFee
  const amountOut =
    toDecimals >= fromDecimals
      ? net * 10n ** BigInt(toDecimals - fromDecimals)
      : net / 10n ** BigInt(fromDecimals - toDecimals)
  return { bridgeFee, amountOut }
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator
}
