/** Basis points in a whole. */
export const BPS = 10_000n

export type Rounding = 'down' | 'up'

/**
 * `amount * bps / 10000` in base units, rounded as asked. Round fees up and guaranteed minimums
 * down, so a quote never over-promises.
 *
 * @example
 * applyBps({ amount: 1001n, bps: 30, rounding: 'up' }) // 4n (3.003 rounded up)
 */
export function applyBps({
  amount,
  bps,
  rounding,
}: {
  amount: bigint
  bps: number
  rounding: Rounding
}): bigint {
  const numerator = amount * BigInt(bps)
  const quotient = numerator / BPS
  return rounding === 'up' && quotient * BPS !== numerator ? quotient + 1n : quotient
}
