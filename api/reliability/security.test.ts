import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintGrantToken, type GrantClaims } from '../access/grantToken'
import { loadConfig } from '../config'
import { createLogger } from '../logging/logger'
import { startApiServer } from '../server'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'
import { createVenuesFromConfig } from '../venues/createVenuesFromConfig'

/*
 * Grants that are forged, expired or tampered with lift nothing; X-Forwarded-For spoofing behind
 * trusted proxies gains nothing; and no secret (API keys, grant tokens, ACCESS_TOKEN_SECRET) ever
 * reaches a log line or a response, with every venue failing in ways that echo what it was sent.
 */

const SECRET = 'reliability-access-token-secret-0123456789'
const venue = fakeVenue({ id: 'lifi', answer: (request) => priced(request, 'lifi', 1_000_000n) })
const nowSeconds = () => Math.floor(Date.now() / 1000)
const claims = (overrides: Partial<GrantClaims> = {}): GrantClaims => ({
  sub: '0x1111111111111111111111111111111111111111',
  via: 'x402',
  iat: nowSeconds() - 60,
  exp: nowSeconds() + 3_600,
  jti: `grant-${Math.random().toString(36).slice(2, 12)}`,
  ...overrides,
})

type Server_ = Awaited<ReturnType<typeof startTestServer>>

/** Sends `count` quotes in sequence and returns how many were let through. */
async function allowed(
  server: Server_,
  count: number,
  headers: () => Record<string, string>,
): Promise<number> {
  let ok = 0
  for (let index = 0; index < count; index += 1) {
    const response = await server.get(quotePath(), { headers: headers() })
    await response.arrayBuffer()
    if (response.status === 200) ok += 1
  }
  return ok
}

