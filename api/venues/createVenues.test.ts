import { describe, expect, it } from 'vitest'
import { createVenues } from './createVenues'
import { createFakeFetch } from './common/createFakeFetch'
import { createTestRequest } from './common/createTestRequest'

const SERVICE = '0x1111111111111111111111111111111111111111'

describe('createVenues', () => {
  it('enables every venue whose settings are complete, in race order', () => {
    const venues = createVenues({
      serviceFeeRecipient: SERVICE,
      zerox: { baseUrl: 'http://127.0.0.1:1', apiKey: 'k' },
      lifi: { baseUrl: 'http://127.0.0.1:2' },
      cow: { baseUrl: 'http://127.0.0.1:3' },
      swapkit: { baseUrl: 'http://127.0.0.1:4', apiKey: 'k' },
      rpcUrls: { RHD: 'http://127.0.0.1:5' },
      router: { routerAddress: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D' },
    })
    expect(venues.map((venue) => venue.id)).toEqual(['0x', 'lifi', 'cow', 'swapkit', 'router'])
  })

  it('leaves out a venue that lacks its key, URL or router address instead of faking it', () => {
    const venues = createVenues({
      zerox: { baseUrl: 'http://127.0.0.1:1' },
      swapkit: { baseUrl: 'http://127.0.0.1:4' },
      router: { routerAddress: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D' },
      lifi: { baseUrl: 'http://127.0.0.1:2' },
    })
    expect(venues.map((venue) => venue.id)).toEqual(['lifi'])
  })

  it('stamps the default service fees: 30 bps on LI.FI to the shared fee wallet', async () => {
    const [lifi] = createVenues({ serviceFeeRecipient: SERVICE, lifi: { baseUrl: 'http://127.0.0.1:2' } })
    const { fetch, calls } = createFakeFetch([
      { status: 404, json: { message: 'No available quotes', code: 1002 } },
    ])
    await lifi!.quote(createTestRequest(), { fetch, signal: new AbortController().signal })
    expect(new URL(calls[0]!.url).searchParams.get('fee')).toBe('0.003')
    expect(new URL(calls[0]!.url).searchParams.get('integrator')).toBe('swap-quote')
  })
})
