import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema, formatAmount } from '../../shared'
import type { SuggestSteps } from '../quote/suggestSteps'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'
import type { VenueRequest } from '../venues/venue'

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

describe('steps within QUOTE_DEADLINE_MS', () => {
  const DEADLINE_MS = 300
  // What each test's sell amount asks of the venues: how the direct pair ends, and how long a leg takes.
  const plans: Record<string, { direct: 'hang' | 'decline'; legMs: number }> = {
    '1': { direct: 'hang', legMs: 400 },
    '2': { direct: 'decline', legMs: 250 },
    '3': { direct: 'decline', legMs: 0 },
  }
  const planOf = (request: VenueRequest) => plans[formatAmount({ value: request.sellAmount, decimals: 18 })]!
  const isDirect = (request: VenueRequest) =>
    request.sellChain.symbol === 'ETH' && request.buyChain.symbol === 'ETH'
  const direct = fakeVenue({
    id: 'zerox',
    serves: isDirect,
    answer: (request, { signal }) =>
      planOf(request).direct === 'decline'
        ? { noRoute: true, reason: 'no pool' }
        : new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
  })
  const declining = fakeVenue({
    id: 'cow',
    serves: isDirect,
    answer: () => ({ noRoute: true, reason: 'no pool' }),
  })
  // Prices every hop (never the direct pair), after the plan's delay unless aborted first.
  const legSignals: AbortSignal[] = []
  const legs = fakeVenue({
    id: 'lifi',
    serves: (request) => !isDirect(request),
    answer: async (request, { signal }) => {
      legSignals.push(signal)
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, planOf(request).legMs)
        signal.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(new Error('aborted'))
        })
      })
      return priced(request, 'lifi', request.sellAmount)
    },
  })

  let deadlineServer: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    // No suggestSteps given: the app's own suggester, racing the same venues for each leg.
    deadlineServer = await startTestServer({
      venues: [direct, declining, legs],
      env: { QUOTE_DEADLINE_MS: String(DEADLINE_MS) },
    })
  })
  afterAll(() => deadlineServer.close())

  async function noRoute(amount: string, caller: string) {
    const started = performance.now()
    const response = await deadlineServer.get(quotePath({ amount }), {
      headers: { 'X-Forwarded-For': caller },
    })
    const body = ErrorBodySchema.parse(await response.json())
    return { status: response.status, body, elapsedMs: performance.now() - started, response }
  }

  it('suggests steps when the legs fit in the time left', async () => {
    const { status, body } = await noRoute('3', '203.0.113.70')
    expect(status).toBe(404)
    expect(body.code).toBe('NO_ROUTE')
    expect(body.steps).toHaveLength(2)
  })

  it('answers a retryable 502 without steps, and never starts a leg, when a direct venue used up the deadline', async () => {
    const callsBefore = legs.calls.length
    const { status, body, elapsedMs, response } = await noRoute('1', '203.0.113.71')
    // The venue that did not answer in time may route it next time: not a NO_ROUTE.
    expect(status).toBe(502)
    expect(body.code).toBe('UPSTREAM_ERROR')
    expect(body).not.toHaveProperty('steps')
    expect(response.headers.get('x-steps-throttled')).toBeNull()
    expect(legs.calls.length).toBe(callsBefore)
    // Not waiting for even one 400 ms leg: before, this answer came after the deadline plus two legs.
    expect(elapsedMs).toBeLessThan(DEADLINE_MS + plans['1']!.legMs)
  })

  it('gives leg 2 only what leg 1 left over: a second leg that cannot finish is aborted, and no steps', async () => {
    legSignals.length = 0
    const { status, body } = await noRoute('2', '203.0.113.72')
    expect(status).toBe(404)
    expect(body.code).toBe('NO_ROUTE')
    expect(body).not.toHaveProperty('steps')
    // Legs were tried, and every one that had not finished was aborted by the request's deadline.
    expect(legSignals.length).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(legSignals.every((signal) => signal.aborted)).toBe(true)
  })
})
