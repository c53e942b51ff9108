import { describe, expect, it } from 'vitest'
import { computeRate } from './computeRate'

describe('computeRate', () => {
  it('gives the buy amount per one whole sell token across different decimals', () => {
    // 1 WETH (18 decimals) -> 3138.985215 USDC (6 decimals)
    expect(
      computeRate({ sellAmount: 10n ** 18n, sellDecimals: 18, buyAmount: 3_138_985_215n, buyDecimals: 6 }),
    ).toBe(3138.985215)
    // 0.5 WETH -> 1500 USDC is 3000 per WETH
    expect(
      computeRate({
        sellAmount: 5n * 10n ** 17n,
        sellDecimals: 18,
        buyAmount: 1_500_000_000n,
        buyDecimals: 6,
      }),
    ).toBe(3000)
    // 3000 USDC -> 1 WETH is 1/3000 per USDC, cut at 18 fraction digits
    expect(
      computeRate({ sellAmount: 3_000_000_000n, sellDecimals: 6, buyAmount: 10n ** 18n, buyDecimals: 18 }),
    ).toBe(0.000333333333333333)
    // 0.1 BTC (8 decimals) -> 2.5 ETH (18 decimals)
    expect(
      computeRate({ sellAmount: 10_000_000n, sellDecimals: 8, buyAmount: 25n * 10n ** 17n, buyDecimals: 18 }),
    ).toBe(25)
  })

  it('handles a buy token with more than 18 decimals more than the sell token', () => {
    expect(
      computeRate({ sellAmount: 1n, sellDecimals: 0, buyAmount: 2n * 10n ** 24n, buyDecimals: 24 }),
    ).toBe(2)
  })

  it('returns 0 for a zero sell amount instead of dividing by zero', () => {
    expect(computeRate({ sellAmount: 0n, sellDecimals: 18, buyAmount: 1n, buyDecimals: 6 })).toBe(0)
  })
})
