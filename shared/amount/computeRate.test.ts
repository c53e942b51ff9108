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
    // 3000 USDC -> 1 WETH is 1/3000 per USDC, to every digit a number holds
    expect(
      computeRate({ sellAmount: 3_000_000_000n, sellDecimals: 6, buyAmount: 10n ** 18n, buyDecimals: 18 }),
    ).toBe(1 / 3000)
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

  it('keeps a rate far below one per unit, which 18 fraction digits would cut to 0', () => {
    // 10^26 ETH for 39,999,999.999999 USDC: 4e-19 USDC per ETH, not 0.
    expect(
      computeRate({
        sellAmount: 10n ** 44n,
        sellDecimals: 18,
        buyAmount: 39_999_999_999_999n,
        buyDecimals: 6,
      }),
    ).toBe(3.9999999999999e-19)
    expect(computeRate({ sellAmount: 10n ** 60n, sellDecimals: 0, buyAmount: 7n, buyDecimals: 0 })).toBe(
      7e-60,
    )
    // 1 wei of a 24-decimal token per 100 whole units of a 0-decimal one.
    expect(computeRate({ sellAmount: 100n, sellDecimals: 0, buyAmount: 1n, buyDecimals: 24 })).toBe(1e-26)
  })

  it('returns 0 for a zero sell amount instead of dividing by zero', () => {
    expect(computeRate({ sellAmount: 0n, sellDecimals: 18, buyAmount: 1n, buyDecimals: 6 })).toBe(0)
  })
})
