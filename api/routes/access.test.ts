import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http'
import type { FacilitatorClient } from '@x402/core/server'
import type { Network, PaymentPayload, SettleResponse, SupportedResponse } from '@x402/core/types'
import { encodeFunctionResult, erc721Abi } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { createLogger } from '../logging/logger'
import type { JsonRpcNode } from '../testing/startJsonRpcNode'
import { startJsonRpcNode } from '../testing/startJsonRpcNode'

const SECRET = 'a-secret-for-the-access-route-unit-tests'
const PAY_TO = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const PAYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

type FakeFacilitator = FacilitatorClient & { settles: number; verifies: number }

function fakeFacilitator({
  kinds = [
    { x402Version: 2, scheme: 'exact', network: 'eip155:8453' },
    { x402Version: 1, scheme: 'exact', network: 'base' as Network },
  ],
  settle = async () => ({
    success: true,
    transaction: `0x${'ab'.repeat(32)}`,
    network: 'eip155:8453',
    payer: PAYER,
  }),
}: {
  kinds?: SupportedResponse['kinds']
  settle?: () => Promise<SettleResponse>
} = {}): FakeFacilitator {
  const fake: FakeFacilitator = {
    settles: 0,
    verifies: 0,
    getSupported: async () => ({ kinds, extensions: [], signers: {} }),
    verify: async () => {
      fake.verifies += 1
      return { isValid: true, payer: PAYER }
    },
    settle: async () => {
      fake.settles += 1
      return settle()
    },
  }
  return fake
}

function appWith(env: Record<string, string>, facilitator?: FacilitatorClient) {
  const lines: string[] = []
  const app = createApp({
    config: loadConfig({ ACCESS_TOKEN_SECRET: SECRET, X402_PAY_TO: PAY_TO, ...env }),
    logger: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
    ...(facilitator ? { accessFacilitator: facilitator } : {}),
  })
  return { app, lines }
}

async function paymentFor(app: ReturnType<typeof createApp>, nonce = '01'): Promise<string> {
  const challenge = await app.request('/api/sdk/v1/access')
  const required = decodePaymentRequiredHeader(challenge.headers.get('PAYMENT-REQUIRED') ?? '')
  const payload: PaymentPayload = {
    x402Version: 2,
    accepted: required.accepts[0]!,
    payload: {
      signature: `0x${'11'.repeat(65)}`,
      authorization: { from: PAYER, to: PAY_TO, value: '1000000', validAfter: '0', validBefore: '9', nonce },
    },
  }
  return encodePaymentSignatureHeader(payload)
}

afterEach(() => vi.restoreAllMocks())

describe('/access configuration', () => {
  it('answers 503 NOT_CONFIGURED naming every missing payment setting, not retryable', async () => {
    const app = createApp({ config: loadConfig({}) })
    for (const init of [{}, { method: 'POST' }]) {
      const response = await app.request('/api/sdk/v1/access', init)
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBeNull()
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.json()).toMatchObject({
        code: 'NOT_CONFIGURED',
        missingConfig: ['X402_FACILITATOR_URL', 'X402_PAY_TO', 'ACCESS_TOKEN_SECRET'],
      })
    }
  })

  it('never falls back to a default facilitator URL', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { app } = appWith({})
    const headerSets: Record<string, string>[] = [
      {},
      { 'PAYMENT-SIGNATURE': btoa('{}') },
      { 'X-PAYMENT': btoa('{}') },
    ]
    for (const headers of headerSets) {
      const response = await app.request('/api/sdk/v1/access', { headers })
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({
        code: 'NOT_CONFIGURED',
        missingConfig: ['X402_FACILITATOR_URL'],
      })
    }
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('names the missing holder-pass settings separately from the payment ones', async () => {
    const { app } = appWith({}, fakeFacilitator())
    const response = await app.request(`/api/sdk/v1/access?address=${PAYER}`)
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({
      code: 'NOT_CONFIGURED',
      missingConfig: ['PUBLIC_HOST', 'HOLDER_PASS_CONTRACT', 'RPC_URL_BASE'],
    })
  })
})

