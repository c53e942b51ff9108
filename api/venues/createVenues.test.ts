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

  it('stamps the default service fee, 30 bps on LI.FI, only for a configured integrator', async () => {
    const ask = async (integrator: string | undefined) => {
      const [lifi] = createVenues({
        serviceFeeRecipient: SERVICE,
        lifi: { baseUrl: 'http://127.0.0.1:2', ...(integrator ? { integrator } : {}) },
      })
      const { fetch, calls } = createFakeFetch([
        { status: 404, json: { message: 'No available quotes', code: 1002 } },
      ])
      await lifi!.quote(createTestRequest({ partnerFeeBps: 10 }), {
        fetch,
        signal: new AbortController().signal,
      })
      return new URL(calls[0]!.url).searchParams
    }
    const configured = await ask('acme-swaps')
    expect(configured.get('fee')).toBe('0.004')
    expect(configured.get('integrator')).toBe('acme-swaps')
    // No integrator of ours: no id we do not own, and no fee LI.FI would refuse (or pay to someone else).
    const unconfigured = await ask(undefined)
    expect(unconfigured.get('fee')).toBeNull()
    expect(unconfigured.get('integrator')).toBeNull()
  })
})
