import { describe, expect, it } from 'vitest'
import { QuoteSchema } from '../../shared'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

/*
 * The additions a route detail reads: the service's fee, what the user pays beyond the sell amount and
 * the expected time, as the served venue stated them, in the buy token's units.
 */
describe('the route costs a quote states', () => {
  it('names the service fee, the network cost in the buy token and the expected time of the served venue', async () => {
    const venue = fakeVenue({
      id: 'lifi',
      answer: (request) =>
        priced(request, 'lifi', 3_000_000_000n, {
          serviceFeeBps: 30,
          // 1.25 USDC (6 decimals) of gas, and a bridge that takes about 90 s.
          gasCostInBuyToken: 1_250_000n,
          estimatedSeconds: 90,
        }),
    })
    const server = await startTestServer({ venues: [venue] })
    try {
      const response = await server.get(quotePath())
      expect(response.status).toBe(200)
      const quote = QuoteSchema.parse(await response.json())
      expect(quote).toMatchObject({ serviceFeeBps: 30, networkCost: '1.25', estimatedSeconds: 90 })
    } finally {
      await server.close()
    }
  })

  it('leaves out the network cost and time a venue does not state, and says a fee of 0 plainly', async () => {
    const venue = fakeVenue({ id: 'router', answer: (request) => priced(request, 'router', 3_000_000_000n) })
    const server = await startTestServer({ venues: [venue] })
    try {
      const body = (await (await server.get(quotePath())).json()) as Record<string, unknown>
      expect(body.serviceFeeBps).toBe(0)
      expect(body).not.toHaveProperty('networkCost')
      expect(body).not.toHaveProperty('estimatedSeconds')
    } finally {
      await server.close()
    }
  })
})
