import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corsExposedHeaders } from '../middleware/cors'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

/** What a browser or a CDN reads of a `/quote` answer, over real HTTP, for a 200 and for an error. */
describe('/quote response headers', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    const venue = fakeVenue({ id: 'lifi', answer: (request) => priced(request, 'lifi', 2_000_000n) })
    server = await startTestServer({ venues: [venue] })
  })
  afterAll(() => server.close())

  const headersOf = (response: Response) => Object.fromEntries(response.headers)
  /** Of each caller's first quote. */
  const everyAnswer = {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'ratelimit-limit': '60',
    'ratelimit-remaining': '59',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': corsExposedHeaders,
  }

  it('a quote carries JSON, no-store, its rate limit, CORS and the request id', async () => {
    const forwardedFor = { 'X-Forwarded-For': '198.51.100.7' }
    const first = await server.get(quotePath(), {
      headers: { ...forwardedFor, 'X-Request-Id': 'trace-quote-0001' },
    })
    const second = await server.get(quotePath(), { headers: forwardedFor })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ provider: 'lifi' })
    expect(headersOf(first)).toMatchObject({ ...everyAnswer, 'x-request-id': 'trace-quote-0001' })
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0)
    expect(Number(first.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60)
    expect(second.headers.get('ratelimit-remaining')).toBe('58')
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('an error carries the same headers', async () => {
    const response = await server.get(quotePath({ amount: 'lots' }), {
      headers: { 'X-Forwarded-For': '198.51.100.8' },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' })
    expect(headersOf(response)).toMatchObject(everyAnswer)
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
