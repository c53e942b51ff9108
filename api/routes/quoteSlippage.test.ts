import { describe, expect, it } from 'vitest'
import type { VenueRequest } from '../venues/venue'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

function recordingVenue() {
  const seen: VenueRequest[] = []
  const venue = fakeVenue({
    id: 'lifi',
    answer: (request) => {
      seen.push(request)
      return priced(request, 'lifi', 3_000_000_000n)
    },
  })
  return { venue, seen }
}

describe('slippage a request does not name', () => {
  it('is left to each venue’s own floor by default, as the contract says', async () => {
    const { venue, seen } = recordingVenue()
    const server = await startTestServer({ venues: [venue] })
    try {
      expect((await server.get(quotePath())).status).toBe(200)
    } finally {
      await server.close()
    }
    expect(seen[0]?.slippagePercent).toBeUndefined()
  })

  it('is DEFAULT_SLIPPAGE_PERCENT when the operator sets one; a request’s own slippage still wins', async () => {
    const { venue, seen } = recordingVenue()
    const server = await startTestServer({ venues: [venue], env: { DEFAULT_SLIPPAGE_PERCENT: '0.8' } })
    try {
      expect((await server.get(quotePath())).status).toBe(200)
      expect((await server.get(quotePath({ slippage: '2' }))).status).toBe(200)
    } finally {
      await server.close()
    }
    expect(seen.map((request) => request.slippagePercent)).toEqual([0.8, 2])
  })
})
