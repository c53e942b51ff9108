import type { FacilitatorClient } from '@x402/core/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema, QuoteParamsSchema } from '../../shared'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { silentLogger } from '../logging/logger'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { createRandom } from '../testing/createRandom'
import { watchUnhandledRejections } from './watchUnhandledRejections'

/*
 * 10,000 seeded, generated bad requests across every endpoint (in-process, `app.request()`), on a
 * deployment with every flow configured, so that no 503 NOT_CONFIGURED hides a path: none may
 * answer 5xx, and every error answer is `{ error, code }`.
 */

const REQUESTS = 10_000
const SEED = 0x5eed

const random = createRandom(SEED)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
const maybe = (chance: number) => random() < chance

// Weighted towards the endpoints that validate input: /quote most of all.
const paths = [
  ...Array.from({ length: 16 }, () => '/api/sdk/v1/quote'),
  ...Array.from({ length: 6 }, () => '/api/sdk/v1/tokens'),
  ...Array.from({ length: 6 }, () => '/api/sdk/v1/access'),
  '/api/sdk/v1/chains',
  '/api/sdk/v1/openapi.json',
  '/api/sdk/v1/docs',
  '/api/sdk/v1/',
  '/api/sdk/v1/quote/',
  '/api/sdk/v1//quote',
  '/api/sdk/v1/QUOTE',
  '/api/sdk/v1/%71uote',
  '/api/sdk/v1/tokens/1',
  '/api/sdk/v2/chains',
  '/api/sdk/v1/..%2Fchains',
  '/api/sdk/v1/%00',
  '/',
]
const methods = [
  'GET',
  'GET',
  'GET',
  'GET',
  'GET',
  'POST',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'HEAD',
]
const names = [...Object.keys(QuoteParamsSchema.shape), 'chainId', 'chain', 'issued', 'signature', 'token']
const values = [
  '',
  'ETH',
  'BTC',
  'USDC',
  'WETH',
  'HIVE',
  'RHD',
  '1',
  '0',
  '-1',
  '8453',
  '99999999999',
  '1e400',
  'NaN',
  'Infinity',
  '0x',
  '0x1111111111111111111111111111111111111111',
  '0x111111111111111111111111111111111111111',
  '0xZZ11111111111111111111111111111111111111',
  'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  'eip155:1/slip44:60',
  'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  'eip155:x/erc20:0x',
  '0.000000000000000000000000001',
  '1.5.5',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%FF%FE',
  '<script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '☃',
  '\u202e',
  '9'.repeat(300),
  'x'.repeat(3_000),
]
const bodies = [
  undefined,
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '42',
  '{"address":1}',
  '{"address":"0x1111111111111111111111111111111111111111","issued":"yesterday"}',
  '{"address":"0x1111111111111111111111111111111111111111","issued":1,"signature":"0x00"}',
  '{"__proto__":{"admin":true}}',
  `{"pad":"${'y'.repeat(40_000)}"}`,
  '\u0000\u0001\u0002',
]
const headerValues = [
  'garbage',
  'Bearer ',
  'Bearer sqg1.e30.AAAA',
  'sqg1.not.valid',
  'sqg1...',
  'x'.repeat(3_000),
  // Header values are bytes: Latin-1 at most, as on the wire.
  '\u00e9\u00ff\u007f',
  '*',
  'W/"abc"',
]

function generateRequest(): { path: string; init: RequestInit } {
  const query = Array.from({ length: Math.floor(random() * 10) }, () => {
    if (maybe(0.1)) return pick(values)
    const value = pick(values)
    const encoded = maybe(0.7) ? encodeURIComponent(value) : value.replace(/[#\s]/g, '')
    return `${pick(names)}=${encoded}`
  }).join(pick(['&', '&', '&&', ';']))
  const method = pick(methods)
  const headers: Record<string, string> = {
    'X-Forwarded-For': maybe(0.9)
      ? `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}`
      : pick(headerValues),
  }
  if (maybe(0.2)) headers['X-Service-Access'] = pick(headerValues)
  if (maybe(0.2)) headers.Authorization = pick(headerValues)
  if (maybe(0.1)) headers['If-None-Match'] = pick(headerValues)
  if (maybe(0.1)) headers['X-Payment'] = pick(headerValues)
  if (maybe(0.1)) headers['Payment-Signature'] = pick(headerValues)
  const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies)
  if (body !== undefined && maybe(0.7))
    headers['Content-Type'] = pick(['application/json', 'text/plain', 'multipart/form-data'])
  return {
    path: `${pick(paths)}${query ? `?${query}` : ''}`,
    init: { method, headers, ...(body === undefined ? {} : { body }) },
  }
}

const rejectingFacilitator: FacilitatorClient = {
  getSupported: async () => ({
    kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }],
    extensions: [],
    signers: {},
  }),
  verify: async () => ({ isValid: false, invalidReason: 'invalid_payload' }),
  settle: async () => ({
    success: false,
    errorReason: 'invalid_payload',
    transaction: '',
    network: 'eip155:8453',
  }),
} as FacilitatorClient

let watcher: ReturnType<typeof watchUnhandledRejections>
beforeAll(() => {
  watcher = watchUnhandledRejections()
})
afterAll(() => {
  watcher.stop()
  expect(watcher.seen).toEqual([])
})

describe(`${REQUESTS.toLocaleString('en-US')} generated bad requests`, () => {
  it('never answer 5xx, and every error answer is { error, code }', async () => {
    const app = createApp({
      config: loadConfig({
        ACCESS_TOKEN_SECRET: 'a-secret-for-the-bad-request-generator-0123',
        PUBLIC_HOST: 'https://quotes.example',
        HOLDER_PASS_CONTRACT: '0x2222222222222222222222222222222222222222',
        // Nothing listens here: a request that got as far as a pass lookup would fail, not hang.
        RPC_URL_BASE: 'http://127.0.0.1:9',
        X402_PAY_TO: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
      }),
      venues: [fakeVenue({ id: 'lifi', answer: (request) => priced(request, 'lifi', 1_000_000n) })],
      accessFacilitator: rejectingFacilitator,
      logger: silentLogger,
    })
    const statuses = new Map<number, number>()
    const failures: string[] = []
    for (let index = 0; index < REQUESTS; index += 1) {
      const { path, init } = generateRequest()
      const response = await app.request(path, init)
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
      if (response.status >= 500) failures.push(`${init.method} ${path.slice(0, 200)} -> ${response.status}`)
      if (response.status >= 400 && init.method !== 'HEAD') {
        const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => undefined))
        if (!parsed.success)
          failures.push(`${init.method} ${path.slice(0, 200)} -> body is not { error, code }`)
      } else {
        await response.body?.cancel()
      }
    }
    expect(failures.slice(0, 20)).toEqual([])
    // Every kind of refusal shows up, not only unknown paths.
    for (const status of [400, 402, 404]) expect(statuses.get(status) ?? 0).toBeGreaterThan(100)
    // The generator does produce bad requests: most of them are refused.
    const refused = [...statuses].reduce((sum, [status, count]) => sum + (status >= 400 ? count : 0), 0)
    expect(refused).toBeGreaterThan(REQUESTS * 0.7)
  }, 120_000)
})
