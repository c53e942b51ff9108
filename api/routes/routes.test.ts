import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainsResponseSchema, ErrorBodySchema, QuoteSchema, TokensResponseSchema } from '../../shared'
import type { LogFields } from '../logging/logger'
import { createLogger } from '../logging/logger'
import type { QuoteLog } from '../quoteLog/createQuoteLog'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

const wallet = '0x1111111111111111111111111111111111111111'
const feeWallet = '0x2222222222222222222222222222222222222222'
const unlisted = '0x3333333333333333333333333333333333333333'

// ETH→USDC prices at 3000 USDC per ETH; BTC-bound quotes decline; anything with amount 13 fails.
const venue = fakeVenue({
  id: 'lifi',
  answer: (request) => {
    if (request.sellAmount === 13n * 10n ** 18n) throw new Error('venue exploded')
    if (request.buyChain.symbol === 'BTC') return { noRoute: true, reason: 'no pool' }
    const buy =
      (request.sellAmount * 3000n * 10n ** BigInt(request.buyToken.decimals)) /
      10n ** BigInt(request.sellToken.decimals)
    return priced(request, 'lifi', buy, {
      minBuyAmount: (buy * 99n) / 100n,
      serviceFeeBps: 30,
      tx: { chainId: request.sellChain.chainId ?? 1, to: feeWallet, data: '0x', value: '0x1' },
      ...(request.partnerFeeBps > 0 && {
        partnerFee: {
          collectedBps: request.partnerFeeBps,
          recipient: feeWallet,
          note: 'Added to the integrator fee.',
        },
      }),
    })
  },
})

const logLines: LogFields[] = []
const throwingLog: QuoteLog = {
  append(entry) {
    if ('partner' in entry && entry.partner === 'boom') throw new Error('secret internals')
  },
  async flush() {},
}

let server: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  server = await startTestServer({
    venues: [venue],
    quoteLog: throwingLog,
    logger: createLogger({ level: 'debug', write: (line) => logLines.push(JSON.parse(line)) }),
    tokenMetadataReader: async ({ contract }) =>
      contract.toLowerCase() === unlisted ? { decimals: 9, symbol: 'NEW' } : undefined,
  })
})
afterAll(() => server.close())

async function expectError(response: Response, status: number, code: string): Promise<{ error: string }> {
  expect(response.status).toBe(status)
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
  const body = ErrorBodySchema.parse(await response.json())
  expect(body.code).toBe(code)
  return body
}

