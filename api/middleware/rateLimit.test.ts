import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintGrantToken } from '../access/grantToken'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

const secret = 'a-test-secret-that-is-long-enough-for-hmac'
const venue = fakeVenue({ id: 'cow', answer: (request) => priced(request, 'cow', 1_000_000n) })

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ venues: [venue], env: { ACCESS_TOKEN_SECRET: secret } })
})
afterAll(() => server.close())

const fromIp = (ip: string, headers: Record<string, string> = {}) => ({
  headers: { 'X-Forwarded-For': ip, ...headers },
})

async function grant(jti: string, expInSeconds = 3600): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return mintGrantToken({ secret, claims: { sub: '0xabc', via: 'x402', iat, exp: iat + expInSeconds, jti } })
}

describe('rate limit on /quote (memory store)', () => {
  it('serves exactly 60 of 120 parallel requests from one caller and answers the rest RATE_LIMITED', async () => {
    const responses = await Promise.all(
      Array.from({ length: 120 }, () => server.get(quotePath(), fromIp('198.51.100.1'))),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(60)
    expect(statuses.filter((status) => status === 429)).toHaveLength(60)
    const limited = responses.find((response) => response.status === 429) as Response
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // A browser widget can read the countdown only when the header is exposed to it.
    expect(limited.headers.get('access-control-expose-headers')).toContain('Retry-After')
    expect(limited.headers.get('ratelimit-limit')).toBe('60')
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('access-control-allow-origin')).toBe('*')
    expect(limited.headers.get('cache-control')).toBe('no-store')
  })

  it('counts invalid requests too, and keys on the first X-Forwarded-For entry', async () => {
    for (let index = 0; index < 60; index += 1) {
      expect((await server.get('/quote?garbage=1', fromIp('198.51.100.2, 10.0.0.1'))).status).toBe(400)
    }
    expect((await server.get(quotePath(), fromIp('198.51.100.2, 10.9.9.9'))).status).toBe(429)
    expect((await server.get(quotePath(), fromIp('198.51.100.3'))).status).toBe(200)
  })

  it('does not count /chains, /tokens or /access', async () => {
    for (let index = 0; index < 70; index += 1) await server.get('/tokens?chain=ETH', fromIp('198.51.100.4'))
    await server.get('/access', fromIp('198.51.100.4'))
    const response = await server.get(quotePath(), fromIp('198.51.100.4'))
    expect(response.status).toBe(200)
    expect(response.headers.get('ratelimit-remaining')).toBe('59')
  })

  it('gives a grant 600 per minute, shared by every presenter across both header forms', async () => {
    const token = await grant('grant-shared-1')
    const responses = await Promise.all(
      Array.from({ length: 601 }, (_, index) =>
        server.get(
          quotePath(),
          index % 2 === 0
            ? fromIp('203.0.113.10', { 'X-Service-Access': token })
            : fromIp('203.0.113.11', { Authorization: `Bearer ${token}` }),
        ),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(600)
    expect(statuses.filter((status) => status === 429)).toHaveLength(1)
    expect(responses[0]?.headers.get('ratelimit-limit')).toBe('600')
    // The presenters' own IP buckets were not touched.
    expect((await server.get(quotePath(), fromIp('203.0.113.10'))).headers.get('ratelimit-remaining')).toBe(
      '59',
    )
  })

  it('treats a forged or expired grant as no grant', async () => {
    const forged = (await grant('grant-forged')).replace(/.$/, (char) => (char === 'A' ? 'B' : 'A'))
    const expired = await grant('grant-expired', -10)
    for (const token of [forged, expired, 'not-a-token']) {
      const response = await server.get(quotePath(), fromIp('203.0.113.20', { 'X-Service-Access': token }))
      expect(response.headers.get('ratelimit-limit')).toBe('60')
    }
  })

  it('says at the limit that the grant presented is not valid, without echoing it', async () => {
    const forged = (await grant('grant-forged-429')).replace(/.$/, (char) => (char === 'A' ? 'B' : 'A'))
    const headers = fromIp('203.0.113.21', { 'X-Service-Access': forged })
    let response = await server.get(quotePath(), headers)
    while (response.status === 200) response = await server.get(quotePath(), headers)
    expect(response.status).toBe(429)
    const { error } = (await response.json()) as { error: string }
    expect(error).toMatch(/the access grant presented is not valid \(expired, revoked or altered\)/)
    expect(error).not.toContain(forged)
  })
})

describe('rate limit callers are networks, not spellings', () => {
  it('counts one caller across ports, IPv6 spellings and one /64', async () => {
    const spellings = ['198.51.100.60:40001', '198.51.100.60:40002', '198.51.100.60']
    for (const ip of spellings) expect((await server.get(quotePath(), fromIp(ip))).status).toBe(200)
    expect(
      (await server.get(quotePath(), fromIp('198.51.100.60:40003'))).headers.get('ratelimit-remaining'),
    ).toBe('56')
    const network = [
      '2001:db8:60::1',
      '2001:DB8:60::1',
      '2001:0db8:0060:0000:0000:0000:0000:0001',
      '[2001:db8:60::2]:443',
      '2001:db8:60:0:ffff:ffff:ffff:ffff',
    ]
    for (const ip of network) expect((await server.get(quotePath(), fromIp(ip))).status).toBe(200)
    const sixth = await server.get(quotePath(), fromIp('2001:db8:60::9'))
    expect(sixth.headers.get('ratelimit-remaining')).toBe('54')
    // The next /64 is another subscriber.
    expect(
      (await server.get(quotePath(), fromIp('2001:db8:60:1::1'))).headers.get('ratelimit-remaining'),
    ).toBe('59')
  })
})

describe('rate limit behind trusted proxies', () => {
  it('matches IPv6 proxy ranges', async () => {
    const proxied = await startTestServer({
      venues: [venue],
      env: { TRUSTED_PROXIES: '127.0.0.1, 2001:db8:ffff::/48' },
    })
    try {
      for (let index = 0; index < 60; index += 1) {
        const forged = `192.0.2.${index}, 198.51.100.51, 2001:db8:ffff::${index.toString(16)}`
        expect((await proxied.get(quotePath(), fromIp(forged))).status).toBe(200)
      }
      expect((await proxied.get(quotePath(), fromIp('198.51.100.51, 2001:db8:ffff:1::2'))).status).toBe(429)
    } finally {
      await proxied.close()
    }
  })

  it('keys on the right-most untrusted hop, so a forged first entry does not reset the count', async () => {
    const proxied = await startTestServer({
      venues: [venue],
      env: { TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' },
    })
    try {
      for (let index = 0; index < 60; index += 1) {
        const forged = `192.0.2.${index}, 198.51.100.50, 10.1.2.3`
        expect((await proxied.get(quotePath(), fromIp(forged))).status).toBe(200)
      }
      expect((await proxied.get(quotePath(), fromIp('192.0.2.200, 198.51.100.50'))).status).toBe(429)
      // Without X-Forwarded-For the socket address (127.0.0.1, trusted) is the only hop left.
      expect((await proxied.get(quotePath())).status).toBe(200)
    } finally {
      await proxied.close()
    }
  })
})
