import { describe, expect, it } from 'vitest'
import { parseLifiParams } from './parseLifiParams'

const base = {
  fromChain: '1',
  toChain: '1',
  fromToken: '0x0000000000000000000000000000000000000000',
  toToken: 'USDC',
  fromAmount: '1000',
  fromAddress: '0x1111111111111111111111111111111111111111',
}

describe('parseLifiParams', () => {
  it('reads slippage and fee as exact decimal fractions, defaulting slippage to 0.005', () => {
    expect(parseLifiParams({ query: { ...base, fee: '0.0025' } })).toMatchObject({
      ok: true,
      params: { slippagePpm: 5000, slippage: 0.005, feePpm: 2500, fee: 0.0025, integrator: 'lifi-api' },
    })
  })

  it('names the parameter path first in the 400 message', () => {
    const { fromAmount: _omitted, ...withoutAmount } = base
    expect(parseLifiParams({ query: withoutAmount })).toEqual({
      ok: false,
      message: "/fromAmount must have required property 'fromAmount'",
    })
    expect(parseLifiParams({ query: { ...base, fee: '1' } })).toEqual({
      ok: false,
      message: '/fee must be < 1',
    })
    expect(parseLifiParams({ query: { ...base, slippage: '50' } })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^\/slippage/),
    })
    expect(parseLifiParams({ query: { ...base, integrator: 'x'.repeat(24) } })).toMatchObject({ ok: false })
  })
})
