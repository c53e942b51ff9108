import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createWalletClient,
  erc20Abi,
  formatUnits,
  http,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSandboxWallet } from '../../demo/sandboxWallet/createSandboxWallet'
import { startSandbox, type Sandbox } from '../../demo/server/startSandbox'
import { createSwapClient, type SwapClient } from '../../shared/client'
import type { Quote, QuoteParams, SwapState, SwapStatus } from '../../shared/schemas'
import { createSwapWallet } from '../../shared/wallet/createSwapWallet'
import { executeQuote } from '../../shared/wallet/executeQuote'

/*
 * `/status` through the whole sandbox: real quotes from the API, executed on the anvil chains (or, for
 * a BTC deposit, on the simulated ledger), then polled over HTTP until they are delivered, while the
 * API follows each through its venue's simulator (LI.FI's status, CoW's order book, THORNode and
 * Midgard) and checks the delivery on the destination chain.
 */

let sandbox: Sandbox
let sandboxDir: string
let client: SwapClient
let user: Address
let callers = 0

beforeAll(async () => {
  sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-status-'))
  sandbox = await startSandbox({ port: 0, sandboxDir })
  client = createSwapClient({ baseUrl: sandbox.url })
  user = sandbox.world.accounts[0]!.address
})

afterAll(async () => {
  await sandbox?.stop()
  rmSync(sandboxDir, { recursive: true, force: true })
})

afterEach(async () => {
  const manifest = sandbox.world.manifest
  for (const url of [manifest.faultControlUrl, manifest.thorchain?.faultControlUrl]) {
    if (url) await fetch(`${url}/faults`, { method: 'DELETE' })
  }
})

/** Leaves only `winners` pricing, so the route under test is the one served. */
async function onlyVenues(...winners: ('zerox' | 'lifi' | 'cow' | 'swapkit')[]): Promise<void> {
  const manifest = sandbox.world.manifest
  for (const simulator of ['zerox', 'lifi', 'cow', 'swapkit'].filter(
    (name) => !winners.includes(name as never),
  )) {
    const url = simulator === 'swapkit' ? manifest.thorchain!.faultControlUrl! : manifest.faultControlUrl!
    const response = await fetch(`${url}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ simulator, mode: 'noLiquidity' }),
    })
    expect(response.status).toBe(200)
  }
}

const quoteFor = (params: Omit<QuoteParams, 'address'> & { address?: string }) =>
  client.quote({ address: user, ...params } as QuoteParams)

async function execute(quote: Quote) {
  const world = sandbox.world
  const provider = createSandboxWallet({
    privateKey: world.accounts[0]!.privateKey,
    chains: Object.values(world.chains).map((chain) => ({
      chainId: chain.chainId,
      name: chain.symbol,
      nativeSymbol: chain.symbol,
      rpcUrl: `${sandbox.url}/sandbox/rpc/${chain.chainId}`,
    })),
  })
  const result = await executeQuote({
    quote,
    wallet: createSwapWallet({ provider, address: user }),
    address: user,
    pollIntervalMs: 100,
  })
  if (result.status !== 'confirmed' && result.status !== 'filled') {
    throw new Error(`execution ${result.status}: ${JSON.stringify(result)}`)
  }
  return result
}

const FINAL: ReadonlySet<SwapState> = new Set(['delivered', 'refunded', 'failed'])

/**
 * Polls `/status` through the typed client (as its own caller, so polls never meet the rate limit of
 * another test) until the state is final; every state seen on the way, in order.
 */
async function pollUntilFinal(
  quoteId: string,
  hash?: string,
): Promise<{ final: SwapStatus; seen: SwapState[] }> {
  callers += 1
  const poller = createSwapClient({
    baseUrl: sandbox.url,
    headers: { 'X-Forwarded-For': `198.18.40.${callers}` },
  })
  const seen: SwapState[] = []
  const final = await vi.waitFor(
    async () => {
      const status = await poller.status({ quoteId, hash })
      expect(status.quoteId).toBe(quoteId)
      if (seen.at(-1) !== status.state) seen.push(status.state)
      if (!FINAL.has(status.state)) throw new Error(`still ${status.state}: ${status.reason ?? ''}`)
      return status
    },
    { timeout: 40_000, interval: 250 },
  )
  return { final, seen }
}

/** Sends a BTC deposit route's amount, to its address with its memo, on the simulated ledger: its transaction id. */
async function sendBtcDeposit(from: string, quote: Quote): Promise<string> {
  const sent = await fetch(`${sandbox.world.manifest.simulators!.thorchainLedger!}/ledger/BTC/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      from,
      to: quote.depositAddress,
      amount: String(parseUnits(quote.sellAmount, 8)),
      memo: quote.memo,
    }),
  })
  expect(sent.status).toBe(200)
  return ((await sent.json()) as { txId: string }).txId
}

