import { describe, expect, it } from 'vitest'
import { SwapError } from '../../shared'
import { createTestRequest } from '../venues/common/createTestRequest'
import type { VenueQuote } from '../venues/venue'
import { refuseTaxedSell } from './refuseTaxedSell'

const request = createTestRequest()
const quote: VenueQuote = {
  provider: 'lifi',
  sellAmount: 1n,
  buyAmount: 1n,
  netBuyAmount: 1n,
  serviceFeeBps: 0,
}

describe('refuseTaxedSell', () => {
  it('refuses the quote of any venue when another venue of the race found a sell tax', () => {
    let thrown: unknown
    try {
      refuseTaxedSell({
        request,
        outcomes: [
          { venue: 'lifi', elapsedMs: 1, status: 'quoted', quote },
          {
            venue: '0x',
            elapsedMs: 1,
            status: 'outranked',
            answer: { ...quote, sellTaxBps: 500 },
            output: 1n,
          },
        ],
      })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(SwapError)
    expect(thrown).toMatchObject({ code: 'UNSUPPORTED_PAIR', details: { sellTaxBps: 500 } })
    expect((thrown as SwapError).message).toContain('5%')
  })

  it('refuses a taxed buy token too, naming its tax', () => {
    expect(() =>
      refuseTaxedSell({
        request,
        outcomes: [{ venue: '0x', elapsedMs: 1, status: 'quoted', quote: { ...quote, buyTaxBps: 300 } }],
      }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_PAIR', details: { buyTaxBps: 300 } }))
  })

  it('lets an untaxed sell through', () => {
    expect(() =>
      refuseTaxedSell({ request, outcomes: [{ venue: 'lifi', elapsedMs: 1, status: 'quoted', quote }] }),
    ).not.toThrow()
  })
})
