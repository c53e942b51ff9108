import { describe, expect, it } from 'vitest'
import { getPairAddress, sortTokens } from './getPairAddress'

const mainnetFactory = '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

describe('getPairAddress', () => {
  it('derives the real mainnet USDC/WETH pair like UniswapV2Library.pairFor', () => {
    expect(getPairAddress({ factory: mainnetFactory, tokenA: usdc, tokenB: weth })).toBe(
      '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc',
    )
  })

  it('does not depend on the order the tokens are given in', () => {
    expect(getPairAddress({ factory: mainnetFactory, tokenA: weth, tokenB: usdc })).toBe(
      getPairAddress({ factory: mainnetFactory, tokenA: usdc, tokenB: weth }),
    )
    expect(sortTokens(weth, usdc)).toEqual([usdc, weth])
  })
})
