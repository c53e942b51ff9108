import { describe, expect, it } from 'vitest'
import { computePriceImpact } from './computePriceImpact'

const E18 = 10n ** 18n

describe('computePriceImpact', () => {
  it('states what is given up against the mid price: 1 ETH at $3000 for 2400 USDC at $1 is 20%', () => {
    expect(
      computePriceImpact({
        sellAmount: E18,
        sellDecimals: 18,
        sellPriceE18: 3000n * E18,
        buyAmount: 2_400_000_000n,
        buyDecimals: 6,
        buyPriceE18: E18,
      }),
    ).toEqual({
      // (1 - 2400 / 3000) * 10000 = 2000
      priceImpactBps: 2000,
      sellValueUsd: '3000.00',
      buyValueUsd: '2400.00',
    })
  })

  it('rounds the impact up, so a loss is never understated', () => {
    // 1 - 2999.99 / 3000 = 0.0000033… = 0.033 bps, shown as 1 bp
    const { priceImpactBps } = computePriceImpact({
      sellAmount: E18,
      sellDecimals: 18,
      sellPriceE18: 3000n * E18,
      buyAmount: 2_999_990_000n,
      buyDecimals: 6,
      buyPriceE18: E18,
    })
    expect(priceImpactBps).toBe(1)
  })

  it('counts the network cost paid beside the swap against what arrives, up to all of it', () => {
    // 30 USDC at $1 for 0.0099 ETH at $3000 ($29.70), with $2.25 of gas paid beside it (0.00075 ETH):
    // 1 - (29.70 - 2.25) / 30 = 8.5%; the dollar value of what arrives is unchanged.
    const small = {
      sellAmount: 30_000_000n,
      sellDecimals: 6,
      sellPriceE18: E18,
      buyAmount: 9_900_000_000_000_000n,
      buyDecimals: 18,
      buyPriceE18: 3000n * E18,
    }
    expect(computePriceImpact(small)).toMatchObject({ priceImpactBps: 100, buyValueUsd: '29.70' })
    expect(computePriceImpact({ ...small, costInBuyToken: 750_000_000_000_000n })).toEqual({
      priceImpactBps: 850,
      sellValueUsd: '30.00',
      buyValueUsd: '29.70',
    })
    // 0.1 USDC for 0.0000331 ETH ($0.0993) with the same gas: the gas is worth more than what arrives.
    const tiny = { ...small, sellAmount: 100_000n, buyAmount: 33_100_000_000_000n }
    expect(computePriceImpact({ ...tiny, costInBuyToken: 750_000_000_000_000n })).toEqual({
      priceImpactBps: 10_000,
      sellValueUsd: '0.10',
      // Below a dollar, to the millionth: a price read back from "0.09" would be a tenth off.
      buyValueUsd: '0.0993',
    })
    const dust = { ...small, sellAmount: 1n, buyAmount: 1_700_000_000n }
    expect(computePriceImpact(dust)).toMatchObject({ sellValueUsd: '0.000001', buyValueUsd: '0.000005' })
  })

  it('is negative when the quote beats the mid price, and exact in cents with odd decimals', () => {
    // 1.5 WBTC (8 decimals) at $60000.5 = 90000.75; 91000.123456 USDC at $0.9998 = 90981.923…
    // (1 - 90981.9237… / 90000.75) * 10000 = -109.01… → rounded up to -109
    expect(
      computePriceImpact({
        sellAmount: 150_000_000n,
        sellDecimals: 8,
        sellPriceE18: 60_000_500_000_000_000_000_000n,
        buyAmount: 91_000_123_456n,
        buyDecimals: 6,
        buyPriceE18: 999_800_000_000_000_000n,
      }),
    ).toEqual({ priceImpactBps: -109, sellValueUsd: '90000.75', buyValueUsd: '90981.92' })
  })

  it('reaches nearly 10000 bps for an absurd amount that buys almost nothing', () => {
    // 99,999,999,999,999 ETH at $3000 for 40,000,000 USDC: 1 - 4e7 / 3e17 ≈ 0.99999999987 → 10000
    const { priceImpactBps } = computePriceImpact({
      sellAmount: 99_999_999_999_999n * E18,
      sellDecimals: 18,
      sellPriceE18: 3000n * E18,
      buyAmount: 40_000_000_000_000n,
      buyDecimals: 6,
      buyPriceE18: E18,
    })
    expect(priceImpactBps).toBe(10000)
  })
})
