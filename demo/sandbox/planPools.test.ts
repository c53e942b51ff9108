import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { tokenLists } from '../../shared/tokens'
import { amountForUsd, planPools, type PoolToken } from './planPools'

const poolTokens = (symbol: string): PoolToken[] =>
  (tokenLists[symbol] ?? []).map((token) => ({
    symbol: token.symbol,
    address: getAddress(token.contract),
    decimals: token.decimals,
  }))

describe('planPools', () => {
  it('pairs every curated token with the wrapped native and with USDC on every chain', () => {
    for (const [chain, list] of Object.entries(tokenLists)) {
      const tokens = poolTokens(chain)
      const wrappedNative = tokens.find(
        (token) => list.find((listed) => listed.symbol === token.symbol)?.wrapsNative,
      )
      if (!wrappedNative) continue
      const pools = planPools({ tokens, wrappedNative })
      const hasPool = (a: string, b: string) =>
        pools.some(
          (pool) =>
            (pool.tokenA.symbol === a && pool.tokenB.symbol === b) ||
            (pool.tokenA.symbol === b && pool.tokenB.symbol === a),
        )
      for (const token of tokens) {
        if (token !== wrappedNative)
          expect(hasPool(token.symbol, wrappedNative.symbol), `${chain} ${token.symbol}`).toBe(true)
        if (token.symbol !== 'USDC' && tokens.some((other) => other.symbol === 'USDC')) {
          expect(hasPool(token.symbol, 'USDC'), `${chain} ${token.symbol}/USDC`).toBe(true)
        }
      }
    }
  })

  it('seeds both sides with equal dollar value, so the spot price is the reference price', () => {
    const tokens = poolTokens('ETH')
    const weth = tokens.find((token) => token.symbol === 'WETH')!
    const pools = planPools({ tokens, wrappedNative: weth })
    const wethUsdc = pools.find((pool) => pool.tokenB.symbol === 'USDC')!
    // $5M a side: 5,000,000 / 3000 WETH (rounded down to wei) against 5,000,000 USDC.
    expect(wethUsdc.amountA).toBe((5_000_000n * 10n ** 18n) / 3000n)
    expect(wethUsdc.amountB).toBe(5_000_000_000_000n)
    const usdcWbtc = pools.find((pool) => pool.tokenA.symbol === 'USDC' && pool.tokenB.symbol === 'WBTC')!
    expect(usdcWbtc.amountA).toBe(2_000_000_000_000n)
    expect(usdcWbtc.amountB).toBe((2_000_000n * 10n ** 8n) / 60_000n)
  })

  it('refuses a token without a reference price instead of guessing one', () => {
    expect(() => amountForUsd({ symbol: 'NOPE', decimals: 18 }, 1n)).toThrow(/no reference price for NOPE/)
  })
})