describe('grants', () => {
  let server: Server_
  beforeAll(async () => {
    server = await startTestServer({ venues: [venue], env: { ACCESS_TOKEN_SECRET: SECRET } })
  })
  afterAll(() => server.close())

  it('a valid grant lifts the limit to 600 (the control for the cases below)', async () => {
    const token = await mintGrantToken({ secret: SECRET, claims: claims() })
    const response = await server.get(quotePath(), {
      headers: { 'X-Service-Access': token, 'X-Forwarded-For': '203.0.113.1' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('ratelimit-limit')).toBe('600')
  })

  const invalidGrants: [string, () => Promise<string>][] = [
    [
      'forged (signed with another secret)',
      () => mintGrantToken({ secret: `${SECRET}-other`, claims: claims() }),
    ],
    [
      'expired',
      () =>
        mintGrantToken({
          secret: SECRET,
          claims: claims({ iat: nowSeconds() - 7_200, exp: nowSeconds() - 1 }),
        }),
    ],
    [
      'tampered (expiry pushed out, signature kept)',
      async () => {
        const [prefix, body, signature] = (
          await mintGrantToken({ secret: SECRET, claims: claims({ exp: nowSeconds() - 1 }) })
        ).split('.') as [string, string, string]
        const decoded = JSON.parse(Buffer.from(body, 'base64url').toString()) as GrantClaims
        const forged = Buffer.from(JSON.stringify({ ...decoded, exp: nowSeconds() + 3_600 })).toString(
          'base64url',
        )
        return `${prefix}.${forged}.${signature}`
      },
    ],
    [
      'tampered (signature of another token)',
      async () => {
        const [prefix, body] = (await mintGrantToken({ secret: SECRET, claims: claims() })).split('.')
        const other = (await mintGrantToken({ secret: SECRET, claims: claims() })).split('.')[2]
        return `${prefix}.${body}.${other}`
      },
    ],
  ]
  invalidGrants.forEach(([label, mint], index) => {
    it(`a ${label} grant lifts nothing: the caller still gets exactly 60`, async () => {
      const token = await mint()
      const caller = `203.0.113.${10 + index}`
      const through = await allowed(server, 62, (): Record<string, string> =>
        index % 2 === 0
          ? { 'X-Service-Access': token, 'X-Forwarded-For': caller }
          : { Authorization: `Bearer ${token}`, 'X-Forwarded-For': caller },
      )
      expect(through).toBe(60)
    })
  })
})

describe('X-Forwarded-For spoofing with TRUSTED_PROXIES set', () => {
  it('behind our proxy (the socket is trusted), prepending made-up hops gains nothing', async () => {
    const server = await startTestServer({
      venues: [venue],
      env: { TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/8' },
    })
    try {
      let hop = 0
      // What our proxy forwards: whatever the client sent, then the client's real address.
      const through = await allowed(server, 65, () => ({
        'X-Forwarded-For': `198.51.100.${(hop += 1) % 250}, 10.1.2.3, 203.0.113.50`,
      }))
      expect(through).toBe(60)
    } finally {
      await server.close()
    }
  })

  it('from outside the trusted proxies, a rotating X-Forwarded-For is ignored', async () => {
    const server = await startTestServer({ venues: [venue], env: { TRUSTED_PROXIES: '10.0.0.0/8' } })
    try {
      let hop = 0
      const through = await allowed(server, 65, () => ({
        'X-Forwarded-For': `198.51.100.${(hop += 1) % 250}`,
      }))
      expect(through).toBe(60)
    } finally {
      await server.close()
    }
  })
})

describe('secrets never reach logs or responses', () => {
  let echo: Server
  let echoUrl: string
  let mode: 'echo500' | 'echo400' | 'reset' = 'echo500'
  beforeAll(async () => {
    // A venue that fails by echoing everything it was sent: URL and headers (where keys travel).
    echo = createServer((request, response) => {
      if (mode === 'reset') {
        request.socket.destroy()
        return
      }
      const body = JSON.stringify({ message: `bad request ${request.url}`, headers: request.headers })
      response.writeHead(mode === 'echo500' ? 500 : 400, { 'content-type': 'application/json' }).end(body)
    })
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    echo.closeAllConnections()
    await new Promise((resolve) => echo.close(resolve))
  })

  it('with keys configured and every venue failing, no log line or answer carries a key, grant or secret', async () => {
    const secrets = {
      ZEROX_API_KEY: 'zx-live-key-aaaaaaaaaaaaaaaaaaaaaaaa',
      LIFI_API_KEY: 'lifi-live-key-bbbbbbbbbbbbbbbbbbbbbbbb',
      SWAPKIT_API_KEY: 'swapkit-live-key-cccccccccccccccccccc',
      ACCESS_TOKEN_SECRET: SECRET,
    }
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: 'debug',
      QUOTE_DEADLINE_MS: '500',
      ZEROX_BASE_URL: `${echoUrl}/zerox`,
      LIFI_BASE_URL: `${echoUrl}/lifi`,
      COW_BASE_URL: `${echoUrl}/cow`,
      SWAPKIT_BASE_URL: `${echoUrl}/swapkit`,
      SERVICE_FEE_RECIPIENT: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
      THORCHAIN_AFFILIATE: 'sq',
      ...secrets,
    })
    const lines: string[] = []
    const server = await startApiServer({
      config,
      venues: createVenuesFromConfig({ config }),
      logger: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
    })
    const grant = await mintGrantToken({ secret: SECRET, claims: claims() })
    const forged = await mintGrantToken({ secret: `${SECRET}-other`, claims: claims() })
    const bodies: string[] = []
    try {
      for (const next of ['echo500', 'echo400', 'reset'] as const) {
        mode = next
        for (const headers of [
          { 'X-Service-Access': grant } as Record<string, string>,
          { Authorization: `Bearer ${grant}` },
          { 'X-Service-Access': forged },
          { Authorization: `Bearer ${forged}` },
        ]) {
          for (const path of [
            quotePath({ sellToken: 'USDC', buyToken: 'WETH', amount: '10' }),
            quotePath({
              sellChain: 'BTC',
              sellToken: 'BTC',
              address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
            }),
            `${quotePath()}&token=${grant}`,
            `/tokens?chainId=${grant}`,
            `/access?token=${grant}`,
          ]) {
            const response = await fetch(`${server.url}/api/sdk/v1${path}`, { headers })
            bodies.push(await response.text())
          }
        }
      }
    } finally {
      await server.close()
    }
    // The run did provoke failures that were logged, so the check below looked at something.
    expect(lines.some((line) => line.includes('upstream error'))).toBe(true)
    const leaks = Object.entries({ ...secrets, grant, forged }).flatMap(([name, value]) => [
      ...lines.filter((line) => line.includes(value)).map((line) => `log ${name}: ${line.slice(0, 300)}`),
      ...bodies
        .filter((body) => body.includes(value))
        .map((body) => `response ${name}: ${body.slice(0, 300)}`),
    ])
    expect(leaks).toEqual([])
  })
})
