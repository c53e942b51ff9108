import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  isAddressEqual,
  parseAbi,
  parseUnits,
  recoverTypedDataAddress,
  type Address,
  type Hex,
  type PublicClient,
  type TypedDataDefinition,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../demo/server/startSandbox'
import { createSandboxWallet, type SandboxWallet } from '../../demo/sandboxWallet/createSandboxWallet'
import { createSwapClient, type SwapClient } from '../client'
import type { Quote, QuoteParams } from '../schemas'
import { createSwapWallet } from './createSwapWallet'
import { executeQuote } from './executeQuote'
import type { ExecutionStep, ExecutionStepEvent } from './executionStep'
import type { Eip1193Provider } from './swapWallet'

/*
 * executeQuote against the sandbox world: real quotes from the sandbox API (shared client), executed
 * by a viem-backed EIP-1193 wallet for dev account 0 that signs locally and sends through the
 * sandbox server's `/sandbox/rpc/:chainId` bridge to the anvil chains. One sandbox for the file.
 */

let sandbox: Sandbox | undefined
let sandboxDir: string
let client: SwapClient
let user: Address
let eth: PublicClient

beforeAll(async () => {
  sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-wallet-'))
  sandbox = await startSandbox({ port: 0, sandboxDir })
  client = createSwapClient({ baseUrl: sandbox.url })
  user = sandbox.world.accounts[0]!.address
  eth = sandbox.world.chains.ETH!.publicClient
})

afterAll(async () => {
  const pids = sandbox ? Object.values(sandbox.world.chains).map((chain) => chain.pid) : []
  await sandbox?.stop()
  rmSync(sandboxDir, { recursive: true, force: true })
  expect(pids.filter(isAlive)).toEqual([])
})

afterEach(async () => {
  await clearFaults()
})

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function wallet(): SandboxWallet {
  const world = sandbox!.world
  return createSandboxWallet({
    privateKey: world.accounts[0]!.privateKey,
    chains: Object.values(world.chains).map((chain) => ({
      chainId: chain.chainId,
      name: chain.symbol,
      nativeSymbol: chain.symbol,
      rpcUrl: `${sandbox!.url}/sandbox/rpc/${chain.chainId}`,
    })),
  })
}

type RecordingWalletOptions = {
  /** Methods the user declines: they answer EIP-1193 4001. */
  reject?: string[]
  /** Decline only the n-th `eth_sendTransaction` (0-based), as a user who approves and then backs out. */
  declineSendAt?: number
  /** Called for each receipt poll (0-based); what it returns is thrown instead of asking the chain. */
  failReceiptPoll?: (poll: number) => unknown
}

/** The dev wallet, recording every request, with the user's refusals and its RPC's failures on demand. */
function recordingWallet({ reject = [], declineSendAt, failReceiptPoll }: RecordingWalletOptions = {}) {
  const inner = wallet()
  const calls: string[] = []
  let sends = 0
  let receiptPolls = 0
  const provider: Eip1193Provider = {
    request: async (args) => {
      calls.push(args.method)
      const declined =
        reject.includes(args.method) || (args.method === 'eth_sendTransaction' && sends++ === declineSendAt)
      if (declined) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      if (args.method === 'eth_getTransactionReceipt') {
        const failure = failReceiptPoll?.(receiptPolls++)
        if (failure !== undefined) throw failure
      }
      return inner.request(args)
    },
  }
  const sent = () => calls.filter((method) => method === 'eth_sendTransaction').length
  return { provider, calls, sent, swapWallet: createSwapWallet({ provider, address: user }) }
}

/** What a wallet's RPC answers when it rate-limits (EIP-1474 "limit exceeded"). */
const rateLimited = () => Object.assign(new Error('Request exceeds defined limit'), { code: -32005 })

function quoteParams(params: Omit<QuoteParams, 'address'>): QuoteParams {
  return { ...params, address: user } as QuoteParams
}

const usdcToEth = (amount: string) =>
  quoteParams({ sellChain: 'ETH', sellToken: 'USDC', buyChain: 'ETH', buyToken: 'ETH', amount })

