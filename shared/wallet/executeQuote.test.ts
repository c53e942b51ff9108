import { decodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { QuoteSchema } from '../schemas'
import type { Quote } from '../schemas'
import { createSwapWallet } from './createSwapWallet'
import { executeQuote } from './executeQuote'
import type { ExecutionStep } from './executionStep'
import { createFakeProvider } from './testing/createFakeProvider'
import type { FakeProviderOptions } from './testing/createFakeProvider'

const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const now = () => Date.parse('2030-01-01T00:00:00.000Z')
const later = '2030-01-01T00:01:00.000Z'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

const txQuote: Quote = QuoteSchema.parse({
  provider: '0x',
  sellChain: 'ETH',
  buyChain: 'ETH',
  sellToken: { caip: `eip155:1/erc20:${usdc}`, symbol: 'USDC' },
  buyToken: { caip: 'eip155:1/slip44:60', symbol: 'ETH' },
  sellAmount: '100',
  buyAmount: '0.03',
  minBuyAmount: '0.0297',
  rate: 0.0003,
  approval: {
    chainId: 1,
    token: usdc,
    spender: '0x0000000000001ff3684f28c67538d4d072c22734',
    amountWei: '100000000',
  },
  tx: {
    chainId: 1,
    to: '0x0000000000001ff3684f28c67538d4d072c22734',
    data: '0x2213bc0b00aa',
    value: '0x0',
    gasLimit: '0x3d090',
  },
  expiresAt: later,
})

const orderQuote: Quote = QuoteSchema.parse({
  ...txQuote,
  provider: 'cow',
  tx: undefined,
  approval: { ...txQuote.approval, spender: '0xc92e8bdf79f0507f65a392b0ab4667716bfe0110' },
  order: {
    protocol: 'cow',
    chainId: 1,
    appDataUrl: 'https://cow.test/api/v1/app_data/0xabc',
    appData: { fullAppData: '{"appCode":"swap-quote"}', appDataHash: '0xabc' },
    typedData: {
      domain: { name: 'Gnosis Protocol', version: 'v2', chainId: 1 },
      types: { Order: [{ name: 'sellToken', type: 'address' }] },
      primaryType: 'Order',
      message: { sellToken: usdc, sellAmount: '100000000' },
    },
    postUrl: 'https://cow.test/api/v1/orders',
    body: { sellToken: usdc, sellAmount: '100000000', from: user },
    signingScheme: 'eip712',
    validTo: Math.floor(Date.parse(later) / 1000) + 600,
    note: 'Filled by solvers in a batch, usually within a minute; it may expire unfilled.',
  },
})

const depositQuote: Quote = QuoteSchema.parse({
  provider: 'thorchain',
  sellChain: 'BTC',
  buyChain: 'ETH',
  sellToken: { caip: 'bip122:000000000019d6689c085ae165831e93/slip44:0', symbol: 'BTC' },
  buyToken: { caip: 'eip155:1/slip44:60', symbol: 'ETH' },
  sellAmount: '0.01',
  buyAmount: '0.3',
  rate: 30,
  depositAddress: 'bc1qdepositaddress0000000000000000000000000',
  memo: '=:ETH.ETH:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266:0/1/0:sq:30',
  expiresAt: later,
})

function setup(options: FakeProviderOptions = {}) {
  const provider = createFakeProvider(options)
  const wallet = createSwapWallet({ provider, address: user })
  const steps: ExecutionStep[] = []
  return { provider, wallet, steps, onStep: ({ step }: { step: ExecutionStep }) => steps.push(step) }
}

type Recorded = { method: string; url: string; headers: Headers; body: unknown }

function createOrderBook(statuses: string[]) {
  const requests: Recorded[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    requests.push({
      method,
      url,
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    })
    if (method === 'PUT') return Response.json('0xabc', { status: 201 })
    if (method === 'POST') return Response.json('0x0d0e01', { status: 201 })
    return Response.json({ uid: '0x0d0e01', status: statuses.shift() ?? 'open' })
  }
  return { fetch, requests }
}

const methods = (provider: ReturnType<typeof createFakeProvider>) => provider.calls.map((call) => call.method)

describe('executeQuote', () => {
  it('refuses an expired quote without asking the wallet anything', async () => {
    const { provider, wallet } = setup()
    const result = await executeQuote({ quote: txQuote, wallet, now: () => Date.parse(later) })
    expect(result).toMatchObject({ status: 'failed', reason: 'quote-expired' })
    expect(provider.calls).toEqual([])
  })

  it('confirms the exact approval before sending the swap transaction unmodified', async () => {
    const { provider, wallet, steps, onStep } = setup({ pendingPolls: 2 })
    const result = await executeQuote({ quote: txQuote, wallet, onStep, now, pollIntervalMs: 1 })

    expect(result).toMatchObject({ status: 'confirmed', route: 'tx', chainId: 1 })
    const sends = provider.calls.filter((call) => call.method === 'eth_sendTransaction')
    expect(sends).toHaveLength(2)
    const [approve] = sends[0]!.params as [{ to: string; data: `0x${string}` }]
    expect(approve.to).toBe(usdc)
    const decoded = decodeFunctionData({ abi: erc20Abi, data: approve.data })
    expect(decoded.functionName).toBe('approve')
    const [spender, amount] = decoded.args as [string, bigint]
    expect(spender.toLowerCase()).toBe('0x0000000000001ff3684f28c67538d4d072c22734')
    expect(amount).toBe(100_000_000n)

    // The swap is sent only after the approval's receipt came back mined (two polls answered null first).
    const approvalHash = sends[0]!.result
    const mined = provider.calls.findIndex(
      (call) =>
        call.method === 'eth_getTransactionReceipt' &&
        call.result !== null &&
        (call.params as string[])[0] === approvalHash,
    )
    const approvalPolls = provider.calls.filter(
      (call) => call.method === 'eth_getTransactionReceipt' && (call.params as string[])[0] === approvalHash,
    )
    expect(approvalPolls.map((call) => call.result === null)).toEqual([true, true, false])
    expect(mined).toBeGreaterThan(0)
    expect(mined).toBeLessThan(provider.calls.indexOf(sends[1]!))

    expect(sends[1]!.params).toEqual([
      {
        from: user,
        to: txQuote.tx!.to,
        data: '0x2213bc0b00aa',
        value: '0x0',
        gas: '0x3d090',
        chainId: '0x1',
      },
    ])
    expect(steps).toEqual([
      'approve:pending',
      'approve:sent',
      'approve:confirmed',
      'swap:pending',
      'swap:sent',
      'swap:confirmed',
    ])
  })

  it('does not send the swap when the approval reverts', async () => {
    const { provider, wallet } = setup({ revertSendIndex: 0 })
    const result = await executeQuote({ quote: txQuote, wallet, now, pollIntervalMs: 1 })
    expect(result).toMatchObject({ status: 'failed', reason: 'reverted' })
    expect(methods(provider).filter((method) => method === 'eth_sendTransaction')).toHaveLength(1)
  })

  it('reports a reverted swap with its hash', async () => {
    const { wallet } = setup({ revertSendIndex: 1 })
    const result = await executeQuote({ quote: txQuote, wallet, now, pollIntervalMs: 1 })
    expect(result).toMatchObject({
      status: 'failed',
      reason: 'reverted',
      txHash: expect.stringMatching(/^0x/),
    })
    expect(result).toHaveProperty('approvalTxHash')
  })

  it('switches the wallet to the quote chain before sending anything', async () => {
    const { provider, wallet, steps, onStep } = setup({ chainId: 8453 })
    const result = await executeQuote({ quote: txQuote, wallet, onStep, now, pollIntervalMs: 1 })
    expect(result.status).toBe('confirmed')
    const order = methods(provider)
    expect(order.indexOf('wallet_switchEthereumChain')).toBeLessThan(order.indexOf('eth_sendTransaction'))
    expect(provider.calls.find((call) => call.method === 'wallet_switchEthereumChain')?.params).toEqual([
      { chainId: '0x1' },
    ])
    expect(steps.slice(0, 2)).toEqual(['chain:switching', 'chain:switched'])
  })

  it('fails clearly on the wrong chain when switching is not allowed, sending nothing', async () => {
    const { provider, wallet } = setup({ chainId: 8453 })
    const result = await executeQuote({ quote: txQuote, wallet, now, switchChain: false })
    expect(result).toMatchObject({ status: 'failed', reason: 'wrong-chain', chainId: 1 })
    if (result.status === 'failed') expect(result.message).toMatch(/chain 8453.*chain 1/)
    expect(methods(provider)).not.toContain('eth_sendTransaction')
  })

  it('fails clearly when the wallet cannot switch to the quote chain', async () => {
    const { provider, wallet } = setup({ chainId: 8453, cannotSwitch: true })
    const result = await executeQuote({ quote: txQuote, wallet, now })
    expect(result).toMatchObject({ status: 'failed', reason: 'wrong-chain' })
    expect(methods(provider)).not.toContain('eth_sendTransaction')
  })

  it('reports a declined chain switch as a rejection', async () => {
    const { wallet } = setup({ chainId: 8453, rejectMethods: ['wallet_switchEthereumChain'] })
    const result = await executeQuote({ quote: txQuote, wallet, now })
    expect(result).toMatchObject({ status: 'rejected', step: 'switch-chain' })
  })

  it('reports a declined approval as a rejection and sends no swap', async () => {
    const { provider, wallet } = setup({ rejectSendIndex: 0 })
    const result = await executeQuote({ quote: txQuote, wallet, now })
    expect(result).toMatchObject({ status: 'rejected', step: 'approve' })
    expect(methods(provider).filter((method) => method === 'eth_sendTransaction')).toHaveLength(1)
  })

  it('reports a declined swap as a rejection, keeping the confirmed approval hash', async () => {
    const { wallet } = setup({ rejectSendIndex: 1 })
    const result = await executeQuote({ quote: txQuote, wallet, now, pollIntervalMs: 1 })
    expect(result).toMatchObject({
      status: 'rejected',
      step: 'swap',
      approvalTxHash: expect.stringMatching(/^0x/),
    })
  })

  it('refuses to send the swap when the quote expired while the approval confirmed', async () => {
    let time = now()
    const { provider, wallet } = setup({ pendingPolls: 1 })
    const clock = () => {
      time += 30_000
      return time
    }
    const result = await executeQuote({ quote: txQuote, wallet, now: clock, pollIntervalMs: 1 })
    expect(result).toMatchObject({ status: 'failed', reason: 'quote-expired' })
    expect(result).toHaveProperty('approvalTxHash')
    expect(methods(provider).filter((method) => method === 'eth_sendTransaction')).toHaveLength(1)
  })

  it('refuses a quote made for another address', async () => {
    const { provider, wallet } = setup()
    const result = await executeQuote({
      quote: txQuote,
      wallet,
      now,
      address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    })
    expect(result).toMatchObject({ status: 'failed', reason: 'wrong-account' })
    expect(provider.calls).toEqual([])
  })

  it('uploads the app data, signs verbatim, posts the signed order and waits until it is filled', async () => {
    const { provider, wallet, steps, onStep } = setup()
    const book = createOrderBook(['open', 'open', 'fulfilled'])
    const result = await executeQuote({
      quote: orderQuote,
      wallet,
      onStep,
      now,
      fetch: book.fetch,
      pollIntervalMs: 1,
    })

    expect(result).toMatchObject({
      status: 'filled',
      route: 'order',
      orderUid: '0x0d0e01',
      orderUrl: 'https://cow.test/api/v1/orders/0x0d0e01',
    })
    const [put, post, ...polls] = book.requests
    expect(put).toMatchObject({
      method: 'PUT',
      url: 'https://cow.test/api/v1/app_data/0xabc',
      body: { fullAppData: '{"appCode":"swap-quote"}' },
    })
    expect(put!.headers.get('content-type')).toBe('application/json')
    const sign = provider.calls.find((call) => call.method === 'eth_signTypedData_v4')
    expect(sign?.params).toEqual([user, JSON.stringify(orderQuote.order!.typedData)])
    expect(post).toMatchObject({
      method: 'POST',
      url: 'https://cow.test/api/v1/orders',
      body: { ...orderQuote.order!.body, signature: `0x${'5'.repeat(130)}`, signingScheme: 'eip712' },
    })
    expect(polls.map((request) => `${request.method} ${request.url}`)).toEqual(
      Array(3).fill('GET https://cow.test/api/v1/orders/0x0d0e01'),
    )
    expect(steps).toEqual([
      'approve:pending',
      'approve:sent',
      'approve:confirmed',
      'appdata:uploaded',
      'sign:pending',
      'sign:signed',
      'order:posted',
      'order:filled',
    ])
  })

  it('reports an order that expired unfilled', async () => {
    const { wallet, steps, onStep } = setup()
    const book = createOrderBook(['open', 'expired'])
    const result = await executeQuote({
      quote: orderQuote,
      wallet,
      onStep,
      now,
      fetch: book.fetch,
      pollIntervalMs: 1,
    })
    expect(result).toMatchObject({ status: 'failed', reason: 'order-expired', orderUid: '0x0d0e01' })
    expect(steps.at(-1)).toBe('order:expired')
  })

  it('stops polling an order that never settles once its validity has passed', async () => {
    const { wallet } = setup()
    const book = createOrderBook([])
    const slowOrder = await executeQuote({
      quote: { ...orderQuote, approval: undefined },
      wallet,
      now: (() => {
        let calls = 0
        return () => (calls++ < 1 ? now() : now() + 3_600_000)
      })(),
      fetch: book.fetch,
      pollIntervalMs: 1,
    })
    expect(slowOrder).toMatchObject({ status: 'failed', reason: 'order-timeout', orderUid: '0x0d0e01' })
  })

  it('reports a declined signature as a rejection and posts nothing', async () => {
    const { wallet } = setup({ rejectMethods: ['eth_signTypedData_v4'] })
    const book = createOrderBook([])
    const result = await executeQuote({
      quote: orderQuote,
      wallet,
      now,
      fetch: book.fetch,
      pollIntervalMs: 1,
    })
    expect(result).toMatchObject({ status: 'rejected', step: 'sign' })
    expect(book.requests.map((request) => request.method)).toEqual(['PUT'])
  })

  it('reports the venue refusing the order with its reason', async () => {
    const { wallet } = setup()
    const fetch: typeof globalThis.fetch = async (_input, init) =>
      init?.method === 'POST'
        ? Response.json(
            { errorType: 'InsufficientBalance', description: 'order owner must have funds' },
            { status: 400 },
          )
        : Response.json('0xabc', { status: 201 })
    const result = await executeQuote({ quote: orderQuote, wallet, now, fetch, pollIntervalMs: 1 })
    expect(result).toMatchObject({ status: 'failed', reason: 'order-rejected' })
    if (result.status === 'failed') expect(result.message).toContain('order owner must have funds')
  })

  it('refuses to sign an order that belongs to another owner', async () => {
    const { provider, wallet } = setup()
    const quote = {
      ...orderQuote,
      approval: undefined,
      order: {
        ...orderQuote.order!,
        body: { ...orderQuote.order!.body, from: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' },
      },
    }
    const result = await executeQuote({ quote, wallet, now, fetch: createOrderBook([]).fetch })
    expect(result).toMatchObject({ status: 'failed', reason: 'wrong-account' })
    expect(methods(provider)).not.toContain('eth_signTypedData_v4')
  })

  it('rejects with the abort reason when aborted while waiting for the order', async () => {
    const { wallet } = setup()
    const controller = new AbortController()
    const book = createOrderBook([])
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const response = await book.fetch(input, init)
      if ((init?.method ?? 'GET') === 'GET') controller.abort(new Error('user left'))
      return response
    }
    await expect(
      executeQuote({ quote: orderQuote, wallet, now, fetch, signal: controller.signal, pollIntervalMs: 1 }),
    ).rejects.toThrow('user left')
  })

  it('returns deposit instructions without sending anything', async () => {
    const { provider, wallet, steps, onStep } = setup()
    const result = await executeQuote({ quote: depositQuote, wallet, onStep, now })
    expect(result).toEqual({
      status: 'instructions',
      route: 'deposit',
      deposit: {
        address: depositQuote.depositAddress,
        memo: depositQuote.memo,
        amount: '0.01',
        asset: depositQuote.sellToken,
        chain: 'BTC',
        expiresAt: later,
      },
    })
    expect(provider.calls).toEqual([])
    expect(steps).toEqual(['deposit:instructions'])
  })

  it('needs no wallet for a deposit route', async () => {
    const result = await executeQuote({ quote: depositQuote, now })
    expect(result.status).toBe('instructions')
  })
})
