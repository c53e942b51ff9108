import { describe, expect, it } from 'vitest'
import { listThorAssets } from '../assets/thorAssets'
import { createThorPools } from './createThorPools'
import { applySwap, clpOutput, simulateSwap } from './simulateSwap'

const assets = listThorAssets({ evmChains: ['ETH'] })
const asset = (name: string) => assets.find((candidate) => candidate.asset === name)!

describe('simulateSwap', () => {
  it('uses THORChain’s slip formula x·X·Y / (x + X)²', () => {
    // 10 into a 100/100 pool: 10·100·100 / 110² = 8.26… → 8 (a constant product would give 9)
    expect(clpOutput(10n, 100n, 100n)).toBe((10n * 100n * 100n) / (110n * 110n))
    expect(clpOutput(10n, 100n, 100n)).toBe(8n)
  })

  it('nets the affiliate bps of the output and the outbound fee out of what the pools emit', () => {
    const pools = createThorPools({ assets })
    const swap = simulateSwap({
      pools,
      from: asset('ETH.ETH'),
      to: asset('BTC.BTC'),
      amountIn: 100_000_000n,
      affiliateBps: [10, 5],
    })
    expect(swap.affiliateFees).toEqual([(swap.emit * 10n) / 10_000n, (swap.emit * 5n) / 10_000n])
    expect(swap.outboundFee).toBe(5_000n)
    expect(swap.expectedOut).toBe(swap.emit - swap.affiliateFee - swap.outboundFee)
    // 1 ETH at $3000 is 0.05 BTC at $60000 before fees (less one sat of rounding down through RUNE).
    expect(swap.emit + swap.liquidityFee).toBe(4_999_999n)
  })

  it('slips less when streamed over more sub-swaps', () => {
    const pools = createThorPools({ assets })
    const from = asset('BTC.BTC')
    const to = asset('ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48')
    const single = simulateSwap({ pools, from, to, amountIn: 1_000_000_000n })
    const streamed = simulateSwap({ pools, from, to, amountIn: 1_000_000_000n, quantity: 20 })
    expect(streamed.emit).toBeGreaterThan(single.emit)
  })

  it('moves the pools’ prices in the direction of the trade once applied', () => {
    const pools = createThorPools({ assets })
    const swap = simulateSwap({
      pools,
      from: asset('ETH.ETH'),
      to: asset('BTC.BTC'),
      amountIn: 1_000_000_000n,
    })
    applySwap({ pools, swap, paidOut: swap.expectedOut, runeOut: 0n })
    const again = simulateSwap({
      pools,
      from: asset('ETH.ETH'),
      to: asset('BTC.BTC'),
      amountIn: 1_000_000_000n,
    })
    expect(again.emit).toBeLessThan(swap.emit)
  })
})
