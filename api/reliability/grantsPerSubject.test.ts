import { encodeFunctionResult, erc721Abi } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccessGrantSchema, ErrorBodySchema } from '../../shared'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { startJsonRpcNode, type JsonRpcNode } from '../testing/startJsonRpcNode'
import { startRedis, type TestRedis } from '../testing/startRedis'
import { quotePath, startTestServer } from '../testing/testServer'
import { watchUnhandledRejections } from './watchUnhandledRejections'

/*
 * Holder-pass grants over real HTTP with a real Redis: one wallet asking again and again holds one grant
 * and one bucket (it used to mint a new 600-per-minute bucket per signature), and a signed message
 * presented while Redis is away is refused with a retryable 503 instead of being marked used in one
 * instance's memory, which let it redeem a second time once Redis was back.
 */

const venue = fakeVenue({ id: 'cow', answer: (request) => priced(request, 'cow', 1_000_000n) })
const PASS = '0x5fbdb2315678afecb367f032d7c8e2ac5b8d4a1d'
let redis: TestRedis
let node: JsonRpcNode
let server: Awaited<ReturnType<typeof startTestServer>>
let watcher: ReturnType<typeof watchUnhandledRejections>

beforeAll(async () => {
  watcher = watchUnhandledRejections()
  redis = await startRedis()
  // The pass contract's node: every wallet holds one pass.
  node = await startJsonRpcNode({
    answer: (call) =>
      call.method === 'eth_call'
        ? { result: encodeFunctionResult({ abi: erc721Abi, functionName: 'balanceOf', result: 1n }) }
        : { result: '0x2105' },
  })
  server = await startTestServer({
    venues: [venue],
    env: {
      REDIS_URL: redis.url,
      ACCESS_TOKEN_SECRET: 'grants-per-subject-secret-0123456789abcdef',
      PUBLIC_HOST: 'https://api.example',
      HOLDER_PASS_CONTRACT: PASS,
      RPC_URL_BASE: node.url,
      METRICS_PORT: '0',
    },
  })
})

afterAll(async () => {
  await server?.close()
  await node?.close()
  await redis?.stop()
  watcher?.stop()
  expect(watcher?.seen).toEqual([])
})

/** Step 1 and the signature of step 2; returns a function that presents it. */
async function signedRedeem(account: PrivateKeyAccount): Promise<() => Promise<Response>> {
  const challenge = (await (await server.get(`/access?address=${account.address}`)).json()) as {
    issued: string
    message: string
  }
  const body = JSON.stringify({
    address: account.address,
    issued: challenge.issued,
    signature: await account.signMessage({ message: challenge.message }),
  })
  return () =>
    server.get('/access', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
}

describe('grants belong to their subject', () => {
  it('a wallet redeeming five fresh signatures holds one grant, and one bucket', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey())
    const tokens: string[] = []
    for (let round = 0; round < 5; round += 1) {
      const response = await (await signedRedeem(wallet))()
      expect(response.status).toBe(200)
      tokens.push(AccessGrantSchema.parse(await response.json()).token)
    }
    expect(new Set(tokens).size).toBe(1)
    const scrape = await (await fetch(server.metricsUrl!)).text()
    expect(scrape).toContain('swapquote_grants_total{via="holder-pass",issued="new"} 1')
    expect(scrape).toContain('swapquote_grants_total{via="holder-pass",issued="returned"} 4')
    const quote = await server.get(quotePath(), {
      headers: { 'X-Service-Access': tokens[0]!, 'X-Forwarded-For': '198.51.100.90' },
    })
    expect(quote.headers.get('ratelimit-limit')).toBe('600')
    expect(quote.headers.get('ratelimit-remaining')).toBe('599')
  })
})

describe('holder-pass redeem while the shared store is away', () => {
  it('answers 503 STORE_UNAVAILABLE with Retry-After, and the same message redeems exactly once after', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey())
    const redeem = await signedRedeem(wallet)
    await redis.stop()
    const refused = await redeem()
    expect(refused.status).toBe(503)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const body = ErrorBodySchema.parse(await refused.json())
    expect(body.code).toBe('STORE_UNAVAILABLE')
    expect(body).not.toHaveProperty('missingConfig')

    await redis.restart()
    // The instance's Redis client reconnects on its own; until it has, the answer stays the 503.
    let answer = await redeem()
    for (let attempt = 0; answer.status === 503 && attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      answer = await redeem()
    }
    expect(answer.status).toBe(200)
    expect(AccessGrantSchema.parse(await answer.json()).subject).toBe(wallet.address)
    const replayed = await redeem()
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toMatchObject({ code: 'BAD_SIGNATURE' })
  })
})