describe('/access payment flow (in-process facilitator)', () => {
  it('answers GET and POST without payment with the same dual 402 challenge, never rate limited', async () => {
    const { app } = appWith({ PUBLIC_HOST: 'https://api.example' }, fakeFacilitator())
    for (let index = 0; index < 70; index += 1) {
      const response = await app.request('/api/sdk/v1/access', {
        method: index % 2 ? 'POST' : 'GET',
        headers: { 'X-Forwarded-For': '198.51.100.9' },
      })
      expect(response.status).toBe(402)
    }
    const response = await app.request('/api/sdk/v1/access', { method: 'POST' })
    const required = decodePaymentRequiredHeader(response.headers.get('PAYMENT-REQUIRED') ?? '')
    expect(required).toMatchObject({
      x402Version: 2,
      resource: { url: 'https://api.example/api/sdk/v1/access' },
      accepts: [{ network: 'eip155:8453', amount: '1000000', payTo: PAY_TO, maxTimeoutSeconds: 120 }],
    })
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      x402Version: 1,
      accepts: [
        { network: 'base', maxAmountRequired: '1000000', resource: 'https://api.example/api/sdk/v1/access' },
      ],
    })
  })

  it('answers a browser with the JSON challenge too, never the SDK paywall page', async () => {
    const { app } = appWith({}, fakeFacilitator())
    const response = await app.request('/api/sdk/v1/access', {
      headers: { Accept: 'text/html,application/xhtml+xml', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
    })
    expect(response.status).toBe(402)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    expect(await response.json()).toMatchObject({ code: 'PAYMENT_REQUIRED' })
  })

  it('settles before minting: a failed settlement gives PAYMENT_INVALID with the receipt and no grant', async () => {
    const facilitator = fakeFacilitator({
      settle: async () => ({
        success: false,
        errorReason: 'invalid_exact_evm_insufficient_balance',
        transaction: '',
        network: 'eip155:8453',
      }),
    })
    const { app, lines } = appWith({}, facilitator)
    const payment = await paymentFor(app)
    const response = await app.request('/api/sdk/v1/access', { headers: { 'PAYMENT-SIGNATURE': payment } })
    expect(response.status).toBe(402)
    expect(await response.json()).toMatchObject({
      code: 'PAYMENT_INVALID',
      error: expect.stringContaining('insufficient_balance'),
    })
    expect(decodePaymentResponseHeader(response.headers.get('PAYMENT-RESPONSE') ?? '')).toMatchObject({
      success: false,
    })
    expect(lines.some((line) => line.includes('access grant issued'))).toBe(false)
    // A failed settlement releases the payment, so the payer may try again with it.
    await app.request('/api/sdk/v1/access', { headers: { 'PAYMENT-SIGNATURE': payment } })
    expect(facilitator.settles).toBe(2)
  })

  it('mints for the settled payer and logs transaction -> jti, never the token', async () => {
    const facilitator = fakeFacilitator()
    const { app, lines } = appWith({}, facilitator)
    const response = await app.request('/api/sdk/v1/access', {
      method: 'POST',
      headers: { 'PAYMENT-SIGNATURE': await paymentFor(app, '02') },
    })
    expect(response.status).toBe(200)
    const grant = (await response.json()) as { token: string; subject: string; via: string }
    expect(grant).toMatchObject({ subject: PAYER, via: 'x402' })
    const logged = lines.map((line) => JSON.parse(line)).find((line) => line.jti)
    expect(logged).toMatchObject({ transaction: `0x${'ab'.repeat(32)}` })
    expect(lines.join('\n')).not.toContain(grant.token)
    expect(facilitator.settles).toBe(1)
  })

  it('answers 503 to a v1 payment when the facilitator settles only v2, and settles nothing', async () => {
    const facilitator = fakeFacilitator({
      kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }],
    })
    const { app } = appWith({}, facilitator)
    const payment = { x402Version: 1, scheme: 'exact', network: 'base', payload: { signature: '0x00' } }
    const response = await app.request('/api/sdk/v1/access', {
      headers: { 'X-PAYMENT': btoa(JSON.stringify(payment)) },
    })
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ code: 'NOT_CONFIGURED' })
    expect(facilitator.settles + facilitator.verifies).toBe(0)
  })

  it('answers 503 with Retry-After when the facilitator fails mid-payment, and a 400 to an oversized body', async () => {
    const facilitator = fakeFacilitator({
      settle: async () => {
        throw new TypeError('fetch failed')
      },
    })
    const { app } = appWith({}, facilitator)
    const response = await app.request('/api/sdk/v1/access', {
      headers: { 'PAYMENT-SIGNATURE': await paymentFor(app, '03') },
    })
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('30')
    const oversized = await app.request('/api/sdk/v1/access', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: 'x'.repeat(40_000) }),
    })
    expect(oversized.status).toBe(400)
  })
})

