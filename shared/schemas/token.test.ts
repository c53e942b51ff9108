import { describe, expect, it } from 'vitest'
import { TokenSchema, TokensResponseSchema } from './token'

const usdc = {
  symbol: 'USDC',
  name: 'USD Coin',
  caip: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  chain: 'ETH',
  isToken: true,
  contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  decimals: 6,
}
const ether = {
  symbol: 'ETH',
  name: 'Ether',
  caip: 'eip155:1/slip44:60',
  chain: 'ETH',
  isToken: false,
  decimals: 18,
}

describe('TokenSchema', () => {
  it('accepts a contract token with its contract and a native asset without one', () => {
    expect(TokenSchema.safeParse(usdc).success).toBe(true)
    expect(TokenSchema.safeParse(ether).success).toBe(true)
  })

  it('rejects a contract token without a contract', () => {
    const { contract: _, ...withoutContract } = usdc
    const result = TokenSchema.safeParse(withoutContract)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['contract'])
  })

  it('rejects a native asset that carries a contract', () => {
    expect(TokenSchema.safeParse({ ...ether, contract: usdc.contract }).success).toBe(false)
  })

  it('accepts a token whose decimals are not statically known', () => {
    const { decimals: _, ...withoutDecimals } = usdc
    expect(TokenSchema.safeParse(withoutDecimals).success).toBe(true)
  })

  it('rejects fractional or negative decimals and a caip that is not CAIP-19', () => {
    expect(TokenSchema.safeParse({ ...usdc, decimals: 6.5 }).success).toBe(false)
    expect(TokenSchema.safeParse({ ...usdc, decimals: -1 }).success).toBe(false)
    expect(TokenSchema.safeParse({ ...usdc, caip: 'ETH.USDC-0XA0B8' }).success).toBe(false)
  })
})

describe('TokensResponseSchema', () => {
  it('accepts the /tokens body and rejects one without a numeric chainId', () => {
    expect(TokensResponseSchema.safeParse({ chain: 'ETH', chainId: 1, tokens: [ether, usdc] }).success).toBe(
      true,
    )
    expect(TokensResponseSchema.safeParse({ chain: 'ETH', chainId: '1', tokens: [] }).success).toBe(false)
  })
})
