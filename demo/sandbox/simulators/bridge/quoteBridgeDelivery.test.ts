import { describe, expect, it } from 'vitest'
import { quoteBridgeDelivery } from './quoteBridgeDelivery'

describe('quoteBridgeDelivery', () => {
  it('takes 5 bps plus a 5-cent flat fee, rounded up, and delivers the rest', () => {
    const lockedAmount = 1_000_000_000n
    const bridgeFee = (lockedAmount * 500n + 999_999n) / 1_000_000n + 50_000n
    expect(quoteBridgeDelivery({ lockedAmount, fromDecimals: 6, toDecimals: 6, priceUsd: 1n })).toEqual({
      bridgeFee,
      amountOut: lockedAmount - bridgeFee,
    })
    expect(bridgeFee).toBe(550_000n)
    // 0.05 $ of ETH at 3000 $, rounded up: 16_666_666_666_667 wei.
    expect(
      quoteBridgeDelivery({ lockedAmount: 10n ** 18n, fromDecimals: 18, toDecimals: 18, priceUsd: 3_000n }),
    ).toEqual({
      bridgeFee: 500_000_000_000_000n + 16_666_666_666_667n,
      amountOut: 10n ** 18n - 516_666_666_666_667n,
    })
  })

  it('converts between decimals, rounding the delivery down', () => {
    const toBsc = quoteBridgeDelivery({ lockedAmount: 2_000_001n, fromDecimals: 6, toDecimals: 18 })
    expect(toBsc).toEqual({ bridgeFee: 1_001n, amountOut: 1_999_000n * 10n ** 12n })
    const fromBsc = quoteBridgeDelivery({ lockedAmount: 10n ** 18n + 999n, fromDecimals: 18, toDecimals: 6 })
    // 1e18 + 999 less ceil((1e18 + 999) * 5e-4) = 5e14 + 1 leaves 999_500_000_000_000_998, floored to 6 decimals.
    expect(fromBsc).toEqual({ bridgeFee: 5n * 10n ** 14n + 1n, amountOut: 999_500n })
  })

  it('delivers nothing when the fee eats the whole amount', () => {
    expect(
      quoteBridgeDelivery({ lockedAmount: 50_000n, fromDecimals: 6, toDecimals: 6, priceUsd: 1n }).amountOut,
    ).toBe(0n)
  })
})
