import { describe, expect, it } from 'vitest'
import { parseZeroxParams } from './parseZeroxParams'

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const recipient = '0x1111111111111111111111111111111111111111'

describe('parseZeroxParams', () => {
  it('defaults slippage to 100 bps and the fee token to the buy token', () => {
    const result = parseZeroxParams({
      query: {
        chainId: '1',
        sellToken: usdc,
        buyToken: weth,
        sellAmount: '1000',
        swapFeeRecipient: recipient,
        swapFeeBps: '25',
      },
      requireTaker: false,
    })
    expect(result).toMatchObject({
      ok: true,
      params: { slippagePpm: 10_000, fees: [{ bps: 25, token: weth, recipient }] },
    })
  })

  it('takes matched comma-separated fee lists', () => {
    const other = '0x2222222222222222222222222222222222222222'
    const result = parseZeroxParams({
      query: {
        chainId: '1',
        sellToken: usdc,
        buyToken: weth,
        sellAmount: '1000',
        swapFeeRecipient: `${recipient},${other}`,
        swapFeeBps: '10,20',
        swapFeeToken: `${usdc},${weth}`,
      },
      requireTaker: false,
    })
    expect(result.ok && result.params.fees.map((fee) => [fee.bps, fee.token])).toEqual([
      [10, usdc],
      [20, weth],
    ])
  })

  it('lists every invalid field: zero address, both amounts, fee above 1000 bps, missing taker', () => {
    const result = parseZeroxParams({
      query: {
        chainId: '1',
        sellToken: '0x0000000000000000000000000000000000000000',
        buyToken: weth,
        sellAmount: '1',
        buyAmount: '2',
        swapFeeRecipient: recipient,
        swapFeeBps: '1001',
      },
      requireTaker: true,
    })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.details.map((detail) => detail.field).sort()).toEqual([
      'buyAmount',
      'sellToken',
      'swapFeeBps',
      'taker',
    ])
  })

  it('refuses slippageBps together with slippagePpm', () => {
    const result = parseZeroxParams({
      query: {
        chainId: '1',
        sellToken: usdc,
        buyToken: weth,
        sellAmount: '1',
        slippageBps: '5',
        slippagePpm: '500',
      },
      requireTaker: false,
    })
    expect(!result.ok && result.details).toEqual([{ field: 'slippagePpm', reason: expect.any(String) }])
  })
})
