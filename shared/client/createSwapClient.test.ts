import type { Server } from 'node:http'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { encodePaymentRequiredHeader } from '@x402/core/http'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { $ZodError } from 'zod/v4/core'
import { isSwapError, SwapError } from '../errors'
import type { AccessGrant, ChainsResponse, Quote, QuoteParams, Step, TokensResponse } from '../schemas'
import { createSwapClient } from './createSwapClient'
import { SwapApiError } from './SwapApiError'

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const HUB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const GRANT_TOKEN = 'grant-3f9c1d7e'
const GOOD_SIGNATURE = `0x${'ab'.repeat(65)}`
const NO_PASS_ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const chainsBody: ChainsResponse = {
  chains: [
    { id: 'ETH', name: 'Ethereum', nativeSymbol: 'ETH', caip2: 'eip155:1', type: 'evm', chainId: 1 },
    {
      id: 'BTC',
      name: 'Bitcoin',
      nativeSymbol: 'BTC',
      caip2: 'bip122:000000000019d6689c085ae165831e93',
      type: 'utxo',
    },
  ],
}

const tokensBody: TokensResponse = {
  chain: 'BASE',
  chainId: 8453,
  tokens: [
    {
      symbol: 'ETH',
      name: 'Ether',
      caip: 'eip155:8453/slip44:60',
      chain: 'BASE',
      isToken: false,
      decimals: 18,
    },
    {
      symbol: 'USDC',
      name: 'USD Coin',
      caip: `eip155:8453/erc20:${USDC_BASE}`,
      chain: 'BASE',
      isToken: true,
      contract: USDC_BASE,
      decimals: 6,
    },
  ],
}

const quoteBody: Quote = {
  provider: '0x',
  sellChain: 'BASE',
  buyChain: 'BASE',
  sellToken: { caip: `eip155:8453/erc20:${USDC_BASE}`, symbol: 'USDC' },
  buyToken: { caip: 'eip155:8453/slip44:60', symbol: 'ETH' },
  sellAmount: '100',
  buyAmount: '0.031',
  minBuyAmount: '0.0309',
  rate: 0.00031,
  tx: { chainId: 8453, to: '0x0000000000001fF3684f28c67538d4D072C22734', data: '0x2213bc0b', value: '0x0' },
  approval: {
    chainId: 8453,
    token: USDC_BASE,
    spender: '0x0000000000001fF3684f28c67538d4D072C22734',
    amountWei: '100000000',
  },
  expiresAt: '2030-01-01T00:01:00.000Z',
  partner: 'acme',
  partnerFeeBps: 20,
  partnerFee: {
    requestedBps: 20,
    recipient: HUB,
    collectedBps: 20,
    collected: true,
    note: 'Collected via 0x.',
  },
}

const steps: Step[] = [
  {
    sellChain: 'BTC',
    sellToken: { caip: 'bip122:000000000019d6689c085ae165831e93/slip44:0', symbol: 'BTC' },
    buyChain: 'BASE',
    buyToken: { caip: `eip155:8453/erc20:${USDC_BASE}`, symbol: 'USDC' },
    sellAmount: '0.01',
    buyAmount: '640.5',
    provider: 'thorchain',
    recipient: HUB,
  },
  {
    sellChain: 'BASE',
    sellToken: { caip: `eip155:8453/erc20:${USDC_BASE}`, symbol: 'USDC' },
    buyChain: 'RHD',
    buyToken: { caip: 'eip155:4663/slip44:60', symbol: 'ETH' },
    sellAmount: '640.5',
    buyAmount: '0.2',
    provider: 'lifi',
    recipient: USER,
  },
]
const stepsNote = 'Estimates are indicative and up to 5 minutes old; quote step 1 before sending.'

const grantBody: AccessGrant = {
  token: GRANT_TOKEN,
  header: 'X-Service-Access',
  subject: USER,
  via: 'x402',
  limit: { requestsPerMinute: 600, previously: 60 },
  expiresAt: '2030-01-02T00:00:00.000Z',
  ttlSeconds: 86400,
  usage: 'Send it as X-Service-Access on GET /quote.',
  note: 'Raises the ceiling only; everyone presenting it shares one bucket.',
}