async function setFaults(mode: 'noLiquidity', simulators: string[]): Promise<void> {
  const manifest = sandbox!.world.manifest
  for (const simulator of simulators) {
    const url = simulator === 'swapkit' ? manifest.thorchain!.faultControlUrl! : manifest.faultControlUrl!
    const response = await fetch(`${url}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ simulator, mode }),
    })
    expect(response.status).toBe(200)
  }
}

async function clearFaults(): Promise<void> {
  const manifest = sandbox?.world.manifest
  if (!manifest) return
  for (const url of [manifest.faultControlUrl, manifest.thorchain?.faultControlUrl]) {
    if (url) await fetch(`${url}/faults`, { method: 'DELETE' })
  }
}

const usdcAddress = () => sandbox!.world.manifest.chains.ETH!.contracts.tokens.USDC as Address

function usdcBalance(blockNumber?: bigint): Promise<bigint> {
  return eth.readContract({
    address: usdcAddress(),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [user],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  })
}

function allowance(spender: string, blockNumber?: bigint): Promise<bigint> {
  return eth.readContract({
    address: usdcAddress(),
    abi: erc20Abi,
    functionName: 'allowance',
    args: [user, spender as Address],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  })
}

/** Sets the user's USDC allowance for `spender` straight on the chain, as an earlier dapp might have left it. */
async function setUsdcAllowance(spender: string, amount: bigint): Promise<void> {
  const { walletClient } = sandbox!.world.chains.ETH!
  const hash = await walletClient.writeContract({
    account: user,
    chain: walletClient.chain,
    address: usdcAddress(),
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender as Address, amount],
  })
  expect((await eth.waitForTransactionReceipt({ hash })).status).toBe('success')
}

/** The approve(spender, amount) a mined transaction called, with the token it called it on. */
async function approveCall(hash: Hex): Promise<{ token: Address; spender: string; amount: bigint }> {
  const tx = await eth.getTransaction({ hash })
  const decoded = decodeFunctionData({ abi: erc20Abi, data: tx.input })
  expect(decoded.functionName).toBe('approve')
  const [spender, amount] = decoded.args as [Address, bigint]
  return { token: tx.to!, spender: spender.toLowerCase(), amount }
}

/** What the user paid in gas for `hashes`, in wei. */
async function gasPaid(hashes: Hex[]): Promise<bigint> {
  let total = 0n
  for (const hash of hashes) {
    const receipt = await eth.getTransactionReceipt({ hash })
    total += receipt.gasUsed * receipt.effectiveGasPrice
  }
  return total
}

const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])
const routerAbi = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
])

/**
 * Someone else trades first: USDC sold straight into the USDC/WETH pool (a fifth of its reserve, at
 * most half the user's balance), which moves the price by well over a quote's slippage.
 */
async function sellUsdcIntoPool(): Promise<void> {
  const { contracts } = sandbox!.world.manifest.chains.ETH!
  const usdc = usdcAddress()
  const pool = contracts.uniswapV2Pairs!.find(
    (pair) =>
      [pair.token0, pair.token1].some((token) => isAddressEqual(token as Address, usdc)) &&
      [pair.token0, pair.token1].some((token) =>
        isAddressEqual(token as Address, contracts.wrappedNative as Address),
      ),
  )!
  const [reserve0, reserve1] = await eth.readContract({
    address: pool.pair as Address,
    abi: pairAbi,
    functionName: 'getReserves',
  })
  const reserve = isAddressEqual(pool.token0 as Address, usdc) ? reserve0 : reserve1
  const balance = await usdcBalance()
  const amount = reserve / 5n < balance / 2n ? reserve / 5n : balance / 2n
  const { walletClient } = sandbox!.world.chains.ETH!
  const router = contracts.uniswapV2Router as Address
  const send = async (hash: Hex) =>
    expect((await eth.waitForTransactionReceipt({ hash })).status).toBe('success')
  await send(
    await walletClient.writeContract({
      account: user,
      chain: walletClient.chain,
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, amount],
    }),
  )
  await send(
    await walletClient.writeContract({
      account: user,
      chain: walletClient.chain,
      address: router,
      abi: routerAbi,
      functionName: 'swapExactTokensForETH',
      args: [amount, 0n, [usdc, contracts.wrappedNative as Address], user, 2n ** 40n],
      // Not the estimate: a transaction mined between the estimate and this trade can make it dearer,
      // and an estimate short by that much would revert it out of gas.
      gas: 400_000n,
    }),
  )
}

describe('executeQuote on the sandbox chains', () => {
  it('confirms the exact approval on chain before sending the swap unmodified, and delivers at least minBuyAmount', async () => {
    // A transaction route: CoW (a signed order) wins small USDC sells on Ethereum, where gas is dear.
    await setFaults('noLiquidity', ['cow'])
    const quote = await client.quote(usdcToEth('100'))
    expect(quote.approval).toBeDefined()
    expect(quote.tx).toBeDefined()
    const approval = quote.approval!
    await setUsdcAllowance(approval.spender, 0n)
    const tx = quote.tx!
    const usdcBefore = await usdcBalance()
    const ethBefore = await eth.getBalance({ address: user })
    const steps: ExecutionStep[] = []

    const { swapWallet } = recordingWallet()
    const result = await executeQuote({
      quote,
      wallet: swapWallet,
      address: user,
      onStep: ({ step }) => steps.push(step),
      pollIntervalMs: 50,
    })

    expect(result).toMatchObject({ status: 'confirmed', route: 'tx', chainId: 1 })
    if (result.status !== 'confirmed') return
    expect(steps).toEqual([
      'approve:pending',
      'approve:sent',
      'approve:confirmed',
      'swap:pending',
      'swap:sent',
      'swap:confirmed',
    ])

    // Rule 2: the approve call is for exactly amountWei to the quoted spender, mined before the swap.
    const approvalTx = await eth.getTransaction({ hash: result.approvalTxHash! })
    const approvalReceipt = await eth.getTransactionReceipt({ hash: result.approvalTxHash! })
    const swapReceipt = await eth.getTransactionReceipt({ hash: result.txHash })
    expect(approvalReceipt.status).toBe('success')
    expect(isAddressEqual(approvalTx.to!, approval.token as Address)).toBe(true)
    const decoded = decodeFunctionData({ abi: erc20Abi, data: approvalTx.input })
    expect(decoded.functionName).toBe('approve')
    expect(decoded.args).toEqual([
      expect.stringMatching(new RegExp(approval.spender, 'i')),
      BigInt(approval.amountWei),
    ])
    expect(
      approvalReceipt.blockNumber < swapReceipt.blockNumber ||
        (approvalReceipt.blockNumber === swapReceipt.blockNumber &&
          approvalReceipt.transactionIndex < swapReceipt.transactionIndex),
    ).toBe(true)
    expect(await allowance(approval.spender, approvalReceipt.blockNumber)).toBe(BigInt(approval.amountWei))
    // Exact, never unlimited: the swap used it all.
    expect(await allowance(approval.spender)).toBe(0n)

    // Rule 3: the mined transaction is the quote's, unmodified.
    const swapTx = await eth.getTransaction({ hash: result.txHash })
    expect(swapReceipt.status).toBe('success')
    expect(isAddressEqual(swapTx.to!, tx.to as Address)).toBe(true)
    expect(swapTx.input).toBe(tx.data)
    expect(swapTx.value).toBe(BigInt(tx.value ?? '0x0'))
    if (tx.gasLimit) expect(swapTx.gas).toBe(BigInt(tx.gasLimit))

    // Rule 1: the user sold exactly sellAmount and received at least minBuyAmount (gas aside).
    expect(usdcBefore - (await usdcBalance())).toBe(parseUnits(quote.sellAmount, 6))
    const received =
      (await eth.getBalance({ address: user })) -
      ethBefore +
      (await gasPaid([result.approvalTxHash!, result.txHash]))
    expect(received >= parseUnits(quote.minBuyAmount!, 18)).toBe(true)
  })

  it('sends nothing and swaps nothing once the price has moved below minBuyAmount', async () => {
    // A transaction route: CoW (a signed order) wins small USDC sells on Ethereum, where gas is dear.
    await setFaults('noLiquidity', ['cow'])
    const stale = await client.quote(usdcToEth('1000'))
    expect(stale.tx && stale.minBuyAmount).toBeTruthy()
    await sellUsdcIntoPool()
    await setUsdcAllowance(stale.approval!.spender, 0n)
    const usdcBefore = await usdcBalance()
    const nonceBefore = await eth.getTransactionCount({ address: user })
    const { swapWallet } = recordingWallet()

    const result = await executeQuote({ quote: stale, wallet: swapWallet, pollIntervalMs: 50 })

    // The chain enforces the floor: the swap reverts (in the wallet's simulation when the quote states no
    // gas limit, on chain when it does, as 0x's does), and nothing is swapped.
    expect(result).toMatchObject({ status: 'failed', reason: 'reverted' })
    if (result.status !== 'failed') return
    expect(result.message).toMatch(/fail(ed)? on chain/)
    expect(await usdcBalance()).toBe(usdcBefore)
    expect(await eth.getTransactionCount({ address: user })).toBeLessThanOrEqual(nonceBefore + 2)
  })

  it('places a signed order (app data, verbatim signature, post) that the sandbox solver fills', async () => {
    await setFaults('noLiquidity', ['zerox', 'lifi', 'swapkit'])
    const quote = await client.quote(usdcToEth('250'))
    expect(quote.provider).toBe('cow')
    const order = quote.order!
    await setUsdcAllowance(quote.approval!.spender, 0n)
    const requests: { method: string; url: string; headers: Headers; body: string | undefined }[] = []
    const recordingFetch: typeof fetch = async (input, init) => {
      requests.push({
        method: init?.method ?? 'GET',
        url: String(input),
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? init.body : undefined,
      })
      return fetch(input, init)
    }
    const usdcBefore = await usdcBalance()
    const ethBefore = await eth.getBalance({ address: user })
    const steps: ExecutionStep[] = []
    const { swapWallet } = recordingWallet()

    const result = await executeQuote({
      quote,
      wallet: swapWallet,
      address: user,
      fetch: recordingFetch,
      onStep: ({ step }) => steps.push(step),
      pollIntervalMs: 100,
    })

    expect(result).toMatchObject({ status: 'filled', route: 'order', chainId: 1 })
    if (result.status !== 'filled') return
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
    const [put, post] = requests
    expect(put).toMatchObject({ method: 'PUT', url: order.appDataUrl })
    expect(put!.headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(put!.body!)).toEqual({ fullAppData: order.appData.fullAppData })
    expect(post).toMatchObject({ method: 'POST', url: order.postUrl })
    const posted = JSON.parse(post!.body!) as Record<string, unknown>
    const { signature, signingScheme, ...body } = posted
    expect(body).toEqual(order.body)
    expect(signingScheme).toBe(order.signingScheme)
    // Signed verbatim: the signature recovers to the user over the quote's own typed data.
    const signer = await recoverTypedDataAddress({
      ...(order.typedData as unknown as TypedDataDefinition),
      signature: signature as Hex,
    })
    expect(isAddressEqual(signer, user)).toBe(true)
    expect(
      requests.slice(2).every((request) => request.method === 'GET' && request.url === result.orderUrl),
    ).toBe(true)

    // The solver settled it on chain: USDC left, ETH (at least the guaranteed minimum) arrived.
    expect(usdcBefore - (await usdcBalance())).toBe(parseUnits(quote.sellAmount, 6))
    const received =
      (await eth.getBalance({ address: user })) - ethBefore + (await gasPaid([result.approvalTxHash!]))
    expect(received >= parseUnits(quote.minBuyAmount!, 18)).toBe(true)
    expect(await allowance(quote.approval!.spender)).toBe(0n)
  })

  it('reports a declined order signature as rejected and posts nothing', async () => {
    await setFaults('noLiquidity', ['zerox', 'lifi', 'swapkit'])
    const quote = await client.quote(usdcToEth('10'))
    expect(quote.order).toBeDefined()
    const methods: string[] = []
    const recordingFetch: typeof fetch = async (input, init) => {
      methods.push(init?.method ?? 'GET')
      return fetch(input, init)
    }
    const { swapWallet } = recordingWallet({ reject: ['eth_signTypedData_v4'] })
    const result = await executeQuote({
      quote,
      wallet: swapWallet,
      fetch: recordingFetch,
      pollIntervalMs: 50,
    })
    expect(result).toMatchObject({ status: 'rejected', step: 'sign' })
    expect(methods).toEqual(['PUT'])
  })

  it('gives BTC -> ETH deposit instructions that, followed on the ledger, pay out at least minBuyAmount', async () => {
    const manifest = sandbox!.world.manifest
    const btcSender = manifest.thorchain!.ledger.BTC!.accounts[0]!
    const quote = await client.quote({
      sellChain: 'BTC',
      sellToken: 'BTC',
      buyChain: 'ETH',
      buyToken: 'ETH',
      amount: '0.01',
      address: btcSender,
      recipient: user,
    })
    const { swapWallet, calls } = recordingWallet()

    const result = await executeQuote({ quote, wallet: swapWallet })

    expect(result).toEqual({
      status: 'instructions',
      route: 'deposit',
      deposit: {
        address: quote.depositAddress,
        memo: quote.memo,
        amount: '0.01',
        asset: quote.sellToken,
        chain: 'BTC',
        expiresAt: quote.expiresAt,
      },
    })
    expect(calls).toEqual([])

    // Following the instructions verbatim on the simulated Bitcoin ledger completes the swap.
    if (result.status !== 'instructions') return
    const ethBefore = await eth.getBalance({ address: user })
    const ledger = manifest.simulators!.thorchainLedger!
    const sent = await fetch(`${ledger}/ledger/BTC/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: btcSender,
        to: result.deposit.address,
        amount: String(parseUnits(result.deposit.amount, 8)),
        memo: result.deposit.memo,
      }),
    })
    expect(sent.status).toBe(200)
    await expect
      .poll(async () => (await eth.getBalance({ address: user })) - ethBefore, {
        timeout: 20_000,
        interval: 200,
      })
      .toBeGreaterThanOrEqual(parseUnits(quote.minBuyAmount!, 18))
  })

  it('refuses an expired quote without touching the wallet or the chain', async () => {
    const quote = await client.quote(usdcToEth('5'))
    const nonceBefore = await eth.getTransactionCount({ address: user })
    const { swapWallet, calls } = recordingWallet()
    const result = await executeQuote({
      quote,
      wallet: swapWallet,
      now: () => Date.parse(quote.expiresAt),
    })
    expect(result).toMatchObject({ status: 'failed', reason: 'quote-expired' })
    expect(calls).toEqual([])
    expect(await eth.getTransactionCount({ address: user })).toBe(nonceBefore)
  })

  it('does not send the swap when the quote expires while the approval confirms', async () => {
    const quote = await client.quote(usdcToEth('5'))
    await setUsdcAllowance(quote.approval!.spender, 0n)
    const nonceBefore = await eth.getTransactionCount({ address: user })
    let clock = Date.parse(quote.expiresAt) - 60_000
    const { swapWallet } = recordingWallet()
    const result = await executeQuote({
      quote,
      wallet: swapWallet,
      now: () => clock,
      onStep: ({ step }) => {
        if (step === 'approve:confirmed') clock = Date.parse(quote.expiresAt) + 1
      },
      pollIntervalMs: 50,
    })
    expect(result).toMatchObject({
      status: 'failed',
      reason: 'quote-expired',
      approvalTxHash: expect.any(String),
    })
    expect(await eth.getTransactionCount({ address: user })).toBe(nonceBefore + 1)
  })

  it('reports a declined approval as rejected and sends nothing', async () => {
    const quote: Quote = await client.quote(usdcToEth('5'))
    await setUsdcAllowance(quote.approval!.spender, 0n)
    const nonceBefore = await eth.getTransactionCount({ address: user })
    const { swapWallet, calls } = recordingWallet({ reject: ['eth_sendTransaction'] })
    const result = await executeQuote({ quote, wallet: swapWallet, pollIntervalMs: 50 })
    expect(result).toMatchObject({ status: 'rejected', step: 'approve' })
    expect(calls.filter((method) => method === 'eth_sendTransaction')).toHaveLength(1)
    expect(await eth.getTransactionCount({ address: user })).toBe(nonceBefore)
  })
})

