import { x402Client, x402HTTPClient } from '@x402/core/client'
import { decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http'
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types'
import { ExactEvmScheme } from '@x402/evm/exact/client'
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client'
import { wrapFetchWithPayment } from '@x402/fetch'
import type { Address, Hex } from 'viem'
import { erc20Abi, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../api/config'
import { createLogger } from '../../../api/logging/logger'
import type { ApiServer } from '../../../api/server'
import { startApiServer } from '../../../api/server'
import { revokeGrant } from '../../../api/access/revokeGrant'
import { fakeVenue, priced } from '../../../api/testing/fakeVenue'
import { getFreePort } from '../../../api/testing/startRedis'
import { quotePath } from '../../../api/testing/testServer'
import { AccessGrantSchema, createSwapClient, HolderPassChallengeSchema } from '../../../shared'
import type { World } from '../startWorld'
import { startWorld } from '../startWorld'
import { createAccessSettings } from './createAccessSettings'
import { sandboxAccessRoles } from './sandboxAccessRoles'
import type { LocalFacilitator } from './startFacilitator'
import { startFacilitator } from './startFacilitator'

const PUBLIC_HOST = 'https://swap-quote.test'
const SECRET = 'an-access-token-secret-for-these-tests-only'
const PRICE_UNITS = 1_000_000n // "$1.00" in USDC base units

let world: World
let facilitator: LocalFacilitator
let server: ApiServer
const stops: (() => Promise<unknown>)[] = []
const logLines: string[] = []
let clockOffsetMs = 0

const venue = fakeVenue({ id: 'cow', answer: (request) => priced(request, 'cow', 1_000_000n) })

beforeAll(async () => {
  try {
    world = await startWorld({ chains: ['BASE'], manifestPath: null })
    stops.push(() => world.stop())
    facilitator = await startFacilitator({ world })
    stops.push(() => facilitator.stop())
    server = await startServer({
      ...createAccessSettings({
        manifest: world.manifest,
        facilitatorUrl: facilitator.url,
        publicHost: PUBLIC_HOST,
      }),
    })
  } catch (error) {
    await stopAll()
    throw error
  }
})
afterAll(stopAll)

async function stopAll() {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined)
}

async function startServer(env: Record<string, string>): Promise<ApiServer> {
  const started = await startApiServer({
    config: loadConfig({ HOST: '127.0.0.1', PORT: '0', ACCESS_TOKEN_SECRET: SECRET, ...env }),
    logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
    venues: [venue],
    now: () => Date.now() + clockOffsetMs,
    shutdownGraceMs: 100,
  })
  stops.push(() => started.close())
  return started
}

const account = (index: number) => privateKeyToAccount(world.accounts[index]!.privateKey as Hex)
const payTo = () => world.accounts[sandboxAccessRoles.payTo]!.address as Address
const accessUrl = (target: ApiServer = server, query = '') => `${target.url}/api/sdk/v1/access${query}`

async function usdcBalance(owner: Address): Promise<bigint> {
  return world.chains.BASE!.publicClient.readContract({
    address: world.manifest.chains.BASE!.contracts.usdc as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

function httpClientFor(index: number): x402HTTPClient {
  return new x402HTTPClient(new x402Client().register('eip155:*', new ExactEvmScheme(account(index))))
}

/** The 402 challenge of `target`, decoded as the v2 client reads it. */
async function challengeOf(target: ApiServer = server): Promise<{ required: PaymentRequired; body: any }> {
  const response = await fetch(accessUrl(target))
  expect(response.status).toBe(402)
  const body = await response.json()
  return {
    required: httpClientFor(0).getPaymentRequiredResponse((name) => response.headers.get(name), body),
    body,
  }
}

async function signedPaymentHeaders(index = 0): Promise<Record<string, string>> {
  const client = httpClientFor(index)
  const { required } = await challengeOf()
  return client.encodePaymentSignatureHeader(await client.createPaymentPayload(required))
}

async function quotesServed(count: number, ip: string, headers: Record<string, string> = {}) {
  const statuses: number[] = []
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${server.url}/api/sdk/v1${quotePath()}`, {
      headers: { 'X-Forwarded-For': ip, ...headers },
    })
    statuses.push(response.status)
  }
  return statuses
}

describe('/access x402 (v2) with a real client, facilitator and chain', () => {
  it('sells a grant for USDC on Base, settled before minting, that lifts /quote to 600 in both header forms', async () => {
    const buyer = account(0)
    const before = await usdcBalance(payTo())
    const payFetch = wrapFetchWithPayment(
      fetch,
      new x402Client().register('eip155:*', new ExactEvmScheme(buyer)),
    )
    const response = await payFetch(accessUrl())
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const grant = AccessGrantSchema.parse(await response.json())
    expect(grant).toMatchObject({
      header: 'X-Service-Access',
      subject: buyer.address,
      via: 'x402',
      ttlSeconds: 86_400,
      limit: { requestsPerMinute: 600, previously: 60 },
    })
    expect(grant.usage).toMatch(/X-Service-Access/)
    expect(grant.usage).toMatch(/Authorization: Bearer/)
    expect(grant.note).toMatch(/shared bucket/)
    const receipt = decodePaymentResponseHeader(response.headers.get('PAYMENT-RESPONSE') ?? '')
    expect(receipt).toMatchObject({ success: true, network: 'eip155:8453', payer: buyer.address })
    const mined = await world.chains.BASE!.publicClient.getTransactionReceipt({
      hash: receipt.transaction as Hex,
    })
    expect(mined.status).toBe('success')
    expect(await usdcBalance(payTo())).toBe(before + PRICE_UNITS)

    // Without the grant the 61st request of a minute is refused; with it, in either form, it is served.
    expect((await quotesServed(61, '203.0.113.10')).at(-1)).toBe(429)
    const direct = await quotesServed(61, '203.0.113.11', { 'X-Service-Access': grant.token })
    expect(direct.every((status) => status === 200)).toBe(true)
    const bearer = await quotesServed(61, '203.0.113.12', { Authorization: `Bearer ${grant.token}` })
    expect(bearer.every((status) => status === 200)).toBe(true)

    // Support's trail: transaction -> jti, and never the token or a signature.
    const issued = logLines
      .map((line) => JSON.parse(line))
      .find((line) => line.transaction === receipt.transaction)
    expect(issued).toMatchObject({ via: 'x402', jti: expect.any(String) })
    expect(logLines.join('\n')).not.toContain(grant.token)
  })

  it('settles one of several parallel requests carrying the same payment', async () => {
    const headers = await signedPaymentHeaders(3)
    const before = await usdcBalance(payTo())
    const responses = await Promise.all(Array.from({ length: 4 }, () => fetch(accessUrl(), { headers })))
    expect(responses.map((response) => response.status).sort()).toEqual([200, 402, 402, 402])
    expect(await usdcBalance(payTo())).toBe(before + PRICE_UNITS)
  })

  it('hands a payer that holds a grant the same grant back, before settling anything (a replay included)', async () => {
    const before = await usdcBalance(payTo())
    const buyerBefore = await usdcBalance(account(3).address)
    const replayed = await fetch(accessUrl(), { headers: await signedPaymentHeaders(3) })
    const again = await fetch(accessUrl(), { headers: await signedPaymentHeaders(3) })
    expect([replayed.status, again.status]).toEqual([200, 200])
    const [first, second] = [
      AccessGrantSchema.parse(await replayed.json()),
      AccessGrantSchema.parse(await again.json()),
    ]
    expect(second.token).toBe(first.token)
    expect(first.subject).toBe(account(3).address)
    // Nobody paid for it again.
    expect(await usdcBalance(payTo())).toBe(before)
    expect(await usdcBalance(account(3).address)).toBe(buyerBefore)
  })

  it('a revoked grant lifts nothing', async () => {
    const response = await fetch(accessUrl(), { headers: await signedPaymentHeaders() })
    const grant = AccessGrantSchema.parse(await response.json())
    const lifted = await fetch(`${server.url}/api/sdk/v1${quotePath()}`, {
      headers: { 'X-Service-Access': grant.token, 'X-Forwarded-For': '203.0.113.20' },
    })
    expect(lifted.headers.get('ratelimit-limit')).toBe('600')
    const claims = JSON.parse(Buffer.from(grant.token.split('.')[1]!, 'base64url').toString('utf8'))
    const jti = claims.jti as string
    expect(logLines.some((line) => line.includes(jti))).toBe(true)
    await revokeGrant({ store: server.store, jti, expiresAtMs: Date.parse(grant.expiresAt), now: Date.now })
    const revoked = await fetch(`${server.url}/api/sdk/v1${quotePath()}`, {
      headers: { 'X-Service-Access': grant.token, 'X-Forwarded-For': '203.0.113.20' },
    })
    expect(revoked.headers.get('ratelimit-limit')).toBe('60')
  })
})

describe('/access x402 (v1)', () => {
  it('answers the dual challenge: v2 in PAYMENT-REQUIRED, v1 in the body with error and code', async () => {
    const { required, body } = await challengeOf()
    expect(required.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: 'eip155:8453',
      amount: '1000000',
      asset: world.manifest.chains.BASE!.contracts.usdc,
      payTo: payTo(),
      extra: { name: 'USD Coin', version: '2', paymentFlow: 'upfront' },
    })
    expect(body).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      error: expect.stringContaining('1 USDC on Base'),
      x402Version: 1,
      accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: '1000000', payTo: payTo() }],
    })
  })

  it('sells a grant for an X-PAYMENT header built by the v1 client scheme', async () => {
    const { body } = await challengeOf()
    const before = await usdcBalance(payTo())
    const payment = await new ExactEvmSchemeV1(account(1)).createPaymentPayload(1, body.accepts[0])
    const response = await fetch(accessUrl(), {
      headers: { 'X-PAYMENT': encodePaymentSignatureHeader(payment as any) },
    })
    expect(response.status).toBe(200)
    expect(AccessGrantSchema.parse(await response.json())).toMatchObject({
      via: 'x402',
      subject: account(1).address,
    })
    expect(decodePaymentResponseHeader(response.headers.get('X-PAYMENT-RESPONSE') ?? '')).toMatchObject({
      success: true,
      network: 'base',
    })
    expect(await usdcBalance(payTo())).toBe(before + PRICE_UNITS)
    const replay = await fetch(accessUrl(), {
      headers: { 'X-PAYMENT': encodePaymentSignatureHeader(payment as any) },
    })
    expect(replay.status).toBe(402)
    expect(await usdcBalance(payTo())).toBe(before + PRICE_UNITS)
  })
})

describe('/access malformed payments: a clear 4xx, no grant, no settlement', () => {
  async function signAuthorization(
    requirements: PaymentRequirements,
    overrides: { value?: bigint; validBefore?: bigint },
  ) {
    const buyer = account(2)
    const nowSeconds = BigInt(Math.floor(Date.now() / 1000))
    const authorization = {
      from: buyer.address,
      to: requirements.payTo as Address,
      value: overrides.value ?? BigInt(requirements.amount),
      validAfter: 0n,
      validBefore: overrides.validBefore ?? nowSeconds + 120n,
      nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
    }
    const signature = await buyer.signTypedData({
      domain: {
        name: 'USD Coin',
        version: '2',
        chainId: 8453,
        verifyingContract: requirements.asset as Address,
      },
      types: {
        TransferWithAuthorization: [
          { name: 'from', type: 'address' },
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'validAfter', type: 'uint256' },
          { name: 'validBefore', type: 'uint256' },
          { name: 'nonce', type: 'bytes32' },
        ],
      },
      primaryType: 'TransferWithAuthorization',
      message: authorization,
    })
    const payload = {
      signature,
      authorization: Object.fromEntries(
        Object.entries(authorization).map(([key, value]) => [key, String(value)]),
      ),
    }
    return payload
  }

  const cases: [string, () => Promise<Record<string, string>>, number][] = [
    ['PAYMENT-SIGNATURE that is not base64', async () => ({ 'PAYMENT-SIGNATURE': '%%%not base64%%%' }), 400],
    [
      'PAYMENT-SIGNATURE of base64 that is not JSON',
      async () => ({ 'PAYMENT-SIGNATURE': btoa('not json {') }),
      400,
    ],
    [
      'PAYMENT-SIGNATURE of JSON that is no x402 payload',
      async () => ({ 'PAYMENT-SIGNATURE': btoa('{"a":1}') }),
      400,
    ],
    ['X-PAYMENT that is not base64', async () => ({ 'X-PAYMENT': '***' }), 400],
    [
      'X-PAYMENT carrying a v2-shaped payload',
      async () => ({ 'X-PAYMENT': (await signedPaymentHeaders(2))['PAYMENT-SIGNATURE']! }),
      400,
    ],
    [
      'a payment on the wrong network',
      async () => {
        const { required } = await challengeOf()
        const accepted = { ...required.accepts[0]!, network: 'eip155:84532' as const }
        const payload: PaymentPayload = {
          x402Version: 2,
          accepted,
          payload: await signAuthorization(accepted, {}),
        }
        return { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) }
      },
      402,
    ],
    [
      'a v1 payment on the wrong network',
      async () => {
        const { body } = await challengeOf()
        const payment = await new ExactEvmSchemeV1(account(2)).createPaymentPayload(1, {
          ...body.accepts[0],
          network: 'base-sepolia',
        })
        return { 'X-PAYMENT': encodePaymentSignatureHeader(payment as any) }
      },
      402,
    ],
    [
      'too small an amount',
      async () => {
        const { required } = await challengeOf()
        const accepted = { ...required.accepts[0]!, amount: '1' }
        const payload: PaymentPayload = {
          x402Version: 2,
          accepted,
          payload: await signAuthorization(accepted, {}),
        }
        return { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) }
      },
      402,
    ],
    [
      'an authorization signed for less than the price',
      async () => {
        const { required } = await challengeOf()
        const accepted = required.accepts[0]!
        const payload: PaymentPayload = {
          x402Version: 2,
          accepted,
          payload: await signAuthorization(accepted, { value: 1n }),
        }
        return { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) }
      },
      402,
    ],
    [
      'an expired authorization',
      async () => {
        const { required } = await challengeOf()
        const accepted = required.accepts[0]!
        const validBefore = BigInt(Math.floor(Date.now() / 1000)) - 60n
        const payload: PaymentPayload = {
          x402Version: 2,
          accepted,
          payload: await signAuthorization(accepted, { validBefore }),
        }
        return { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) }
      },
      402,
    ],
  ]

  for (const [name, headersFor, status] of cases) {
    it(`answers ${status} to ${name}`, async () => {
      const headers = await headersFor()
      const before = await usdcBalance(payTo())
      const response = await fetch(accessUrl(), { headers })
      expect(response.status).toBe(status)
      const body = await response.json()
      expect(body).toMatchObject({
        code: status === 400 ? 'BAD_REQUEST' : 'PAYMENT_INVALID',
        error: expect.any(String),
      })
      expect(body).not.toHaveProperty('token')
      expect(await usdcBalance(payTo())).toBe(before)
    })
  }
})

describe('/access holder pass', () => {
  async function challenge(address: string, target: ApiServer = server) {
    const response = await fetch(accessUrl(target, `?address=${address}`))
    expect(response.status).toBe(200)
    return HolderPassChallengeSchema.parse(await response.json())
  }

  function redeem(body: unknown, target: ApiServer = server) {
    return fetch(accessUrl(target), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  }

  it('issues a grant to a pass holder for a signed SIWE message, once', async () => {
    const holder = account(0)
    const step1 = await challenge(holder.address.toLowerCase())
    expect(step1.address).toBe(holder.address)
    expect(step1.message).toContain('swap-quote.test wants you to sign in with your Ethereum account:')
    expect(step1.message).toContain(holder.address)
    expect(step1.message).toContain('Chain ID: 8453')
    expect(step1.message).toContain(`Issued At: ${step1.issued}`)
    expect(step1.message).toContain('No transaction, no cost.')
    expect(Date.parse(step1.expiresAt) - Date.parse(step1.issued)).toBe(300_000)
    const signature = await holder.signMessage({ message: step1.message })

    const response = await redeem({ address: holder.address, issued: step1.issued, signature })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const grant = AccessGrantSchema.parse(await response.json())
    expect(grant).toMatchObject({ via: 'holder-pass', subject: holder.address, ttlSeconds: 86_400 })
    const quote = await fetch(`${server.url}/api/sdk/v1${quotePath()}`, {
      headers: { Authorization: `Bearer ${grant.token}`, 'X-Forwarded-For': '203.0.113.30' },
    })
    expect(quote.headers.get('ratelimit-limit')).toBe('600')

    const reused = await redeem({ address: holder.address, issued: step1.issued, signature })
    expect(reused.status).toBe(401)
    expect(await reused.json()).toMatchObject({
      code: 'BAD_SIGNATURE',
      error: expect.stringMatching(/already used/),
    })
    expect(logLines.join('\n')).not.toContain(signature.slice(2, 60))
  })

  it('gives one subject one bucket, however many grants it holds', async () => {
    const x402 = AccessGrantSchema.parse(
      await (await fetch(accessUrl(), { headers: await signedPaymentHeaders(0) })).json(),
    )
    const holder = account(0)
    const step1 = await challenge(holder.address)
    const signature = await holder.signMessage({ message: step1.message })
    const pass = AccessGrantSchema.parse(
      await (await redeem({ address: holder.address, issued: step1.issued, signature })).json(),
    )
    expect(pass.token).not.toBe(x402.token)
    // Both grants of one wallet draw from one 600-per-minute bucket: the second token's first quote sees the
    // first token's use.
    const first = await fetch(`${server.url}/api/sdk/v1${quotePath()}`, {
      headers: { 'X-Service-Access': x402.token, 'X-Forwarded-For': '203.0.113.40' },
    })
    const remainingAfterFirst = Number(first.headers.get('ratelimit-remaining'))
    const second = await fetch(`${server.url}/api/sdk/v1${quotePath()}`, {
      headers: { 'X-Service-Access': pass.token, 'X-Forwarded-For': '203.0.113.41' },
    })
    expect(Number(second.headers.get('ratelimit-remaining'))).toBe(remainingAfterFirst - 1)
  })

  it('works through the shared typed client', async () => {
    const client = createSwapClient({ baseUrl: server.url })
    const challenge = await client.accessChallenge()
    expect(challenge.paymentRequired?.accepts[0]).toMatchObject({ network: 'eip155:8453' })
    const step1 = await client.holderPassChallenge(account(0).address)
    const signature = await account(0).signMessage({ message: step1.message })
    const grant = await client.holderPassGrant({ address: step1.address, issued: step1.issued, signature })
    expect(grant).toMatchObject({ via: 'holder-pass', subject: account(0).address })
  })

  it('takes step 2 as GET query parameters too', async () => {
    const holder = account(0)
    const step1 = await challenge(holder.address)
    const signature = await holder.signMessage({ message: step1.message })
    const query = new URLSearchParams({ address: holder.address, issued: step1.issued, signature })
    const response = await fetch(accessUrl(server, `?${query}`))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ via: 'holder-pass' })
  })

  it('refuses a stale issued time with BAD_SIGNATURE', async () => {
    const holder = account(0)
    const step1 = await challenge(holder.address)
    const signature = await holder.signMessage({ message: step1.message })
    clockOffsetMs = 301_000
    try {
      const response = await redeem({ address: holder.address, issued: step1.issued, signature })
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({
        code: 'BAD_SIGNATURE',
        error: expect.stringMatching(/window/),
      })
    } finally {
      clockOffsetMs = 0
    }
  })

  it('refuses a signature by another key with BAD_SIGNATURE', async () => {
    const step1 = await challenge(account(0).address)
    const signature = await account(3).signMessage({ message: step1.message })
    const response = await redeem({ address: account(0).address, issued: step1.issued, signature })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'BAD_SIGNATURE' })
  })

  it('refuses an issued time the server did not issue (re-serialised) with BAD_REQUEST', async () => {
    const step1 = await challenge(account(0).address)
    const signature = await account(0).signMessage({ message: step1.message })
    const issued = step1.issued.replace('.000Z', 'Z').replace(/\.\d{3}Z$/, 'Z')
    const response = await redeem({ address: account(0).address, issued, signature })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' })
  })

  it('answers NO_PASS to a valid signature from an address without a pass', async () => {
    const stranger = account(1)
    const step1 = await challenge(stranger.address)
    const signature = await stranger.signMessage({ message: step1.message })
    const response = await redeem({ address: stranger.address, issued: step1.issued, signature })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'NO_PASS' })
  })

  it('answers 502 UPSTREAM_ERROR, and no grant, while the pass chain cannot be read', async () => {
    const offline = await startServer({
      ...createAccessSettings({
        manifest: world.manifest,
        facilitatorUrl: facilitator.url,
        publicHost: PUBLIC_HOST,
      }),
      RPC_URL_BASE: `http://127.0.0.1:${await getFreePort()}`,
    })
    const step1 = await challenge(account(0).address, offline)
    const signature = await account(0).signMessage({ message: step1.message })
    const response = await redeem({ address: account(0).address, issued: step1.issued, signature }, offline)
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_ERROR' })
    expect(logLines.join('\n')).not.toContain(signature.slice(2, 60))
  })

  it('answers BAD_REQUEST to malformed JSON, a bad address and missing fields', async () => {
    const malformed = await fetch(accessUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"address": ',
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ code: 'BAD_REQUEST' })
    expect((await fetch(accessUrl(server, '?address=0x123'))).status).toBe(400)
    const missing = await redeem({ address: account(0).address, issued: new Date().toISOString() })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({
      code: 'BAD_REQUEST',
      error: expect.stringContaining('signature'),
    })
  })
})

