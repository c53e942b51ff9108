/**
 * The request's slippage (percent, 0 < s <= 50) in parts per million of the output, the finest unit
 * any venue takes: 0.5 % is 5000 ppm, 50 bps. Rounded to the nearest ppm (a float percent such as
 * 0.07 is 700.0000000000001 ppm before rounding).
 *
 * @example
 * slippagePercentToPpm(0.5) // 5000
 */
export function slippagePercentToPpm(percent: number): number {
  return Math.round(percent * 10_000)
}

/**
 * `amount` lowered by `ppm` of itself the way CoW's SDK does it (`amount - floor(amount * ppm / 1e6)`),
 * so a signed limit matches what the SDK would sign. That is the exact floor rounded up: at most one
 * base unit above `amount * (1 - ppm / 1e6)`, a limit one unit stricter than the slippage asked for.
 */
export function applySlippageFloor(amount: bigint, ppm: number): bigint {
  return amount - (amount * BigInt(ppm)) / 1_000_000n
}