const paymentRequired = {
  x402Version: 2,
  resource: { url: 'http://127.0.0.1/api/sdk/v1/access', description: 'Access grant, 600 quotes per minute' },
  accepts: [
    {
      scheme: 'exact',
      network: 'eip155:8453' as const,
      asset: USDC_BASE,
      amount: '1000000',
      payTo: HUB,
      maxTimeoutSeconds: 60,
      extra: { name: 'USD Coin', version: '2' },
    },
  ],
}

const REQUIRED_QUOTE_PARAMS = ['sellChain', 'sellToken', 'buyChain', 'buyToken', 'amount', 'address'] as const

type RecordedRequest = {
  method: string
  path: string
  search: URLSearchParams
  headers: Headers
  body: string
}

/**
 * A stand-in of the API that answers each status of contract section 7 for the inputs a real caller
 * would send, plus the broken answers (malformed JSON, wrong shape, HTML) a client must survive.
 * `x-scenario` forces the answers that no input can cause (rate limit, upstream failure, outage).
 */
function createContractApp({ onRequest }: { onRequest: (request: RecordedRequest) => void }) {
  const slowRequests: Array<() => void> = []
  const app = new Hono().basePath('/api/sdk/v1')
  const fail = (
    c: Context,
    code: string,
    status: ContentfulStatusCode,
    error: string,
    extra: Record<string, unknown> = {},
  ) => c.json({ error, code, ...extra }, status)

  app.use('*', async (c, next) => {
    const url = new URL(c.req.url)
    onRequest({
      method: c.req.method,
      path: url.pathname,
      search: url.searchParams,
      headers: c.req.raw.headers,
      body: await c.req.raw.clone().text(),
    })
    const scenario = c.req.header('x-scenario')
    if (scenario === 'malformed') return c.body('{"chains": [', 200, { 'content-type': 'application/json' })
    if (scenario === 'html-502') return c.html('<html><body>Bad gateway</body></html>', 502)
    if (scenario === 'slow') {
      await new Promise<void>((resolve) => {
        slowRequests.push(resolve)
        c.req.raw.signal.addEventListener('abort', () => resolve())
      })
      return c.json(chainsBody)
    }
    if (scenario === 'NOT_CONFIGURED') {
      return fail(c, 'NOT_CONFIGURED', 503, 'No payment facilitator is configured', {
        missingConfig: ['X402_FACILITATOR_URL', 'X402_PAY_TO'],
      })
    }
    await next()
  })

  app.get('/chains', (c) => c.json(chainsBody))

  app.get('/tokens', (c) => {
    const chain = c.req.query('chainId') ?? c.req.query('chain')
    if (chain === undefined) return fail(c, 'BAD_REQUEST', 400, 'Missing required parameter: chainId')
    if (chain !== 'BASE' && chain !== '8453')
      return fail(c, 'UNKNOWN_CHAIN', 404, `Unsupported chain: ${chain}`)
    return c.json(tokensBody)
  })

  app.get('/quote', (c) => {
    const query = c.req.query()
    const scenario = c.req.header('x-scenario')
    if (scenario === 'RATE_LIMITED') {
      c.header('Retry-After', '37')
      return c.json({ error: 'Rate limit exceeded: 60 requests per minute', code: 'RATE_LIMITED' }, 429)
    }
    if (scenario === 'UPSTREAM_ERROR') return fail(c, 'UPSTREAM_ERROR', 502, 'The routing provider failed')
    if (scenario === 'INTERNAL') {
      return fail(c, 'INTERNAL', 500, 'Internal error', { requestId: 'req-7d1e' })
    }
    if (scenario === 'schema') return c.json({ ...quoteBody, buyAmount: 0.031, provider: undefined })
    const missing = REQUIRED_QUOTE_PARAMS.filter((name) => !query[name])
    if (missing.length > 0) {
      return fail(c, 'BAD_REQUEST', 400, `Missing required parameters: ${missing.join(', ')}`)
    }
    if (query.sellChain === 'HIVE' || query.buyChain === 'HIVE') {
      return fail(c, 'UNSUPPORTED_PAIR', 400, 'Hive cannot be quoted')
    }
    if (query.sellChain === 'FOO') return fail(c, 'UNKNOWN_CHAIN', 404, 'Unsupported chain: FOO')
    if (query.buyToken === 'NOPE')
      return fail(c, 'UNKNOWN_TOKEN', 404, `Unknown token NOPE on ${query.buyChain}`)
    if (query.sellChain === 'BTC') {
      c.header('X-Steps-Throttled', query.hubAddress ? '0' : '1')
      return fail(
        c,
        'NO_ROUTE',
        404,
        'No venue prices this pair right now',
        query.hubAddress ? { steps, stepsNote } : {},
      )
    }
    return c.json(quoteBody)
  })

  app.get('/access', (c) => {
    const address = c.req.query('address')
    if (address !== undefined) {
      if (!/^0x[0-9a-fA-F]{40}$/.test(address))
        return fail(c, 'BAD_REQUEST', 400, 'address must be a 0x address')
      return c.json({
        address,
        issued: '2030-01-01T00:00:00.000Z',
        message: `Swap Quote holder pass for ${address} issued 2030-01-01T00:00:00.000Z`,
        expiresAt: '2030-01-01T00:05:00.000Z',
      })
    }
    const payment = c.req.header('PAYMENT-SIGNATURE') ?? c.req.header('X-PAYMENT')
    if (payment === 'paid') return c.json(grantBody)
    if (payment !== undefined) return fail(c, 'PAYMENT_INVALID', 402, 'The facilitator rejected the payment')
    c.header('PAYMENT-REQUIRED', encodePaymentRequiredHeader(paymentRequired))
    return c.json({ error: 'Payment required: 1 USDC on Base', code: 'PAYMENT_REQUIRED' }, 402)
  })

  app.post('/access', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (
      typeof body?.address !== 'string' ||
      typeof body.issued !== 'string' ||
      typeof body.signature !== 'string'
    ) {
      return fail(c, 'BAD_REQUEST', 400, 'Expected a JSON body with address, issued and signature')
    }
    if (body.signature !== GOOD_SIGNATURE)
      return fail(c, 'BAD_SIGNATURE', 401, 'The signature does not verify')
    if (body.address === NO_PASS_ADDRESS) return fail(c, 'NO_PASS', 403, 'This address holds no pass')
    return c.json({ ...grantBody, via: 'holder-pass' })
  })

  return { app, releaseSlowRequests: () => slowRequests.splice(0).forEach((release) => release()) }
}

