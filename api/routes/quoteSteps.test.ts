import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../shared'
import type { SuggestSteps } from '../quote/suggestSteps'
import { fakeVenue } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

const declining = fakeVenue({ id: 'lifi', answer: () => ({ noRoute: true, reason: 'no pool' }) })
const suggestSteps: SuggestSteps = async (request, { allowUncached }) => {
  if (!(await allowUncached())) return undefined
  const asset = { caip: request.sellToken.caip, symbol: request.sellToken.symbol }
  const step = {
    sellChain: 'ETH',
    sellToken: asset,
    buyChain: 'BASE',
    buyToken: asset,
    sellAmount: '1',
    buyAmount: '0.99',
    provider: 'lifi',
    recipient: request.sender,
  }
  return { steps: [step, step], stepsNote: 'Estimates are indicative and up to 5 minutes old.' }
}

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ venues: [declining], suggestSteps })
})
afterAll(() => server.close())

describe('steps on NO_ROUTE', () => {
  it('carries steps on the first 6 uncached suggestions per caller, then X-Steps-Throttled: 1 and no steps', async () => {
    const headers = { 'X-Forwarded-For': '203.0.113.60' }
    for (let index = 0; index < 6; index += 1) {
      const response = await server.get(quotePath(), { headers })
      expect(response.status).toBe(404)
      const body = ErrorBodySchema.parse(await response.json())
      expect(body.code).toBe('NO_ROUTE')
      expect(body.steps).toHaveLength(2)
      expect(body.stepsNote).toContain('5 minutes')
      expect(response.headers.get('x-steps-throttled')).toBeNull()
    }
    const throttled = await server.get(quotePath(), { headers })
    expect(throttled.status).toBe(404)
    expect(throttled.headers.get('x-steps-throttled')).toBe('1')
    const body = ErrorBodySchema.parse(await throttled.json())
    expect(body.code).toBe('NO_ROUTE')
    expect(body).not.toHaveProperty('steps')
  })
})
