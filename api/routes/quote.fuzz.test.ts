import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema, QuoteParamsSchema } from '../../shared'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { startTestServer } from '../testing/testServer'

const venue = fakeVenue({ id: 'lifi', answer: (request) => priced(request, 'lifi', 1_000_000n) })
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ venues: [venue] })
})
afterAll(() => server.close())

const names = Object.keys(QuoteParamsSchema.shape)
const raw = fc.oneof(
  fc.constantFrom(
    'ETH',
    'BTC',
    'USDC',
    '1',
    '8453',
    '0x1111111111111111111111111111111111111111',
    'HIVE',
    'RHD',
    'eip155:1/slip44:60',
  ),
  fc.bigInt({ min: -(10n ** 80n), max: 10n ** 80n }).map(String),
  fc.double().map(String),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%FF%FE', '+', '=', '&&', '1e400', 'NaN', '-0', '0x'),
  fc.constant('9'.repeat(10_000)),
)
const part = fc.oneof(
  fc.tuple(fc.constantFrom(...names), raw).map(([key, value]) => `${key}=${encodeLoosely(value)}`),
  fc.constantFrom(...names),
  raw.map(encodeLoosely),
)

// Mostly percent-encode, but sometimes leave characters raw so malformed escapes reach the server.
function encodeLoosely(value: string): string {
  return /^[%A-Za-z0-9]*$/.test(value) ? value : encodeURIComponent(value)
}

describe('GET /quote fuzzing', () => {
  it('never answers 5xx and always answers { error, code } when not 200', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 14 }), fc.ipV4(), async (parts, ip) => {
        const response = await server.get(`/quote?${parts.join('&')}`, { headers: { 'X-Forwarded-For': ip } })
        expect(response.status).toBeLessThan(500)
        if (response.status !== 200) ErrorBodySchema.parse(await response.json())
        else await response.body?.cancel()
      }),
      { numRuns: 300, verbose: 0 },
    )
  })
})

describe('oversized requests', () => {
  it('answers a 20 kB URL, which Node rejects before the app, with 431 { error, code } and CORS', async () => {
    const response = await server.get(`/quote?partner=${'x'.repeat(20_000)}`)
    expect(response.status).toBe(431)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(ErrorBodySchema.parse(await response.json()).code).toBe('BAD_REQUEST')
  })

  it('answers a 2 kB parameter value with 400 naming the parameter', async () => {
    // Not `partner`: the contract truncates that one.
    const response = await server.get(`/quote?address=${'x'.repeat(2_000)}`)
    expect(response.status).toBe(400)
    expect(ErrorBodySchema.parse(await response.json()).error).toContain('address')
  })
})