async function listen(app: Hono<any, any, any>): Promise<{ server: Server; baseUrl: string }> {
  return await new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ server: server as Server, baseUrl: `http://127.0.0.1:${info.port}` })
    }) as Server
  })
}

async function findClosedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/** The rejection of `promise`; fails the test when it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to reject')
}

async function apiErrorOf(promise: Promise<unknown>): Promise<SwapApiError> {
  const error = await rejectionOf(promise)
  expect(error).toBeInstanceOf(SwapApiError)
  return error as SwapApiError
}

const quoteParams: QuoteParams = {
  sellChain: 'BASE',
  sellToken: 'USDC',
  buyChain: 'BASE',
  buyToken: 'ETH',
  amount: '100',
  address: USER,
}

let requests: RecordedRequest[] = []
let requestWaiters: Array<() => void> = []
let server: Server
let baseUrl: string
let releaseSlowRequests: () => void

const lastRequest = (): RecordedRequest => {
  const request = requests.at(-1)
  if (!request) throw new Error('the server received no request')
  return request
}

const clientFor = (scenario?: string) =>
  createSwapClient({ baseUrl, headers: scenario === undefined ? undefined : { 'x-scenario': scenario } })

beforeAll(async () => {
  const contract = createContractApp({
    onRequest: (request) => {
      requests.push(request)
      requestWaiters.splice(0).forEach((resolve) => resolve())
    },
  })
  releaseSlowRequests = contract.releaseSlowRequests
  ;({ server, baseUrl } = await listen(contract.app))
})

afterAll(async () => {
  releaseSlowRequests()
  server.closeAllConnections()
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
})

beforeEach(() => {
  requests = []
})

describe('successful calls', () => {
  test('lists chains from GET /api/sdk/v1/chains', async () => {
    await expect(clientFor().chains()).resolves.toEqual(chainsBody)
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/api/sdk/v1/chains' })
  })

  test('lists tokens by symbol or numeric chain id, sent as chainId', async () => {
    await expect(clientFor().tokens('BASE')).resolves.toEqual(tokensBody)
    expect(lastRequest().search.get('chainId')).toBe('BASE')
    await expect(clientFor().tokens(8453)).resolves.toEqual(tokensBody)
    expect(lastRequest().search.get('chainId')).toBe('8453')
  })

  test('accepts a base URL with a trailing slash', async () => {
    await expect(createSwapClient({ baseUrl: `${baseUrl}/` }).chains()).resolves.toEqual(chainsBody)
    expect(lastRequest().path).toBe('/api/sdk/v1/chains')
  })

  test('returns the parsed quote and sends every quote parameter in the query', async () => {
    const quote = await clientFor().quote({
      ...quoteParams,
      recipient: HUB,
      hubAddress: HUB,
      slippage: 0.5,
      partner: 'acme',
      partnerFeeBps: 20,
    })
    expect(quote).toEqual(quoteBody)
    const { method, path, search } = lastRequest()
    expect({ method, path }).toEqual({ method: 'GET', path: '/api/sdk/v1/quote' })
    expect([...search]).toEqual([
      ['sellChain', 'BASE'],
      ['sellToken', 'USDC'],
      ['buyChain', 'BASE'],
      ['buyToken', 'ETH'],
      ['amount', '100'],
      ['address', USER],
      ['recipient', HUB],
      ['hubAddress', HUB],
      ['slippage', '0.5'],
      ['partner', 'acme'],
      ['partnerFeeBps', '20'],
    ])
  })

  test('leaves optional quote parameters out of the query when they are not given', async () => {
    await clientFor().quote(quoteParams)
    expect([...lastRequest().search.keys()]).toEqual([...REQUIRED_QUOTE_PARAMS])
  })

  test('sends the access grant as X-Service-Access, and no such header without one', async () => {
    await clientFor().quote(quoteParams, { access: GRANT_TOKEN })
    expect(lastRequest().headers.get('X-Service-Access')).toBe(GRANT_TOKEN)
    expect(lastRequest().headers.get('authorization')).toBeNull()
    await clientFor().quote(quoteParams)
    expect(lastRequest().headers.get('X-Service-Access')).toBeNull()
  })

  test('sends the headers given at creation on every call', async () => {
    const client = createSwapClient({ baseUrl, headers: { 'x-forwarded-for': '203.0.113.9' } })
    await client.chains()
    expect(lastRequest().headers.get('x-forwarded-for')).toBe('203.0.113.9')
    await client.quote(quoteParams, { access: GRANT_TOKEN })
    expect(lastRequest().headers.get('x-forwarded-for')).toBe('203.0.113.9')
  })

  test('uses the fetch it is given', async () => {
    const seen: string[] = []
    const client = createSwapClient({
      baseUrl,
      fetch: (input, init) => {
        seen.push(input)
        return fetch(input, init)
      },
    })
    await client.chains()
    expect(seen).toEqual([`${baseUrl}/api/sdk/v1/chains`])
  })
})

describe('errors of contract section 7', () => {
  test('BAD_REQUEST names the missing quote parameters', async () => {
    const { amount: _amount, address: _address, ...partial } = quoteParams
    const error = await apiErrorOf(clientFor().quote(partial as QuoteParams))
    expect(error).toMatchObject({
      name: 'SwapApiError',
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Missing required parameters: amount, address',
    })
  })

  test('UNSUPPORTED_PAIR for a Hive leg', async () => {
    const error = await apiErrorOf(clientFor().quote({ ...quoteParams, buyChain: 'HIVE', buyToken: 'HIVE' }))
    expect(error).toMatchObject({ status: 400, code: 'UNSUPPORTED_PAIR', message: 'Hive cannot be quoted' })
  })

  test('UNKNOWN_CHAIN on /quote and on /tokens', async () => {
    const onQuote = await apiErrorOf(clientFor().quote({ ...quoteParams, sellChain: 'FOO' }))
    expect(onQuote).toMatchObject({ status: 404, code: 'UNKNOWN_CHAIN', message: 'Unsupported chain: FOO' })
    const onTokens = await apiErrorOf(clientFor().tokens('FOO'))
    expect(onTokens).toMatchObject({ status: 404, code: 'UNKNOWN_CHAIN', message: 'Unsupported chain: FOO' })
  })

  test('UNKNOWN_TOKEN names the token and its chain', async () => {
    const error = await apiErrorOf(clientFor().quote({ ...quoteParams, buyToken: 'NOPE' }))
    expect(error).toMatchObject({ status: 404, code: 'UNKNOWN_TOKEN', message: 'Unknown token NOPE on BASE' })
  })

  test('NO_ROUTE carries steps and stepsNote as sent', async () => {
    const error = await apiErrorOf(
      clientFor().quote({
        ...quoteParams,
        sellChain: 'BTC',
        sellToken: 'BTC',
        buyChain: 'RHD',
        hubAddress: HUB,
      }),
    )
    expect(error).toMatchObject({ status: 404, code: 'NO_ROUTE', steps, stepsNote, stepsThrottled: false })
    expect(error.details).toEqual({ steps, stepsNote })
  })

  test('NO_ROUTE without steps reports X-Steps-Throttled', async () => {
    const error = await apiErrorOf(clientFor().quote({ ...quoteParams, sellChain: 'BTC', sellToken: 'BTC' }))
    expect(error).toMatchObject({
      code: 'NO_ROUTE',
      steps: undefined,
      stepsNote: undefined,
      stepsThrottled: true,
    })
  })

  test('RATE_LIMITED carries Retry-After in seconds', async () => {
    const error = await apiErrorOf(clientFor('RATE_LIMITED').quote(quoteParams))
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 37 })
  })

  test('UPSTREAM_ERROR keeps the server message', async () => {
    const error = await apiErrorOf(clientFor('UPSTREAM_ERROR').quote(quoteParams))
    expect(error).toMatchObject({
      status: 502,
      code: 'UPSTREAM_ERROR',
      message: 'The routing provider failed',
    })
  })

  test('NOT_CONFIGURED carries missingConfig', async () => {
    const error = await apiErrorOf(clientFor('NOT_CONFIGURED').accessChallenge())
    expect(error).toMatchObject({
      status: 503,
      code: 'NOT_CONFIGURED',
      missingConfig: ['X402_FACILITATOR_URL', 'X402_PAY_TO'],
    })
  })

  test('INTERNAL carries the request id', async () => {
    const error = await apiErrorOf(clientFor('INTERNAL').quote(quoteParams))
    expect(error).toMatchObject({
      status: 500,
      code: 'INTERNAL',
      message: 'Internal error',
      requestId: 'req-7d1e',
    })
  })

  test('every thrown error is the project SwapError, recognised by isSwapError', async () => {
    const error = await apiErrorOf(clientFor('UPSTREAM_ERROR').quote(quoteParams))
    expect(error).toBeInstanceOf(SwapError)
    expect(isSwapError(error)).toBe(true)
    expect(error.retryAfterSeconds).toBeUndefined()
    expect(error.missingConfig).toBeUndefined()
  })
})

describe('responses the client cannot use', () => {
  test('a 200 with malformed JSON is UPSTREAM_ERROR', async () => {
    const error = await apiErrorOf(clientFor('malformed').chains())
    expect(error).toMatchObject({ status: 200, code: 'UPSTREAM_ERROR' })
    expect(error.message).toBe(
      'The swap API answered GET /chains with status 200 and a body that is not JSON',
    )
  })

  test('a 200 that breaks the quote schema is UPSTREAM_ERROR naming the fields, with the zod error as cause', async () => {
    const error = await apiErrorOf(clientFor('schema').quote(quoteParams))
    expect(error).toMatchObject({ status: 200, code: 'UPSTREAM_ERROR' })
    expect(error.message).toContain('does not match the contract')
    expect(error.message).toContain('provider')
    expect(error.message).toContain('buyAmount')
    expect(error.cause).toBeInstanceOf($ZodError)
  })

  test('an error status with a non-JSON body is UPSTREAM_ERROR with that status', async () => {
    const error = await apiErrorOf(clientFor('html-502').quote(quoteParams))
    expect(error).toMatchObject({ status: 502, code: 'UPSTREAM_ERROR' })
    expect(error.message).toBe('The swap API answered GET /quote with status 502 and a body that is not JSON')
  })

  test('a closed port is UPSTREAM_ERROR with status 0, the network error as cause, and no grant in the message', async () => {
    const client = createSwapClient({ baseUrl: `http://127.0.0.1:${await findClosedPort()}` })
    const error = await apiErrorOf(client.quote(quoteParams, { access: GRANT_TOKEN }))
    expect(error).toMatchObject({
      status: 0,
      code: 'UPSTREAM_ERROR',
      message: 'Could not reach the swap API (GET /quote)',
    })
    expect(error.cause).toBeInstanceOf(TypeError)
    expect(String(error.message)).not.toContain(GRANT_TOKEN)
  })
})

describe('aborting', () => {
  test('an abort while the server is working rethrows the abort reason unchanged', async () => {
    const controller = new AbortController()
    const received = new Promise<void>((resolve) => requestWaiters.push(resolve))
    const call = clientFor('slow').chains({ signal: controller.signal })
    await received
    const reason = new Error('the user typed another amount')
    controller.abort(reason)
    expect(await rejectionOf(call)).toBe(reason)
  })

  test('a plain abort rejects with the AbortError, not a SwapApiError', async () => {
    const controller = new AbortController()
    const call = clientFor('slow').quote(quoteParams, { signal: controller.signal })
    controller.abort()
    const error = await rejectionOf(call)
    expect(error).toBeInstanceOf(DOMException)
    expect((error as DOMException).name).toBe('AbortError')
    expect(error).toBe(controller.signal.reason)
  })

  test('an already aborted signal sends nothing', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await rejectionOf(clientFor().chains({ signal: controller.signal }))
    expect(error).toBe(controller.signal.reason)
    expect(requests).toEqual([])
  })
})

describe('/access', () => {
  test('the payment challenge is returned, with PAYMENT-REQUIRED decoded from base64 JSON', async () => {
    const challenge = await clientFor().accessChallenge()
    expect(challenge).toEqual({
      status: 402,
      paymentRequired,
      paymentRequiredHeader: encodePaymentRequiredHeader(paymentRequired),
      body: { error: 'Payment required: 1 USDC on Base', code: 'PAYMENT_REQUIRED' },
    })
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/api/sdk/v1/access' })
    expect([...lastRequest().search]).toEqual([])
  })

  test('a settled payment returns the grant, sending the payment header as given', async () => {
    await expect(clientFor().accessWithPayment({ 'PAYMENT-SIGNATURE': 'paid' })).resolves.toEqual(grantBody)
    expect(lastRequest().headers.get('PAYMENT-SIGNATURE')).toBe('paid')
    await expect(clientFor().accessWithPayment({ 'X-PAYMENT': 'paid' })).resolves.toEqual(grantBody)
    expect(lastRequest().headers.get('X-PAYMENT')).toBe('paid')
    expect(lastRequest().headers.get('PAYMENT-SIGNATURE')).toBeNull()
  })

  test('a rejected payment throws PAYMENT_INVALID', async () => {
    const error = await apiErrorOf(clientFor().accessWithPayment({ 'PAYMENT-SIGNATURE': 'forged' }))
    expect(error).toMatchObject({ status: 402, code: 'PAYMENT_INVALID' })
  })

  test('holder-pass step 1 returns the message to sign for the address', async () => {
    await expect(clientFor().holderPassChallenge(USER)).resolves.toEqual({
      address: USER,
      issued: '2030-01-01T00:00:00.000Z',
      message: `Swap Quote holder pass for ${USER} issued 2030-01-01T00:00:00.000Z`,
      expiresAt: '2030-01-01T00:05:00.000Z',
    })
    expect(lastRequest().search.get('address')).toBe(USER)
  })

  test('holder-pass step 1 with a malformed address throws BAD_REQUEST', async () => {
    const error = await apiErrorOf(clientFor().holderPassChallenge('0x123'))
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST' })
  })

  test('holder-pass step 2 posts a JSON body, keeping the signature out of the URL', async () => {
    const params = { address: USER, issued: '2030-01-01T00:00:00.000Z', signature: GOOD_SIGNATURE }
    await expect(clientFor().holderPassGrant(params)).resolves.toEqual({ ...grantBody, via: 'holder-pass' })
    const { method, search, headers, body } = lastRequest()
    expect(method).toBe('POST')
    expect([...search]).toEqual([])
    expect(headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(body)).toEqual(params)
  })

  test('holder-pass step 2 throws BAD_SIGNATURE and NO_PASS with their statuses', async () => {
    const issued = '2030-01-01T00:00:00.000Z'
    const badSignature = await apiErrorOf(
      clientFor().holderPassGrant({ address: USER, issued, signature: `0x${'cd'.repeat(65)}` }),
    )
    expect(badSignature).toMatchObject({ status: 401, code: 'BAD_SIGNATURE' })
    const noPass = await apiErrorOf(
      clientFor().holderPassGrant({ address: NO_PASS_ADDRESS, issued, signature: GOOD_SIGNATURE }),
    )
    expect(noPass).toMatchObject({ status: 403, code: 'NO_PASS' })
  })
})