describe('GET /chains', () => {
  it('lists the 13 chains of the contract with public cache headers and a strong ETag', async () => {
    const response = await server.get('/chains')
    expect(response.status).toBe(200)
    const body = ChainsResponseSchema.parse(await response.json())
    expect(body.chains.map((chain) => chain.id)).toEqual([
      'ETH',
      'BTC',
      'BASE',
      'BSC',
      'AVAX',
      'ARB',
      'RHD',
      'BCH',
      'LTC',
      'DOGE',
      'GAIA',
      'THOR',
      'HIVE',
    ])
    expect(body.chains.find((chain) => chain.id === 'BTC')).not.toHaveProperty('chainId')
    expect(response.headers.get('cache-control')).toBe('public, s-maxage=3600, stale-while-revalidate=86400')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/)
  })

  it('answers 304 without a body when If-None-Match carries the ETag', async () => {
    const etag = (await server.get('/chains')).headers.get('etag') as string
    const response = await server.get('/chains', { headers: { 'If-None-Match': etag } })
    expect(response.status).toBe(304)
    expect(await response.text()).toBe('')
    expect(response.headers.get('etag')).toBe(etag)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect((await server.get('/chains', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200)
  })

  it('carries CORS, the request id and the content type on every /chains and /tokens answer, 304s too', async () => {
    for (const path of ['/chains', '/tokens?chainId=1']) {
      const etag = (await server.get(path)).headers.get('etag') as string
      for (const extra of [{}, { 'If-None-Match': etag }] as Record<string, string>[]) {
        const response = await server.get(path, { headers: { 'X-Request-Id': 'req-chains-0001', ...extra } })
        expect(response.headers.get('x-request-id')).toBe('req-chains-0001')
        expect(response.headers.get('access-control-allow-origin')).toBe('*')
        expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After')
        expect(response.headers.get('cache-control')).toBe(
          'public, s-maxage=3600, stale-while-revalidate=86400',
        )
        if (response.status === 200) expect(response.headers.get('content-type')).toBe('application/json')
        else expect(response.status).toBe(304)
      }
      const generated = await server.get(path)
      expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('is never rate limited', async () => {
    const responses = await Promise.all(Array.from({ length: 80 }, () => server.get('/chains')))
    expect(responses.every((response) => response.status === 200)).toBe(true)
  })
})

describe('GET /tokens', () => {
  it('lists a chain by numeric id, by symbol and by the chain alias, with the same ETag', async () => {
    const byId = await server.get('/tokens?chainId=8453')
    const body = TokensResponseSchema.parse(await byId.json())
    expect(body.chain).toBe('BASE')
    expect(body.chainId).toBe(8453)
    expect(body.tokens[0]).toMatchObject({ symbol: 'ETH', isToken: false, caip: 'eip155:8453/slip44:60' })
    expect(body.tokens.find((token) => token.symbol === 'USDC')).toMatchObject({
      caip: 'eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      decimals: 6,
    })
    const byAlias = await server.get('/tokens?chain=base')
    expect(byAlias.headers.get('etag')).toBe(byId.headers.get('etag'))
    expect(byAlias.headers.get('cache-control')).toBe('public, s-maxage=3600, stale-while-revalidate=86400')
    const notModified = await server.get('/tokens?chain=BASE', {
      headers: { 'If-None-Match': byId.headers.get('etag') as string },
    })
    expect(notModified.status).toBe(304)
  })

  it('answers BAD_REQUEST naming chainId when neither chainId nor chain is given', async () => {
    const body = await expectError(await server.get('/tokens'), 400, 'BAD_REQUEST')
    expect(body.error).toContain('chainId')
  })

  it('answers UNKNOWN_CHAIN for a chain not in /chains, never cached', async () => {
    const unknown = await server.get('/tokens?chainId=999999')
    expect(unknown.headers.get('cache-control')).toBe('no-store')
    expect((await expectError(unknown, 404, 'UNKNOWN_CHAIN')).error).toContain('999999')
  })

  it('answers 200 for every chain /chains lists: a non-EVM chain with its native asset and no chainId', async () => {
    const { chains } = ChainsResponseSchema.parse(await (await server.get('/chains')).json())
    for (const chain of chains) {
      const response = await server.get(`/tokens?chain=${chain.id}`)
      expect(response.status, chain.id).toBe(200)
      const body = TokensResponseSchema.parse(await response.json())
      expect(body.chain).toBe(chain.id)
      if (chain.chainId === undefined) {
        expect(body).not.toHaveProperty('chainId')
        expect(body.tokens).toEqual([
          expect.objectContaining({
            symbol: chain.nativeSymbol,
            isToken: false,
            caip: expect.stringContaining('/slip44:'),
          }),
        ])
        expect(response.headers.get('etag')).toBeTruthy()
      } else {
        expect(body.chainId).toBe(chain.chainId)
      }
    }
    const btc = TokensResponseSchema.parse(await (await server.get('/tokens?chainId=BTC')).json())
    expect(btc.tokens[0]).toMatchObject({
      symbol: 'BTC',
      caip: 'bip122:000000000019d6689c085ae165831e93/slip44:0',
      decimals: 8,
    })
  })
})

describe('GET /quote', () => {
  it('answers a Quote that matches the contract, never cached, with rate-limit headers', async () => {
    const response = await server.get(quotePath({ amount: '0.5' }))
    expect(response.status).toBe(200)
    const quote = QuoteSchema.parse(await response.json())
    expect(quote).toMatchObject({
      provider: 'lifi',
      sellChain: 'ETH',
      buyChain: 'ETH',
      sellToken: { caip: 'eip155:1/slip44:60', symbol: 'ETH' },
      buyToken: { caip: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC' },
      sellAmount: '0.5',
      buyAmount: '1500',
      minBuyAmount: '1485',
      rate: 3000,
    })
    expect(quote).not.toHaveProperty('partner')
    expect(quote).not.toHaveProperty('partnerFee')
    // Every quote has its own id (an addition to the contract).
    expect(quote.quoteId).toMatch(/^q_[A-Za-z0-9_-]{22}$/)
    const again = QuoteSchema.parse(await (await server.get(quotePath({ amount: '0.5' }))).json())
    expect(again.quoteId).not.toBe(quote.quoteId)
    expect(Date.parse(quote.expiresAt) - Date.now()).toBeGreaterThan(30_000)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('ratelimit-limit')).toBe('60')
  })

  it('echoes partner truncated to 64 characters and reports the collected fee', async () => {
    const partner = 'p'.repeat(70)
    const quote = QuoteSchema.parse(
      await (await server.get(quotePath({ partner, partnerFeeBps: '25.9' }))).json(),
    )
    expect(quote.partner).toBe('p'.repeat(64))
    expect(quote.partnerFeeBps).toBe(25)
    // A right-to-left override, a zero-width space or padding never makes a second `acme`.
    for (const lookalike of [' acme ', '\u202eacme', 'ac\u200bme']) {
      const echoed = QuoteSchema.parse(await (await server.get(quotePath({ partner: lookalike }))).json())
      expect(echoed.partner, JSON.stringify(lookalike)).toBe('acme')
    }
    expect(quote.partnerFee).toMatchObject({
      requestedBps: 25,
      collectedBps: 25,
      collected: true,
      recipient: feeWallet,
    })
    // Longer than any parameter may be, it is still truncated, as the contract says, not refused.
    const long = await server.get(quotePath({ partner: 'q'.repeat(2_000) }))
    expect(long.status).toBe(200)
    expect(QuoteSchema.parse(await long.json()).partner).toBe('q'.repeat(64))
  })

  it('takes an id with nothing visible as no partner: no fee is collected for an id nobody can claim', async () => {
    for (const invisible of ['\u200b', '   ', '\u202e\u200b ']) {
      const quote = QuoteSchema.parse(
        await (await server.get(quotePath({ partner: invisible, partnerFeeBps: '50' }))).json(),
      )
      expect(quote, JSON.stringify(invisible)).not.toHaveProperty('partner')
      expect(quote).not.toHaveProperty('partnerFee')
      expect(quote).not.toHaveProperty('partnerFeeBps')
    }
  })

  it('clamps partnerFeeBps to 100 and turns invalid values into 0', async () => {
    const high = QuoteSchema.parse(
      await (await server.get(quotePath({ partner: 'a', partnerFeeBps: '250' }))).json(),
    )
    expect(high.partnerFee?.requestedBps).toBe(100)
    // Floored from its digits, however many: a float would have made this 100.
    const below = QuoteSchema.parse(
      await (await server.get(quotePath({ partner: 'a', partnerFeeBps: '99.99999999999999999' }))).json(),
    )
    expect(below.partnerFee?.requestedBps).toBe(99)
    // Hex, binary and exponent forms are typos, never a fee: 0x10 must not charge 16 bps.
    for (const value of ['abc', '-5', 'NaN', '', '0x10', '0b11', '1e2', 'Infinity']) {
      const quote = QuoteSchema.parse(
        await (await server.get(quotePath({ partner: 'a', partnerFeeBps: value }))).json(),
      )
      expect(quote.partnerFee).toMatchObject({ requestedBps: 0, collectedBps: 0, collected: false })
      expect(quote).not.toHaveProperty('partnerFeeBps')
    }
  })

  it('names every missing parameter in one BAD_REQUEST', async () => {
    const body = await expectError(await server.get('/quote?sellChain=ETH&amount=1'), 400, 'BAD_REQUEST')
    expect(body.error).toBe('Missing required parameters: sellToken, buyChain, buyToken, address')
  })

  it.each([
    ['hex amount', { amount: '0x10' }],
    ['exponent amount', { amount: '1e18' }],
    ['negative amount', { amount: '-1' }],
    ['zero amount', { amount: '0' }],
    ['more decimals than the token', { sellToken: 'USDC', buyToken: 'ETH', amount: '1.0000001' }],
    ['EVM address too short', { address: '0x1234' }],
    ['zero address as recipient', { buyChain: 'BASE', recipient: `0x${'0'.repeat(40)}` }],
    // The EIP-55 form of 0x7099…79c8 with one letter's case flipped: a typo.
    [
      'recipient with a wrong checksum',
      { buyChain: 'BASE', recipient: '0x70997970c51812DC3A010C7d01b50e0d17dc79C8' },
    ],
    ['slippage 0', { slippage: '0' }],
    ['slippage over 50', { slippage: '50.1' }],
    ['slippage not a number', { slippage: 'lots' }],
    ['hubAddress not EVM', { hubAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
    // Step 1 of a suggested route sends the user's output there: the zero address would burn it.
    ['zero address as hubAddress', { hubAddress: `0x${'0'.repeat(40)}` }],
    ['hubAddress with a wrong checksum', { hubAddress: '0x70997970c51812DC3A010C7d01b50e0d17dc79C8' }],
    ['same asset on both sides', { buyToken: 'eth' }],
    [
      'same asset by symbol and address',
      { sellToken: 'USDC', buyToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
    ],
    ['cross-chain without recipient', { buyChain: 'BASE' }],
    ['BTC recipient that is an EVM address', { buyChain: 'BTC', buyToken: 'BTC', recipient: wallet }],
    ['repeated parameter', { amount: '1&amount=2' }],
  ])('answers BAD_REQUEST for %s', async (_name, params) => {
    const path = quotePath(params).replace('%26amount%3D', '&amount=')
    await expectError(await server.get(path), 400, 'BAD_REQUEST')
  })

  it('accepts an EVM address in one case or with its right checksum', async () => {
    for (const recipient of [
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      '0x70997970C51812DC3A010C7D01B50E0D17DC79C8',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    ]) {
      const response = await server.get(quotePath({ buyChain: 'BASE', recipient }))
      expect(response.status, recipient).toBe(200)
    }
  })

  it('accepts slippage 50 and a cross-chain recipient of the right shape', async () => {
    expect((await server.get(quotePath({ slippage: '50' }))).status).toBe(200)
    const crossChain = await server.get(quotePath({ buyChain: 'BASE', recipient: wallet }))
    expect(crossChain.status).toBe(200)
  })

  it('answers UNSUPPORTED_PAIR for selling RUNE, which takes a MsgDeposit no route builds', async () => {
    const body = await expectError(
      await server.get(
        quotePath({
          sellChain: 'THOR',
          sellToken: 'RUNE',
          address: 'thor1dheycdevq39qlkxs2a6wuuzyn4aqxhve4qxtxt',
          recipient: wallet,
        }),
      ),
      400,
      'UNSUPPORTED_PAIR',
    )
    expect(body.error).toContain('MsgDeposit')
  })

  it('answers UNSUPPORTED_PAIR for a HIVE leg and for RHD against a non-EVM chain', async () => {
    await expectError(
      await server.get(quotePath({ buyChain: 'HIVE', buyToken: 'HIVE', recipient: 'alice' })),
      400,
      'UNSUPPORTED_PAIR',
    )
    await expectError(
      await server.get(
        quotePath({
          sellChain: 'RHD',
          buyChain: 'BTC',
          buyToken: 'BTC',
          recipient: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        }),
      ),
      400,
      'UNSUPPORTED_PAIR',
    )
  })

  it('answers UNKNOWN_CHAIN naming the chain', async () => {
    const body = await expectError(await server.get(quotePath({ sellChain: 'SOLANA' })), 404, 'UNKNOWN_CHAIN')
    expect(body.error).toContain('SOLANA')
  })

  it('answers UNKNOWN_TOKEN naming the token and chain, and reads unlisted ERC-20s through the reader', async () => {
    const body = await expectError(await server.get(quotePath({ buyToken: 'NOPE' })), 404, 'UNKNOWN_TOKEN')
    expect(body.error).toContain('NOPE')
    expect(body.error).toContain('ETH')
    await expectError(
      await server.get(quotePath({ buyToken: '0x4444444444444444444444444444444444444444' })),
      404,
      'UNKNOWN_TOKEN',
    )
    const quote = QuoteSchema.parse(await (await server.get(quotePath({ buyToken: unlisted }))).json())
    // A pasted address is marked unverified; the curated sell token carries no mark at all.
    expect(quote.buyToken).toEqual({ caip: `eip155:1/erc20:${unlisted}`, symbol: 'NEW', verified: false })
    expect(quote.sellToken).not.toHaveProperty('verified')
    expect(quote.buyAmount).toBe('3000')
  })

  it('answers NO_ROUTE when every venue declines', async () => {
    await expectError(
      await server.get(
        quotePath({
          buyChain: 'BTC',
          buyToken: 'BTC',
          recipient: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        }),
      ),
      404,
      'NO_ROUTE',
    )
  })

  it('answers UPSTREAM_ERROR when every venue fails unclassifiably, without leaking the cause', async () => {
    const body = await expectError(await server.get(quotePath({ amount: '13' })), 502, 'UPSTREAM_ERROR')
    expect(body.error).not.toContain('exploded')
  })

  it('answers INTERNAL with a request id and no stack trace for an unexpected exception, and logs it', async () => {
    const response = await server.get(quotePath({ partner: 'boom' }))
    const body = (await expectError(response, 500, 'INTERNAL')) as { error: string; requestId?: string }
    expect(body.requestId).toBe(response.headers.get('x-request-id'))
    expect(JSON.stringify(body)).not.toContain('secret internals')
    expect(logLines.some((line) => line.requestId === body.requestId && line.level === 'error')).toBe(true)
  })
})

describe('everything else', () => {
  it('answers OPTIONS on every endpoint with the 204 preflight of contract 8', async () => {
    for (const path of ['/chains', '/tokens', '/quote', '/access']) {
      const response = await server.get(path, { method: 'OPTIONS' })
      expect(response.status).toBe(204)
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, OPTIONS',
        'access-control-allow-headers': 'Content-Type',
        'access-control-max-age': '86400',
      })
    }
  })

  it('answers unknown paths with 404 NOT_FOUND and CORS', async () => {
    await expectError(await server.get('/nope'), 404, 'NOT_FOUND')
    await expectError(await fetch(`${server.url}/`), 404, 'NOT_FOUND')
  })

  it('answers a served path asked with another method with 405 and the methods it takes', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/quote', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/chains', 'GET, HEAD, OPTIONS'],
      ['PUT', '/access', 'GET, POST, HEAD, OPTIONS'],
      ['POST', '/status', 'GET, HEAD, OPTIONS'],
    ]
    for (const [method, path, allow] of cases) {
      const response = await server.get(path, { method })
      expect(response.status, `${method} ${path}`).toBe(405)
      expect(response.headers.get('allow')).toBe(allow)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      const body = (await response.json()) as { error: string; code: string }
      expect(body.code).toBe('METHOD_NOT_ALLOWED')
      expect(body.error).toBe(`${method} is not allowed on /api/sdk/v1${path}: use ${allow}`)
    }
    // A path nobody serves is still not there, whatever the method.
    await expectError(await server.get('/quotes', { method: 'POST' }), 404, 'NOT_FOUND')
    await expectError(await server.get('/quote/', { method: 'POST' }), 404, 'NOT_FOUND')
  })

  it('answers /access with 503 NOT_CONFIGURED naming the missing settings, never cached', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await server.get('/access', { method })
      expect(response.headers.get('cache-control')).toBe('no-store')
      const body = (await expectError(response, 503, 'NOT_CONFIGURED')) as { missingConfig?: string[] }
      expect(body.missingConfig).toContain('X402_FACILITATOR_URL')
    }
  })
})