describe('/access when the facilitator is missing, down or lacks Base', () => {
  const holderPassSettings = () => {
    const { X402_FACILITATOR_URL: _, ...rest } = createAccessSettings({
      manifest: world.manifest,
      facilitatorUrl: facilitator.url,
      publicHost: PUBLIC_HOST,
    })
    return rest
  }

  it('answers 503 NOT_CONFIGURED with missingConfig without a facilitator, and the holder pass still works', async () => {
    const bare = await startServer(holderPassSettings())
    const response = await fetch(accessUrl(bare))
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({
      code: 'NOT_CONFIGURED',
      missingConfig: ['X402_FACILITATOR_URL'],
    })
    const paid = await fetch(accessUrl(bare), { headers: await signedPaymentHeaders() })
    expect(paid.status).toBe(503)
    const step1 = await challenge(bare)
    const signature = await account(0).signMessage({ message: step1.message })
    const granted = await fetch(accessUrl(bare), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: account(0).address, issued: step1.issued, signature }),
    })
    expect(granted.status).toBe(200)
  })

  it('answers 503, never 500, while the facilitator is down, and settles nothing', async () => {
    const doomed = await startFacilitator({ world })
    const target = await startServer({ ...holderPassSettings(), X402_FACILITATOR_URL: doomed.url })
    const { required } = await challengeOf(target)
    const client = httpClientFor(2)
    const headers = client.encodePaymentSignatureHeader(await client.createPaymentPayload(required))
    await doomed.stop()
    const before = await usdcBalance(payTo())
    const paid = await fetch(accessUrl(target), { headers })
    expect(paid.status).toBe(503)
    expect(await paid.json()).toMatchObject({ code: 'NOT_CONFIGURED' })
    expect(await usdcBalance(payTo())).toBe(before)

    const coldStart = await startServer({ ...holderPassSettings(), X402_FACILITATOR_URL: doomed.url })
    const unpaid = await fetch(accessUrl(coldStart))
    expect(unpaid.status).toBe(503)
    expect((await fetch(accessUrl(coldStart, `?address=${account(0).address}`))).status).toBe(200)
  })

  it('answers 503 when the facilitator does not serve Base, and the process lives on', async () => {
    const elsewhere = await startFacilitator({
      world,
      networks: { v2: ['eip155:84532'], v1: ['base-sepolia' as any] },
    })
    stops.push(() => elsewhere.stop())
    const target = await startServer({ ...holderPassSettings(), X402_FACILITATOR_URL: elsewhere.url })
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await fetch(accessUrl(target))
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({
        code: 'NOT_CONFIGURED',
        error: expect.stringContaining('eip155:8453'),
      })
    }
    expect((await fetch(`${target.url}/api/sdk/v1/chains`)).status).toBe(200)
  })

  async function challenge(target: ApiServer) {
    const response = await fetch(accessUrl(target, `?address=${account(0).address}`))
    return HolderPassChallengeSchema.parse(await response.json())
  }
})
