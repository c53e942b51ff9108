import { describe, expect, it } from 'vitest'
import { chainDefinitions, findChain } from '../chains'
import { TokensResponseSchema } from '../schemas/token'
import { listTokens } from './listTokens'

describe('listTokens', () => {
  it('puts the native asset first, as a slip44 CAIP without a contract', () => {
    const [native, ...rest] = listTokens(findChain('BSC')!)
    expect(native).toEqual({
      symbol: 'BNB',
      name: 'BNB',
      caip: 'eip155:56/slip44:714',
      chain: 'BSC',
      isToken: false,
      decimals: 18,
    })
    expect(rest.every((token) => token.isToken)).toBe(true)
  })

  it('writes token CAIPs as <caip2>/erc20:<lowercase contract> and keeps the checksummed contract', () => {
    const usdc = listTokens(findChain('ETH')!).find((token) => token.symbol === 'USDC')
    expect(usdc).toMatchObject({
      caip: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      isToken: true,
      decimals: 6,
    })
    for (const chain of chainDefinitions) {
      for (const token of listTokens(chain).filter((token) => token.isToken)) {
        expect(token.caip).toBe(`${chain.caip2}/erc20:${token.contract!.toLowerCase()}`)
      }
    }
  })

  it('lists only the native asset on non-EVM chains', () => {
    for (const symbol of ['BTC', 'BCH', 'LTC', 'DOGE', 'GAIA', 'THOR', 'HIVE']) {
      const tokens = listTokens(findChain(symbol)!)
      expect(tokens, symbol).toHaveLength(1)
      expect(tokens[0]?.caip).toMatch(/\/slip44:\d+$/)
    }
  })

  it('produces a /tokens body that passes the contract schema for every EVM chain', () => {
    for (const chain of chainDefinitions.filter((chain) => chain.chainId !== undefined)) {
      const body = { chain: chain.symbol, chainId: chain.chainId, tokens: listTokens(chain) }
      expect(TokensResponseSchema.safeParse(body).success, chain.symbol).toBe(true)
    }
  })

  it("lists Robinhood Chain's ETH, WETH and USDG", () => {
    expect(listTokens(findChain(4663)!).map((token) => token.caip)).toEqual([
      'eip155:4663/slip44:60',
      'eip155:4663/erc20:0x0bd7d308f8e1639fab988df18a8011f41eacad73',
      'eip155:4663/erc20:0x5fc5360d0400a0fd4f2af552add042d716f1d168',
    ])
  })
})
