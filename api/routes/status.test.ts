import { describe, expect, it, vi } from 'vitest'
import { ErrorBodySchema, QuoteSchema, SwapStatusSchema } from '../../shared'
import { createApp } from '../app'
import { loadConfig } from '../config'
import type { ChainReader, ChainReceipt } from '../status/createChainReader'
import { TRANSFER_TOPIC } from '../status/readDelivery'
import { createMemoryStore } from '../stores/memoryStore'
import type { Store } from '../stores/store'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath } from '../testing/testServer'

const wallet = '0x1111111111111111111111111111111111111111'
const router = '0x2222222222222222222222222222222222222222'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const swapHash = `0x${'ab'.repeat(32)}`
const orderUid = `0x${'cd'.repeat(56)}`
const unknownQuoteId = 'q_AAAAAAAAAAAAAAAAAAAAAA'

// ETH→USDC on Ethereum at 3000 USDC per ETH, through a router transaction; floor 1% under.
const venue = fakeVenue({
  id: '0x',
  answer: (request) => {
    const buy = (request.sellAmount * 3000n * 10n ** 6n) / 10n ** 18n
    return priced(request, '0x', buy, {
      minBuyAmount: (buy * 99n) / 100n,
      tx: { chainId: 1, to: router, data: '0x', value: '0x1' },
    })
  },
})

const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`
const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`

/** A chain whose only transaction is the swap: mined, paying `paid` USDC to the wallet. */
function fakeChain(paid: bigint | undefined) {
  const receipt = (hash: string): ChainReceipt => ({
    transactionHash: hash,
    status: 'success',
    from: wallet,
    to: router,
    blockNumber: 100n,
    gasUsed: 100_000n,
    effectiveGasPrice: 1n,
    l1Fee: 0n,
    logs:
      paid === undefined
        ? []
        : [{ address: usdc, topics: [TRANSFER_TOPIC, topic(router), topic(wallet)], data: word(paid) }],
  })
  const reader: ChainReader = {
    has: (chain) => chain === 'ETH',
    receipt: vi.fn(async (_chain: string, hash: string) => (hash === swapHash ? receipt(hash) : undefined)),
    transaction: async () => undefined,
    balance: async () => 0n,
  }
  return reader
}

function start({ store = createMemoryStore(), paid }: { store?: Store; paid?: bigint } = {}) {
  const reader = fakeChain(paid)
  const app = createApp({ config: loadConfig({}), venues: [venue], store, chainReader: reader })
  let caller = 0
  const get = (path: string, ip?: string) =>
    app.request(`/api/sdk/v1${path}`, { headers: { 'X-Forwarded-For': ip ?? `198.51.100.${(caller += 1)}` } })
  return { app, reader, store, get }
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
  const body = ErrorBodySchema.parse(await response.json())
  expect(body.code).toBe(code)
  return body
}

/** Quotes 1 ETH and waits until its tracking record is in the store (written after the answer). */
async function quoteAndTrack(world: ReturnType<typeof start>) {
  const response = await world.get(quotePath({ address: wallet }))
  expect(response.status).toBe(200)
  const quote = QuoteSchema.parse(await response.json())
  await vi.waitFor(async () => expect(await world.store.get(`track:${quote.quoteId}`)).toBeDefined(), {
    timeout: 1_000,
    interval: 5,
  })
  return quote
}

