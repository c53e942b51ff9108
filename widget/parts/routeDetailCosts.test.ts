import { describe, expect, it } from 'vitest'
import type { Quote } from '../../shared/schemas'
import { getRouteDetailCosts } from './routeDetailCosts'

const quote: Quote = {
  provider: 'lifi',
  sellChain: 'ETH',
  buyChain: 'BASE',
  sellToken: { caip: 'eip155:1/slip44:60', symbol: 'ETH' },
  buyToken: { caip: 'eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC' },
  sellAmount: '1.5',
  buyAmount: '3000',
  minBuyAmount: '2985',
  rate: 2000,
  expiresAt: '2026-11-25T00:00:00.000Z',
  sellValueUsd: '3010.5',
  buyValueUsd: '2999.4',
}

describe('the costs a route detail shows', () => {
  it('states the service fee as its bps of the sell amount, exactly, with its dollar value rounded down', () => {
    const costs = getRouteDetailCosts({ ...quote, serviceFeeBps: 30 })
    // 1.5 × 30 / 10000 = 0.0045 ETH; 0.0045 / 1.5 × 3010.5 = 9.0315 → $9.03
    expect(costs.service).toEqual({ bps: 30, amount: '0.0045', symbol: 'ETH', usd: '9.03' })
  })

  it('states 0x’s and CoW’s fees in the buy token, of the output before them, where those venues take them', () => {
    const partnerFee = { collected: true, collectedBps: 20, requestedBps: 20, note: 'x' }
    for (const provider of ['0x', 'cow']) {
      const costs = getRouteDetailCosts({ ...quote, provider, serviceFeeBps: 30, partnerFee })
      // 3000 USDC arrive after 50 bps: 3015.075376… before them; 30 bps of it 9.0452…, 20 bps 6.0301…, rounded down.
      expect(costs.service).toMatchObject({ bps: 30, amount: '9.0452', symbol: 'USDC', usd: '9.04' })
      expect(costs.partner).toMatchObject({ bps: 20, amount: '6.0301', symbol: 'USDC' })
    }
  })

  it('states the network cost in the buy token and its dollar value at the quote’s own price', () => {
    const costs = getRouteDetailCosts({ ...quote, networkCost: '1.25' })
    // 1.25 / 3000 × 2999.4 = 1.24975 → $1.24
    expect(costs.network).toEqual({ amount: '1.25', symbol: 'USDC', usd: '1.24' })
  })

  it('values the network cost of a trade worth cents from the service’s value to the millionth', () => {
    // 0.0000331 ETH worth $0.0993 ($3000 an ETH); 0.00075 ETH of gas is $2.25. From "0.09" it read $2.03.
    const tiny = { ...quote, buyToken: quote.sellToken, buyAmount: '0.0000331', networkCost: '0.00075' }
    expect(getRouteDetailCosts({ ...tiny, buyValueUsd: '0.0993' }).network?.usd).toBe('2.25')
    expect(getRouteDetailCosts({ ...tiny, buyValueUsd: '0.09' }).network?.usd).toBe('2.03')
  })

  it('leaves out a dollar value the quote gives no basis for, and a partner fee not collected', () => {
    const costs = getRouteDetailCosts({
      ...quote,
      sellValueUsd: undefined,
      serviceFeeBps: 0,
      partner: 'acme',
      partnerFee: { requestedBps: 25, collectedBps: 0, collected: false, note: 'none' },
    })
    expect(costs.service).toEqual({ bps: 0, amount: '0', symbol: 'ETH', usd: undefined })
    expect(costs.partner).toBeUndefined()
  })

  it('says by how much the winner’s net output beat the best outranked venue', () => {
    const costs = getRouteDetailCosts({
      ...quote,
      alternatives: [
        { provider: 'lifi', status: 'quoted', reason: 'best', netOutput: '2998.75' },
        { provider: 'swapkit', status: 'outranked', reason: 'less', netOutput: '2990.1' },
        { provider: '0x', status: 'outranked', reason: 'less', netOutput: '2995.5' },
        { provider: 'cow', status: 'timedOut', reason: 'late' },
      ],
    })
    expect(costs.margin).toEqual({ over: '0x', amount: '3.25' })
  })
})
