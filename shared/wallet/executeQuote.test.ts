import { decodeFunctionData, encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { QuoteSchema } from '../schemas'
import type { Quote } from '../schemas'
import { createSwapWallet } from './createSwapWallet'
import { executeQuote } from './executeQuote'
import type { ExecutionStep, ExecutionStepEvent } from './executionStep'
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

  it('reports an order book out of reach as the venue, before signing and after', async () => {
    const { provider, wallet } = setup()
    const unreachable =
      (method: string): typeof globalThis.fetch =>
      async (_input, init) => {
        if ((init?.method ?? 'GET') === method) throw new TypeError('Failed to fetch')
        return Response.json('0xabc', { status: 201 })
      }
    const before = await executeQuote({ quote: orderQuote, wallet, now, fetch: unreachable('PUT') })
    expect(before).toMatchObject({ status: 'failed', reason: 'order-unreachable' })
    if (before.status === 'failed') expect(before.message).toContain('could not be reached')
    expect(methods(provider)).not.toContain('eth_signTypedData_v4')

    const after = await executeQuote({ quote: orderQuote, wallet, now, fetch: unreachable('POST') })
    expect(after).toMatchObject({ status: 'failed', reason: 'order-unreachable' })
    expect(methods(provider)).toContain('eth_signTypedData_v4')
    if (after.status === 'failed') expect(after.message).toContain('the signed order may have been placed')
    if (before.status === 'failed') expect(before.message).not.toContain('may have been placed')
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

describe('executeQuote once a transaction is out', () => {
  const swapOnly: Quote = { ...txQuote, approval: undefined }
  const receiptPolls = (provider: ReturnType<typeof createFakeProvider>, hash: unknown) =>
    provider.calls.filter(
      (call) => call.method === 'eth_getTransactionReceipt' && (call.params as unknown[])[0] === hash,
    )

  it('keeps polling through rate-limited receipt polls and confirms both transactions, each sent once', async () => {
    const { provider, wallet, steps, onStep } = setup({ failingPolls: 3 })
    const result = await executeQuote({ quote: txQuote, wallet, onStep, now, pollIntervalMs: 1 })

    expect(result).toMatchObject({ status: 'confirmed', route: 'tx', approvalTxHash: expect.any(String) })
    const sends = provider.calls.filter((call) => call.method === 'eth_sendTransaction')
    expect(sends).toHaveLength(2)
    for (const send of sends) {
      const polls = receiptPolls(provider, send.result)
      expect(polls).toHaveLength(4)
      expect(polls.at(-1)!.result).toMatchObject({ status: '0x1' })
    }
    expect(steps.slice(-3)).toEqual(['swap:pending', 'swap:sent', 'swap:confirmed'])
  })

  it('rides out a network blip on the receipt poll', async () => {
    const { provider, wallet } = setup({ failingPolls: 1, pollError: () => new TypeError('fetch failed') })
    const result = await executeQuote({ quote: swapOnly, wallet, now, pollIntervalMs: 1 })
    expect(result).toMatchObject({ status: 'confirmed', txHash: expect.stringMatching(/^0x/) })
    expect(methods(provider).filter((method) => method === 'eth_sendTransaction')).toHaveLength(1)
  })

  it('reports a swap whose receipt never comes as receipt-timeout with its hash, chain and step', async () => {
    let time = now()
    const { provider, wallet } = setup({
      failingPolls: Infinity,
      // Each failed poll takes the clock past the ten-minute receipt timeout.
      pollError: () => {
        time += 11 * 60_000
        return Object.assign(new Error('Request exceeds defined limit'), { code: -32005 })
      },
    })
    const result = await executeQuote({ quote: swapOnly, wallet, now: () => time, pollIntervalMs: 1 })

    const sends = provider.calls.filter((call) => call.method === 'eth_sendTransaction')
    expect(sends).toHaveLength(1)
    expect(result).toEqual({
      status: 'failed',
      reason: 'receipt-timeout',
      message: `The wallet could not report on ${sends[0]!.result}; it was sent and may still be mined. Check the explorer before trying again.`,
      chainId: 1,
      txHash: sends[0]!.result,
      step: 'swap',
    })
  })

  it('reports an approval whose receipt never comes with its hash and sends no swap', async () => {
    let time = now()
    const { provider, wallet } = setup({
      failingPolls: Infinity,
      pollError: () => {
        time += 11 * 60_000
        return new TypeError('fetch failed')
      },
    })
    const result = await executeQuote({ quote: txQuote, wallet, now: () => time, pollIntervalMs: 1 })

    const sends = provider.calls.filter((call) => call.method === 'eth_sendTransaction')
    expect(sends).toHaveLength(1)
    expect(result).toMatchObject({
      status: 'failed',
      reason: 'receipt-timeout',
      chainId: 1,
      txHash: sends[0]!.result,
      step: 'approve',
    })
    expect(result).not.toHaveProperty('approvalTxHash')
  })

  it('names the sent swap when anything else fails after the send', async () => {
    const { provider, wallet } = setup()
    const result = await executeQuote({
      quote: txQuote,
      wallet,
      now,
      pollIntervalMs: 1,
      onStep: ({ step }) => {
        if (step === 'swap:sent') throw new Error('the page went away')
      },
    })
    const sends = provider.calls.filter((call) => call.method === 'eth_sendTransaction')
    expect(result).toEqual({
      status: 'failed',
      reason: 'wallet-error',
      message:
        'The swap transaction was sent, then the wallet failed; it may still confirm. Check the explorer before trying again.',
      chainId: 1,
      txHash: sends[1]!.result,
      step: 'swap',
      approvalTxHash: sends[0]!.result,
    })
  })

  it('names the reverted transaction: the approval, or the swap', async () => {
    const approval = await executeQuote({
      quote: txQuote,
      wallet: setup({ revertSendIndex: 0 }).wallet,
      now,
      pollIntervalMs: 1,
    })
    expect(approval).toMatchObject({ status: 'failed', reason: 'reverted', step: 'approve', chainId: 1 })
    const swap = await executeQuote({
      quote: txQuote,
      wallet: setup({ revertSendIndex: 1 }).wallet,
      now,
      pollIntervalMs: 1,
    })
    expect(swap).toMatchObject({ status: 'failed', reason: 'reverted', step: 'swap', chainId: 1 })
  })

  it('keeps a failure of the send itself a wallet error without a hash: nothing was sent', async () => {
    const { wallet } = setup({ failSendIndex: 0 })
    const result = await executeQuote({ quote: swapOnly, wallet, now, pollIntervalMs: 1 })
    expect(result).toMatchObject({ status: 'failed', reason: 'wallet-error' })
    expect(result).not.toHaveProperty('txHash')
    expect(result).not.toHaveProperty('step')
  })

  it('stops waiting on an abort even while receipt polls keep failing', async () => {
    const controller = new AbortController()
    let failures = 0
    const { wallet } = setup({
      failingPolls: Infinity,
      pollError: () => {
        if (++failures === 3) controller.abort(new Error('user left'))
        return new TypeError('fetch failed')
      },
    })
    await expect(
      executeQuote({ quote: swapOnly, wallet, now, signal: controller.signal, pollIntervalMs: 1 }),
    ).rejects.toThrow('user left')
    expect(failures).toBe(3)
  })
})

describe('executeQuote and the current allowance', () => {
  const spender = '0x0000000000001ff3684f28c67538d4d072c22734'
  const sendsOf = (provider: ReturnType<typeof createFakeProvider>) =>
    provider.calls.filter((call) => call.method === 'eth_sendTransaction')
  const approveArgs = (call: { params: unknown }) => {
    const [tx] = call.params as [{ to: string; data: `0x${string}` }]
    const decoded = decodeFunctionData({ abi: erc20Abi, data: tx.data })
    expect(decoded.functionName).toBe('approve')
    const [to, amount] = decoded.args as [string, bigint]
    return { token: tx.to, spender: to.toLowerCase(), amount }
  }
  const readAllowanceNow = async (provider: ReturnType<typeof createFakeProvider>) => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [user, spender] })
    return BigInt(
      (await provider.request({ method: 'eth_call', params: [{ to: usdc, data }, 'latest'] })) as string,
    )
  }

  it('reads allowance(owner, spender) on the token and sends no approval when it already covers the amount', async () => {
    const { provider, wallet, steps, onStep } = setup({ allowance: 100_000_000n })
    const result = await executeQuote({ quote: txQuote, wallet, onStep, now, pollIntervalMs: 1 })

    expect(result).toMatchObject({ status: 'confirmed', route: 'tx' })
    expect(result).not.toHaveProperty('approvalTxHash')
    const read = provider.calls.find(
      (call) =>
        call.method === 'eth_call' && (call.params as [{ data: string }])[0].data.startsWith('0xdd62ed3e'),
    )!
    const [request, block] = read.params as [{ to: string; data: `0x${string}` }, string]
    expect(request.to).toBe(usdc)
    expect(block).toBe('latest')
    const decoded = decodeFunctionData({ abi: erc20Abi, data: request.data })
    expect(decoded.functionName).toBe('allowance')
    expect((decoded.args as readonly string[]).map((address) => address.toLowerCase())).toEqual([
      user,
      spender,
    ])
    expect(sendsOf(provider)).toHaveLength(1)
    expect(sendsOf(provider)[0]!.params).toMatchObject([{ to: txQuote.tx!.to, data: txQuote.tx!.data }])
    expect(steps).toEqual(['swap:pending', 'swap:sent', 'swap:confirmed'])
  })

  it('sends nothing, not even the approval, when the wallet holds less than the swap sells', async () => {
    const { provider, wallet } = setup({ balance: 99_999_999n })
    const result = await executeQuote({ quote: txQuote, wallet, now, pollIntervalMs: 1 })
    expect(result).toMatchObject({
      status: 'failed',
      reason: 'insufficient-balance',
      message: expect.stringMatching(/^Insufficient balance: .*Nothing was sent\.$/),
    })
    expect(sendsOf(provider)).toHaveLength(0)
    const read = provider.calls.find((call) => call.method === 'eth_call')!
    const decoded = decodeFunctionData({
      abi: erc20Abi,
      data: (read.params as [{ data: `0x${string}` }])[0].data,
    })
    expect(decoded.functionName).toBe('balanceOf')
  })

  it('sends no approval for an allowance above the amount, and does not lower it', async () => {
    const { provider, wallet } = setup({ allowance: 2n ** 256n - 1n })
    const result = await executeQuote({ quote: txQuote, wallet, now, pollIntervalMs: 1 })
    expect(result.status).toBe('confirmed')
    expect(sendsOf(provider)).toHaveLength(1)
  })

  it('reads the allowance on the quote chain, after switching the wallet to it', async () => {
    const { provider, wallet } = setup({ chainId: 8453, allowance: 100_000_000n })
    await executeQuote({ quote: txQuote, wallet, now, pollIntervalMs: 1 })
    const order = methods(provider)
    expect(order.indexOf('wallet_switchEthereumChain')).toBeLessThan(order.indexOf('eth_call'))
  })

  it('sends the exact approval when the allowance is zero, after reading it', async () => {
    const { provider, wallet, steps, onStep } = setup({ allowance: 0n })
    const result = await executeQuote({ quote: txQuote, wallet, onStep, now, pollIntervalMs: 1 })
    expect(result).toMatchObject({ status: 'confirmed', approvalTxHash: sendsOf(provider)[0]!.result })
    expect(methods(provider).indexOf('eth_call')).toBeLessThan(
      methods(provider).indexOf('eth_sendTransaction'),
    )
    expect(sendsOf(provider)).toHaveLength(2)
    expect(approveArgs(sendsOf(provider)[0]!)).toEqual({ token: usdc, spender, amount: 100_000_000n })
    expect(steps.slice(0, 3)).toEqual(['approve:pending', 'approve:sent', 'approve:confirmed'])
    expect(await readAllowanceNow(provider)).toBe(100_000_000n)
  })

  it('sets a non-zero, too small allowance to 0 first, then to the exact amount (tokens like USDT refuse otherwise)', async () => {
    const { provider, wallet } = setup({
      allowance: 40_000_000n,
      refuseNonZeroApprove: true,
      pendingPolls: 1,
    })
    const events: ExecutionStepEvent[] = []
    const result = await executeQuote({
      quote: txQuote,
      wallet,
      onStep: (event) => events.push(event),
      now,
      pollIntervalMs: 1,
    })

    expect(result).toMatchObject({ status: 'confirmed', route: 'tx' })
    const sends = sendsOf(provider)
    expect(sends).toHaveLength(3)
    expect(approveArgs(sends[0]!)).toEqual({ token: usdc, spender, amount: 0n })
    expect(approveArgs(sends[1]!)).toEqual({ token: usdc, spender, amount: 100_000_000n })
    expect(sends[2]!.params).toMatchObject([{ to: txQuote.tx!.to, data: txQuote.tx!.data }])
    if (result.status === 'confirmed') expect(result.approvalTxHash).toBe(sends[1]!.result)

    // The reset is mined before the exact approval is sent.
    const resetMined = provider.calls.findIndex(
      (call) =>
        call.method === 'eth_getTransactionReceipt' &&
        call.result !== null &&
        (call.params as unknown[])[0] === sends[0]!.result,
    )
    expect(resetMined).toBeGreaterThan(0)
    expect(resetMined).toBeLessThan(provider.calls.indexOf(sends[1]!))

    expect(events.map(({ step, allowanceReset }) => (allowanceReset ? `${step} (reset)` : step))).toEqual([
      'approve:pending (reset)',
      'approve:sent (reset)',
      'approve:confirmed (reset)',
      'approve:pending',
      'approve:sent',
      'approve:confirmed',
      'swap:pending',
      'swap:sent',
      'swap:confirmed',
    ])
    expect(events[1]!.txHash).toBe(sends[0]!.result)
    expect(events[4]!.txHash).toBe(sends[1]!.result)
    // Exact, never the leftover plus the amount, never unlimited.
    expect(await readAllowanceNow(provider)).toBe(100_000_000n)
  })

  it('sends no approval or swap when the reset is declined', async () => {
    const { provider, wallet } = setup({ allowance: 40_000_000n, rejectSendIndex: 0 })
    const result = await executeQuote({ quote: txQuote, wallet, now, pollIntervalMs: 1 })
    expect(result).toMatchObject({ status: 'rejected', step: 'approve' })
    expect(sendsOf(provider)).toHaveLength(1)
  })

  it('falls back to sending the exact approval when the allowance cannot be read', async () => {
    const { provider, wallet, steps, onStep } = setup({ failAllowanceRead: true })
    const result = await executeQuote({ quote: txQuote, wallet, onStep, now, pollIntervalMs: 1 })
    expect(result).toMatchObject({ status: 'confirmed', approvalTxHash: expect.stringMatching(/^0x/) })
    expect(methods(provider)).toContain('eth_call')
    expect(sendsOf(provider)).toHaveLength(2)
    expect(approveArgs(sendsOf(provider)[0]!)).toEqual({ token: usdc, spender, amount: 100_000_000n })
    expect(steps).toEqual([
      'approve:pending',
      'approve:sent',
      'approve:confirmed',
      'swap:pending',
      'swap:sent',
      'swap:confirmed',
    ])
  })

  it('skips the approval of an order route whose allowance is already in place', async () => {
    const { provider, wallet, steps, onStep } = setup({ allowance: 100_000_000n })
    const book = createOrderBook(['fulfilled'])
    const result = await executeQuote({
      quote: orderQuote,
      wallet,
      onStep,
      now,
      fetch: book.fetch,
      pollIntervalMs: 1,
    })
    expect(result).toMatchObject({ status: 'filled', route: 'order' })
    expect(result).not.toHaveProperty('approvalTxHash')
    expect(methods(provider)).not.toContain('eth_sendTransaction')
    expect(steps[0]).toBe('appdata:uploaded')
  })
})