describe('GET /status: the errors', () => {
  it('answers 400 BAD_REQUEST without a quoteId, with a malformed one, or with a malformed hash', async () => {
    const { get } = start()
    expect((await expectError(await get('/status'), 400, 'BAD_REQUEST')).error).toContain('quoteId')
    await expectError(await get('/status?quoteId=not-a-quote'), 400, 'BAD_REQUEST')
    await expectError(await get(`/status?quoteId=${unknownQuoteId}&hash=0x1234`), 400, 'BAD_REQUEST')
    await expectError(
      await get(`/status?quoteId=${unknownQuoteId}&hash=${'zz'.repeat(32)}`),
      400,
      'BAD_REQUEST',
    )
    await expectError(
      await get(`/status?quoteId=${unknownQuoteId}&quoteId=${unknownQuoteId}`),
      400,
      'BAD_REQUEST',
    )
  })

  it('answers 404 NOT_FOUND for a well-formed quoteId it does not know', async () => {
    const { get } = start()
    const body = await expectError(
      await get(`/status?quoteId=${unknownQuoteId}&hash=${swapHash}`),
      404,
      'NOT_FOUND',
    )
    expect(body.error).toMatch(/Unknown or expired quoteId/)
    // Not only "expired": a restart without a shared store forgets quotes too.
    expect(body.error).toMatch(
      /across a restart, or past as many quotes as a service keeps in its memory, only where it keeps its records in a shared store/,
    )
  })

  it('answers 404 once the quote is older than its 24 hours', async () => {
    let time = Date.UTC(2026, 10, 1)
    const world = start({ store: createMemoryStore({ now: () => time }) })
    const quote = await quoteAndTrack(world)
    expect((await world.get(`/status?quoteId=${quote.quoteId}&hash=${swapHash}`)).status).toBe(200)
    time += 24 * 60 * 60_000 + 1
    await expectError(await world.get(`/status?quoteId=${quote.quoteId}&hash=${swapHash}`), 404, 'NOT_FOUND')
  })

  it("answers 400 when the hash does not fit the quote's route: none, or an order uid for a transaction", async () => {
    const world = start()
    const quote = await quoteAndTrack(world)
    const missing = await expectError(await world.get(`/status?quoteId=${quote.quoteId}`), 400, 'BAD_REQUEST')
    expect(missing.error).toMatch(/hash is required/)
    await expectError(
      await world.get(`/status?quoteId=${quote.quoteId}&hash=${orderUid}`),
      400,
      'BAD_REQUEST',
    )
  })

  it('is rate limited like /quote, 60 a minute per caller, in buckets of its own', async () => {
    const { get } = start()
    const ip = '203.0.113.9'
    for (let index = 0; index < 60; index += 1) {
      expect((await get(`/status?quoteId=${unknownQuoteId}`, ip)).status).toBe(404)
    }
    const limited = await get(`/status?quoteId=${unknownQuoteId}`, ip)
    const body = await expectError(limited, 429, 'RATE_LIMITED')
    expect(body.error).toContain('status requests per minute')
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    // Quotes count apart: the same caller still gets one.
    expect((await get(quotePath({ address: wallet }), ip)).status).toBe(200)
  })

  it('never fails a quote when its tracking record cannot be written', async () => {
    const memory = createMemoryStore()
    const failing: Store = {
      ...memory,
      set: async (key, value, ttlMs) => {
        if (key.startsWith('track:')) throw new Error('store down')
        return memory.set(key, value, ttlMs)
      },
    }
    const { get } = start({ store: failing })
    const response = await get(quotePath({ address: wallet }))
    expect(response.status).toBe(200)
    QuoteSchema.parse(await response.json())
  })
})

describe('GET /status: a same-chain swap', () => {
  it('is delivered once the receipt pays the recipient the minimum, then answered from the kept final state', async () => {
    const world = start({ paid: 2_990_000_000n })
    const quote = await quoteAndTrack(world)
    const response = await world.get(`/status?quoteId=${quote.quoteId}&hash=${swapHash}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('ratelimit-limit')).toBe('60')
    const status = SwapStatusSchema.parse(await response.json())
    expect(status).toMatchObject({
      quoteId: quote.quoteId,
      provider: '0x',
      state: 'delivered',
      sourceTx: { chain: 'ETH', hash: swapHash },
      destinationTx: { chain: 'ETH', hash: swapHash },
      deliveredAmount: '2990',
    })
    const reads = vi.mocked(world.reader.receipt).mock.calls.length
    const again = SwapStatusSchema.parse(
      await (await world.get(`/status?quoteId=${quote.quoteId}&hash=${swapHash}`)).json(),
    )
    expect(again).toEqual(status)
    expect(vi.mocked(world.reader.receipt).mock.calls.length).toBe(reads)
  })

  it('never counts one swap as the execution of two quotes, even two of one request', async () => {
    const world = start({ paid: 2_990_000_000n })
    const first = await quoteAndTrack(world)
    const second = await quoteAndTrack(world)
    const delivered = await world.get(`/status?quoteId=${first.quoteId}&hash=${swapHash}`)
    expect(SwapStatusSchema.parse(await delivered.json()).state).toBe('delivered')
    const body = await expectError(
      await world.get(`/status?quoteId=${second.quoteId}&hash=${swapHash}`),
      400,
      'BAD_REQUEST',
    )
    expect(body.error).toMatch(/already the delivered swap of another quote/)
    // The first quote's own answer stands.
    const again = await world.get(`/status?quoteId=${first.quoteId}&hash=${swapHash}`)
    expect(SwapStatusSchema.parse(await again.json()).state).toBe('delivered')
  })

  it('is pending while the transaction is not mined, and failed when it paid less than the minimum', async () => {
    const short = start({ paid: 1_000_000n })
    const quote = await quoteAndTrack(short)
    const unmined = `0x${'ef'.repeat(32)}`
    const pending = SwapStatusSchema.parse(
      await (await short.get(`/status?quoteId=${quote.quoteId}&hash=${unmined}`)).json(),
    )
    expect(pending).toMatchObject({ state: 'pending', sourceTx: { chain: 'ETH', hash: unmined } })
    const failed = SwapStatusSchema.parse(
      await (await short.get(`/status?quoteId=${quote.quoteId}&hash=${swapHash}`)).json(),
    )
    expect(failed.state).toBe('failed')
    expect(failed.reason).toMatch(/less than the quote's minimum of 2970 USDC/)
  })
})