describe('/access holder pass over a JSON-RPC node', () => {
  const PASS = '0x5fbdb2315678afecb367f032d7c8e2ac5b8d4a1d'
  let failing = false
  let node: JsonRpcNode
  beforeAll(async () => {
    // The pass contract's node: balanceOf answers 1, or HTTP 500 while `failing` (viem retries once).
    node = await startJsonRpcNode({
      answer: (call) => {
        if (failing) return { status: 500 }
        if (call.method !== 'eth_call') return { result: '0x2105' }
        return {
          result: encodeFunctionResult({ abi: erc721Abi, functionName: 'balanceOf', result: 1n }),
        }
      },
    })
  })
  afterAll(() => node.close())

  async function signedRedeem(app: ReturnType<typeof createApp>) {
    const account = privateKeyToAccount(generatePrivateKey())
    const challenge = (await (await app.request(`/api/sdk/v1/access?address=${account.address}`)).json()) as {
      issued: string
      message: string
    }
    const body = JSON.stringify({
      address: account.address,
      issued: challenge.issued,
      signature: await account.signMessage({ message: challenge.message }),
    })
    return () =>
      app.request('/api/sdk/v1/access', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
  }

  const holderPassEnv = () => ({
    PUBLIC_HOST: 'https://api.example',
    HOLDER_PASS_CONTRACT: PASS,
    RPC_URL_BASE: node.url,
  })

  it('refuses a repeated parameter, as every GET does, rather than taking the first', async () => {
    const { app } = appWith(holderPassEnv())
    const address = privateKeyToAccount(generatePrivateKey()).address
    const once = await app.request(`/api/sdk/v1/access?address=${address}`)
    expect(once.status).toBe(200)
    const twice = await app.request(`/api/sdk/v1/access?address=${address}&address=${address}`)
    expect(twice.status).toBe(400)
    expect(await twice.json()).toMatchObject({ code: 'BAD_REQUEST' })
  })

  it('refuses the zero address and a mistyped checksum before issuing a message to sign', async () => {
    const { app } = appWith(holderPassEnv())
    const address = privateKeyToAccount(generatePrivateKey()).address
    // One letter's case flipped: the EIP-55 checksum no longer matches.
    const letter = [...address].findIndex((character, index) => index > 1 && /[a-fA-F]/.test(character))
    const flipped = address[letter]!
    const mistyped = `${address.slice(0, letter)}${flipped === flipped.toLowerCase() ? flipped.toUpperCase() : flipped.toLowerCase()}${address.slice(letter + 1)}`
    for (const [bad, words] of [
      [`0x${'0'.repeat(40)}`, /zero address/],
      [mistyped, /checksum/],
    ] as const) {
      const response = await app.request(`/api/sdk/v1/access?address=${bad}`)
      expect(response.status, bad).toBe(400)
      const body = (await response.json()) as { code: string; error: string }
      expect(body.code).toBe('BAD_REQUEST')
      expect(body.error).toMatch(words)
    }
    // The same address in one case is taken.
    expect((await app.request(`/api/sdk/v1/access?address=${address.toLowerCase()}`)).status).toBe(200)
  })

  it('a failed balance read does not use up the message: the identical retry gets the grant', async () => {
    const { app } = appWith(holderPassEnv())
    const redeem = await signedRedeem(app)
    failing = true
    try {
      const failed = await redeem()
      expect(failed.status).toBe(502)
      expect(await failed.json()).toMatchObject({ code: 'UPSTREAM_ERROR' })
    } finally {
      failing = false
    }
    const retried = await redeem()
    expect(retried.status).toBe(200)
    expect(await retried.json()).toMatchObject({ via: 'holder-pass' })
    // Single use still holds once the grant is issued.
    const replayed = await redeem()
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toMatchObject({ code: 'BAD_SIGNATURE' })
  })

  it('two concurrent presenters of one message get one grant between them', async () => {
    const { app, lines } = appWith(holderPassEnv())
    const redeem = await signedRedeem(app)
    const answers = await Promise.all([redeem(), redeem(), redeem()])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401])
    expect(lines.filter((line) => line.includes('access grant issued'))).toHaveLength(1)
  })
})