describe('executeQuote on the sandbox chains, when receipt polls fail', () => {
  it('keeps waiting through rate-limited receipt polls and confirms the approval and the swap, each sent once', async () => {
    // A transaction route: CoW (a signed order) wins small USDC sells on Ethereum, where gas is dear.
    await setFaults('noLiquidity', ['cow'])
    const quote = await client.quote(usdcToEth('15'))
    await setUsdcAllowance(quote.approval!.spender, 0n)
    const nonceBefore = await eth.getTransactionCount({ address: user })
    const usdcBefore = await usdcBalance()
    // The first three polls of the approval and every other poll after them fail, as a busy RPC does.
    const { swapWallet, sent } = recordingWallet({
      failReceiptPoll: (poll) => (poll < 3 || poll % 2 === 1 ? rateLimited() : undefined),
    })

    const result = await executeQuote({ quote, wallet: swapWallet, pollIntervalMs: 20 })

    expect(result).toMatchObject({ status: 'confirmed', route: 'tx', approvalTxHash: expect.any(String) })
    if (result.status !== 'confirmed') return
    expect(sent()).toBe(2)
    expect(await eth.getTransactionCount({ address: user })).toBe(nonceBefore + 2)
    expect((await eth.getTransactionReceipt({ hash: result.txHash })).status).toBe('success')
    expect(usdcBefore - (await usdcBalance())).toBe(parseUnits(quote.sellAmount, 6))
  })

  it('reports a swap whose receipt the wallet cannot read in time with its hash, and the chain has it mined', async () => {
    // A transaction route: CoW (a signed order) wins small USDC sells on Ethereum, where gas is dear.
    await setFaults('noLiquidity', ['cow'])
    const quote = await client.quote(usdcToEth('15'))
    // An allowance left in place: the swap is the only transaction.
    await setUsdcAllowance(quote.approval!.spender, BigInt(quote.approval!.amountWei))
    const nonceBefore = await eth.getTransactionCount({ address: user })
    let clock = Date.now()
    const { swapWallet, sent } = recordingWallet({
      failReceiptPoll: () => {
        // Each failed poll takes the clock past the ten-minute receipt timeout.
        clock += 11 * 60_000
        return rateLimited()
      },
    })

    const result = await executeQuote({ quote, wallet: swapWallet, now: () => clock, pollIntervalMs: 20 })

    expect(result).toMatchObject({
      status: 'failed',
      reason: 'receipt-timeout',
      chainId: 1,
      step: 'swap',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    if (result.status !== 'failed') return
    expect(result.message).toContain('may still be mined')
    expect(sent()).toBe(1)
    // The transaction the result names is the one on chain: the UI's explorer link shows it confirmed.
    // (anvil can answer a send a moment before sealing its block, so the receipt is waited for.)
    const receipt = await eth.waitForTransactionReceipt({ hash: result.txHash!, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await eth.getTransactionCount({ address: user })).toBe(nonceBefore + 1)
  })
})

describe('executeQuote on the sandbox chains, selling more than the wallet holds', () => {
  it('sends nothing, not even the approval, for twice the USDC the wallet holds', async () => {
    const held = await usdcBalance()
    const quote = await client.quote(usdcToEth(formatUnits(held * 2n, 6)))
    expect(quote.approval).toBeTruthy()
    await setUsdcAllowance(quote.approval!.spender, 0n)
    const nonceBefore = await eth.getTransactionCount({ address: user })
    const { swapWallet, sent } = recordingWallet()

    const result = await executeQuote({ quote, wallet: swapWallet, pollIntervalMs: 50 })

    expect(result).toMatchObject({ status: 'failed', reason: 'insufficient-balance' })
    expect(sent()).toBe(0)
    // No approval was mined, so no gas was spent on a swap that could not go through.
    expect(await eth.getTransactionCount({ address: user })).toBe(nonceBefore)
    expect(await allowance(quote.approval!.spender)).toBe(0n)
    expect(await usdcBalance()).toBe(held)
  })
})

describe('executeQuote on the sandbox chains, with an allowance already in place', () => {
  it('sends no approval for a second swap after an earlier exact approval was left unused', async () => {
    // A transaction route: CoW (a signed order) wins small USDC sells on Ethereum, where gas is dear.
    await setFaults('noLiquidity', ['cow'])
    const first = await client.quote(usdcToEth('20'))
    await setUsdcAllowance(first.approval!.spender, 0n)
    // The user approves, then declines the swap: the exact approval stays, unused.
    const declined = await executeQuote({
      quote: first,
      wallet: recordingWallet({ declineSendAt: 1 }).swapWallet,
      pollIntervalMs: 50,
    })
    expect(declined).toMatchObject({ status: 'rejected', step: 'swap', approvalTxHash: expect.any(String) })
    expect(await allowance(first.approval!.spender)).toBe(BigInt(first.approval!.amountWei))

    const second = await client.quote(usdcToEth('20'))
    expect(second.approval).toMatchObject({
      spender: first.approval!.spender,
      amountWei: first.approval!.amountWei,
    })
    const nonceBefore = await eth.getTransactionCount({ address: user })
    const usdcBefore = await usdcBalance()
    const steps: ExecutionStep[] = []
    const { swapWallet, calls, sent } = recordingWallet()

    const result = await executeQuote({
      quote: second,
      wallet: swapWallet,
      onStep: ({ step }) => steps.push(step),
      pollIntervalMs: 50,
    })

    expect(result).toMatchObject({ status: 'confirmed', route: 'tx', chainId: 1 })
    expect(result).not.toHaveProperty('approvalTxHash')
    expect(calls).toContain('eth_call')
    expect(sent()).toBe(1)
    expect(steps).toEqual(['swap:pending', 'swap:sent', 'swap:confirmed'])
    expect(await eth.getTransactionCount({ address: user })).toBe(nonceBefore + 1)
    expect(usdcBefore - (await usdcBalance())).toBe(parseUnits(second.sellAmount, 6))
    // The swap used the earlier approval up, exactly.
    expect(await allowance(second.approval!.spender)).toBe(0n)
  })

  it('resets a smaller leftover allowance to 0, then approves exactly the new amount', async () => {
    // A transaction route: CoW (a signed order) wins small USDC sells on Ethereum, where gas is dear.
    await setFaults('noLiquidity', ['cow'])
    const quote = await client.quote(usdcToEth('30'))
    const { spender, amountWei, token } = quote.approval!
    const leftover = parseUnits('7', 6)
    await setUsdcAllowance(spender, leftover)
    const nonceBefore = await eth.getTransactionCount({ address: user })
    const events: ExecutionStepEvent[] = []
    const { swapWallet, sent } = recordingWallet()

    const result = await executeQuote({
      quote,
      wallet: swapWallet,
      onStep: (event) => events.push(event),
      pollIntervalMs: 50,
    })

    expect(result).toMatchObject({ status: 'confirmed', route: 'tx', chainId: 1 })
    if (result.status !== 'confirmed') return
    expect(sent()).toBe(3)
    expect(await eth.getTransactionCount({ address: user })).toBe(nonceBefore + 3)
    const resetHash = events.find((event) => event.step === 'approve:sent' && event.allowanceReset)!.txHash!
    expect(events.filter((event) => event.allowanceReset).map((event) => event.step)).toEqual([
      'approve:pending',
      'approve:sent',
      'approve:confirmed',
    ])
    expect(await approveCall(resetHash)).toEqual({
      token: expect.stringMatching(new RegExp(token, 'i')),
      spender: spender.toLowerCase(),
      amount: 0n,
    })
    expect(await approveCall(result.approvalTxHash!)).toEqual({
      token: expect.stringMatching(new RegExp(token, 'i')),
      spender: spender.toLowerCase(),
      amount: BigInt(amountWei),
    })
    const resetReceipt = await eth.getTransactionReceipt({ hash: resetHash })
    const approvalReceipt = await eth.getTransactionReceipt({ hash: result.approvalTxHash! })
    expect(resetReceipt.status).toBe('success')
    expect(approvalReceipt.status).toBe('success')
    expect(await allowance(spender, resetReceipt.blockNumber)).toBe(0n)
    // Exactly the new amount: not the leftover plus it, never unlimited.
    expect(await allowance(spender, approvalReceipt.blockNumber)).toBe(BigInt(amountWei))
    expect(await allowance(spender)).toBe(0n)
  })
})