const chainClient = (symbol: string) => sandbox.world.chains[symbol]!.publicClient as PublicClient
const tokenAddress = (symbol: string, token: string) =>
  sandbox.world.manifest.chains[symbol]!.contracts.tokens[token] as Address
const tokenBalance = (chain: string, token: string) =>
  chainClient(chain).readContract({
    address: tokenAddress(chain, token),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [user],
  })

describe('GET /status follows each kind of route to delivery, in the sandbox', () => {
  it('a same-chain transaction: delivered with the amount its receipt paid the recipient', async () => {
    const quote = await quoteFor({
      sellChain: 'ETH',
      sellToken: 'ETH',
      buyChain: 'ETH',
      buyToken: 'USDC',
      amount: '0.2',
    })
    expect(quote.tx).toBeDefined()
    const before = await tokenBalance('ETH', 'USDC')
    const result = await execute(quote)
    if (result.status !== 'confirmed') throw new Error('expected a transaction')
    const received = (await tokenBalance('ETH', 'USDC')) - before

    const { final } = await pollUntilFinal(quote.quoteId!, result.txHash)
    expect(final).toMatchObject({
      provider: quote.provider,
      state: 'delivered',
      sourceTx: { chain: 'ETH', hash: result.txHash },
      destinationTx: { chain: 'ETH', hash: result.txHash },
      deliveredAmount: formatUnits(received, 6),
    })
    expect(received >= parseUnits(quote.minBuyAmount!, 6)).toBe(true)
  })

  it("refuses a hash that is not the quote's own transaction: a plain transfer to the recipient, another quote's swap", async () => {
    const quote = await quoteFor({
      sellChain: 'ETH',
      sellToken: 'ETH',
      buyChain: 'ETH',
      buyToken: 'USDC',
      amount: '0.05',
    })
    // The user pays themselves more USDC than the quote's minimum, in a plain transfer: no swap at all.
    const world = sandbox.world
    const transfer = await createWalletClient({
      account: privateKeyToAccount(world.accounts[0]!.privateKey as Hex),
      transport: http(`${sandbox.url}/sandbox/rpc/${world.chains.ETH!.chainId}`),
    }).writeContract({
      chain: null,
      address: tokenAddress('ETH', 'USDC'),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [user, parseUnits('1000', 6)],
    })
    await chainClient('ETH').waitForTransactionReceipt({ hash: transfer })
    // Another quote's swap, really executed.
    const other = await quoteFor({
      sellChain: 'ETH',
      sellToken: 'ETH',
      buyChain: 'ETH',
      buyToken: 'USDC',
      amount: '0.06',
    })
    const executed = await execute(other)
    if (executed.status !== 'confirmed') throw new Error('expected a transaction')

    for (const hash of [transfer, executed.txHash]) {
      const response = await fetch(`${sandbox.url}/api/sdk/v1/status?quoteId=${quote.quoteId}&hash=${hash}`, {
        headers: { 'X-Forwarded-For': '198.18.41.1' },
      })
      const body = (await response.json()) as { code: string; error: string }
      expect(response.status, body.error).toBe(400)
      expect(body.code).toBe('BAD_REQUEST')
      expect(body.error).toMatch(/not this quote's transaction/)
    }
    // The other quote's own hash is still its delivery.
    const { final } = await pollUntilFinal(other.quoteId!, executed.txHash)
    expect(final.state).toBe('delivered')
  })

  it('a LI.FI bridge: inFlight while the bridge carries it, delivered once the destination receipt pays the recipient', async () => {
    await onlyVenues('lifi')
    const quote = await quoteFor({
      sellChain: 'ETH',
      sellToken: 'USDC',
      buyChain: 'BASE',
      buyToken: 'USDC',
      amount: '150',
      recipient: user,
    })
    expect(quote.provider).toBe('lifi')
    const before = await tokenBalance('BASE', 'USDC')
    const result = await execute(quote)
    if (result.status !== 'confirmed') throw new Error('expected a transaction')

    const { final, seen } = await pollUntilFinal(quote.quoteId!, result.txHash)
    expect(seen).toEqual(['inFlight', 'delivered'])
    const received = (await tokenBalance('BASE', 'USDC')) - before
    expect(final).toMatchObject({
      provider: 'lifi',
      state: 'delivered',
      sourceTx: { chain: 'ETH', hash: result.txHash },
      destinationTx: { chain: 'BASE', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
      deliveredAmount: formatUnits(received, 6),
    })
    expect(received >= parseUnits(quote.minBuyAmount!, 6)).toBe(true)
    const delivery = await chainClient('BASE').getTransactionReceipt({
      hash: final.destinationTx!.hash as Hex,
    })
    expect(delivery.status).toBe('success')
  })

  it('a CoW order: followed by its uid to the settlement, which paid the native coin through an internal call', async () => {
    await onlyVenues('cow')
    const quote = await quoteFor({
      sellChain: 'ETH',
      sellToken: 'USDC',
      buyChain: 'ETH',
      buyToken: 'ETH',
      amount: '50',
    })
    expect(quote.order).toBeDefined()
    const result = await execute(quote)
    if (result.status !== 'filled') throw new Error('expected a filled order')

    const { final } = await pollUntilFinal(quote.quoteId!, result.orderUid)
    expect(final).toMatchObject({
      provider: 'cow',
      state: 'delivered',
      sourceTx: { chain: 'ETH', hash: result.orderUid },
      destinationTx: { chain: 'ETH', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    })
    expect(parseUnits(final.deliveredAmount!, 18) >= parseUnits(quote.minBuyAmount!, 18)).toBe(true)
  })

  it('a THORChain route from an EVM chain: the router deposit, then the vault payout on the other chain', async () => {
    const quote = await quoteFor({
      sellChain: 'ETH',
      sellToken: 'ETH',
      buyChain: 'BSC',
      buyToken: 'BNB',
      amount: '0.3',
      recipient: user,
    })
    expect(quote.provider).toBe('thorchain')
    const before = await chainClient('BSC').getBalance({ address: user })
    const result = await execute(quote)
    if (result.status !== 'confirmed') throw new Error('expected a transaction')

    const { final } = await pollUntilFinal(quote.quoteId!, result.txHash)
    const received = (await chainClient('BSC').getBalance({ address: user })) - before
    expect(final).toMatchObject({
      provider: 'thorchain',
      state: 'delivered',
      sourceTx: { chain: 'ETH', hash: result.txHash },
      destinationTx: { chain: 'BSC', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
      deliveredAmount: formatUnits(received, 18),
    })
    expect(received >= parseUnits(quote.minBuyAmount!, 18)).toBe(true)
  })

  it('a THORChain route refunded (trading halted after the quote): refunded with what came back on the sell chain', async () => {
    const quote = await quoteFor({
      sellChain: 'ETH',
      sellToken: 'ETH',
      buyChain: 'BSC',
      buyToken: 'BNB',
      amount: '0.1',
      recipient: user,
    })
    expect(quote.provider).toBe('thorchain')
    sandbox.crossChain.halt('BSC')
    try {
      const result = await execute(quote)
      if (result.status !== 'confirmed') throw new Error('expected a transaction')
      const { final } = await pollUntilFinal(quote.quoteId!, result.txHash)
      expect(final).toMatchObject({
        provider: 'thorchain',
        state: 'refunded',
        sourceTx: { chain: 'ETH', hash: result.txHash },
        destinationTx: { chain: 'ETH', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
      })
      const refund = await chainClient('ETH').getTransaction({ hash: final.destinationTx!.hash as Hex })
      expect(refund.to?.toLowerCase()).toBe(user.toLowerCase())
      expect(final.deliveredAmount).toBe(formatUnits(refund.value, 18))
      expect(refund.value < parseUnits(quote.sellAmount, 18)).toBe(true)
    } finally {
      sandbox.crossChain.resume('BSC')
    }
  })

  it('a BTC deposit route: followed by its ledger transaction id, and found without one through Midgard', async () => {
    const manifest = sandbox.world.manifest
    const btcSender = manifest.thorchain!.ledger.BTC!.accounts[0]!
    const quote = await quoteFor({
      sellChain: 'BTC',
      sellToken: 'BTC',
      buyChain: 'ETH',
      buyToken: 'ETH',
      amount: '0.01',
      address: btcSender,
      recipient: user,
    })
    expect(quote).toMatchObject({
      provider: 'thorchain',
      depositAddress: expect.any(String),
      memo: expect.any(String),
    })

    // Nothing sent yet: the quote is known, its deposit is not.
    callers += 1
    const early = await createSwapClient({
      baseUrl: sandbox.url,
      headers: { 'X-Forwarded-For': `198.18.40.${callers}` },
    }).status({ quoteId: quote.quoteId! })
    expect(early).toMatchObject({ state: 'pending', provider: 'thorchain' })
    expect(early).not.toHaveProperty('sourceTx')

    const before = await chainClient('ETH').getBalance({ address: user })
    const txId = await sendBtcDeposit(btcSender, quote)

    const byHash = await pollUntilFinal(quote.quoteId!, txId)
    const received = (await chainClient('ETH').getBalance({ address: user })) - before
    expect(byHash.final).toMatchObject({
      state: 'delivered',
      sourceTx: { chain: 'BTC', hash: txId },
      destinationTx: { chain: 'ETH', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
      deliveredAmount: formatUnits(received, 18),
    })
    expect(received >= parseUnits(quote.minBuyAmount!, 18)).toBe(true)

    const found = await pollUntilFinal(quote.quoteId!)
    expect(found.final).toMatchObject({
      state: 'delivered',
      sourceTx: { chain: 'BTC', hash: txId.toUpperCase() },
      destinationTx: byHash.final.destinationTx,
      deliveredAmount: byHash.final.deliveredAmount,
    })
  })

  it("never lets another partner's quote for the same deposit claim it, however soon it asks", async () => {
    const manifest = sandbox.world.manifest
    const btcSender = manifest.thorchain!.ledger.BTC!.accounts[0]!
    const terms = {
      sellChain: 'BTC',
      sellToken: 'BTC',
      buyChain: 'ETH',
      buyToken: 'ETH',
      amount: '0.02',
      address: btcSender,
      recipient: user,
      partnerFeeBps: 20,
    } as const
    const served = await quoteFor({ ...terms, partner: 'served-co' })
    // Another integrator asks on the same terms: a deposit has no time, so the route is the same.
    const other = await quoteFor({ ...terms, partner: 'other-co' })
    expect([other.depositAddress, other.memo]).toEqual([served.depositAddress, served.memo])

    await sendBtcDeposit(btcSender, served)
    // The other quote asks first, and keeps asking: never delivered, refused once the deposit is in.
    callers += 1
    const refused = await vi.waitFor(
      async () => {
        const response = await fetch(`${sandbox.url}/api/sdk/v1/status?quoteId=${other.quoteId}`, {
          headers: { 'X-Forwarded-For': `198.18.40.${callers}` },
        })
        const body = (await response.json()) as { state?: string; error?: string; code?: string }
        expect(body.state).not.toBe('delivered')
        if (response.status !== 400) throw new Error(`still ${body.state}`)
        return body
      },
      { timeout: 40_000, interval: 250 },
    )
    expect(refused).toMatchObject({
      code: 'BAD_REQUEST',
      error: expect.stringMatching(/earlier quote made for another partner/),
    })
    const { final } = await pollUntilFinal(served.quoteId!)
    expect(final.state).toBe('delivered')
  }, 90_000)
})
