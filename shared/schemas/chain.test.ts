import { describe, expect, it } from 'vitest'
import { ChainSchema, ChainsResponseSchema } from './chain'

const base = {
  id: 'BASE',
  name: 'Base',
  nativeSymbol: 'ETH',
  caip2: 'eip155:8453',
  type: 'evm',
  chainId: 8453,
}
const bitcoin = {
  id: 'BTC',
  name: 'Bitcoin',
  nativeSymbol: 'BTC',
  caip2: 'bip122:000000000019d6689c085ae165831e93',
  type: 'utxo',
}

describe('ChainSchema', () => {
  it('accepts an EVM chain with chainId and a UTXO chain without one', () => {
    expect(ChainSchema.safeParse(base).success).toBe(true)
    expect(ChainSchema.safeParse(bitcoin).success).toBe(true)
  })

  it('rejects an EVM chain without chainId and a non-EVM chain with one', () => {
    const { chainId: _, ...withoutId } = base
    expect(ChainSchema.safeParse(withoutId).success).toBe(false)
    expect(ChainSchema.safeParse({ ...bitcoin, chainId: 1 }).success).toBe(false)
  })

  it('rejects a type outside evm, utxo, cosmos, hive', () => {
    expect(ChainSchema.safeParse({ ...bitcoin, type: 'solana' }).success).toBe(false)
  })

  it('rejects a caip2 that is not namespace:reference', () => {
    expect(ChainSchema.safeParse({ ...base, caip2: '8453' }).success).toBe(false)
    expect(ChainSchema.safeParse({ ...base, caip2: 'EIP155:8453' }).success).toBe(false)
  })

  it('wraps chains in the /chains body', () => {
    expect(ChainsResponseSchema.parse({ chains: [base, bitcoin] }).chains).toHaveLength(2)
  })
})
