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
 * `amount` lowered by `ppm` of itself, rounded so the floor never over-promises: the slippage taken
 * off is rounded down and subtracted, the way CoW's SDK does (`amount - floor(amount * ppm / 1e6)`).
 */
export function applySlippageFloor(amount: bigint, ppm: number): bigint {
  return amount - (amount * BigInt(ppm)) / 1_000_000n
}
