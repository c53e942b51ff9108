import { encodeFunctionData, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifiVenue } from '../../../../api/venues/lifi'
import { base, ethereum, getErc20Caip } from '../../../../shared'
import { erc20Abi } from '../pricing/abis'
import { startTestSandbox, type TestSandbox } from '../startTestSandbox'
import { encodeBridgeDeposit } from './encodeBridgeDeposit'

const ZERO = '0x0000000000000000000000000000000000000000'

let sandbox: TestSandbox
let feeWallet: Address

beforeAll(async () => {
  sandbox = await startTestSandbox({ chains: ['ETH', 'BASE', 'ARB'] })
  feeWallet = sandbox.world.manifest.feeRecipients.service as Address
})
afterAll(async () => {
  await sandbox?.stop()
})

const tokens = (symbol: string) => sandbox.world.manifest.chains[symbol]!.contracts.tokens

async function lifi(path: string, query: Record<string, string>) {
  const response = await fetch(`${sandbox.simulators.lifiUrl}${path}?${new URLSearchParams(query)}`)
  return { status: response.status, body: (await response.json()) as any }
}

/** Polls `/v1/status` until it leaves PENDING (the relayer delivers a few seconds after the deposit). */
async function waitForFinalStatus(query: Record<string, string>) {
  for (let attempt = 0; attempt < 150; attempt++) {
    const { body } = await lifi('/status', query)
    if (body.status !== 'PENDING') return body
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the bridge transfer stayed PENDING')
}

/** Sends a quote's transaction from dev account 0 with 20 % gas headroom over the stated limit. */
async function sendQuoteTx(symbol: string, tx: { to: Address; data: Hex; value: string; gasLimit: string }) {
  const user = sandbox.user(symbol)
  const hash = await user.walletClient.sendTransaction({
    account: user.walletClient.account!,
    chain: user.walletClient.chain,
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: (BigInt(tx.gasLimit) * 12n) / 10n,
  })
  const receipt = await user.publicClient.waitForTransactionReceipt({ hash })
  return { hash, receipt }
}

describe('LI.FI bridge routes in the sandbox', () => {
  it('bridges USDC from ETH to BASE through the API adapter: approval, deposit, delivery, status PENDING then DONE', async () => {
    const user = sandbox.user('ETH')
    const baseUser = sandbox.user('BASE')
    const ethUsdc = tokens('ETH').USDC as Address
    const baseUsdc = tokens('BASE').USDC as Address
    const sellAmount = 250_000_000n
    const venue = createLifiVenue({
      baseUrl: sandbox.simulators.lifiUrl,
      integrator: 'swap-quote',
      serviceFeeBps: 30,
    })
    const request = {
      sellChain: ethereum,
      buyChain: base,
      sellToken: {
        caip: getErc20Caip(ethereum, ethUsdc),
        symbol: 'USDC',
        decimals: 6,
        kind: 'erc20' as const,
        contract: ethUsdc,
      },
      buyToken: {
        caip: getErc20Caip(base, baseUsdc),
        symbol: 'USDC',
        decimals: 6,
        kind: 'erc20' as const,
        contract: baseUsdc,
      },
      sellAmount,
      sender: user.address,
      recipient: user.address,
      slippagePercent: 0.5,
      partnerFeeBps: 0,
    }
    expect(venue.serves(request)).toBe(true)
    const quote = await venue.quote(request, { fetch, signal: new AbortController().signal })
    if ('noRoute' in quote) throw new Error(`no route: ${quote.reason}`)
    expect(quote.tx?.chainId).toBe(1)
    expect(quote.approval).toEqual({
      chainId: 1,
      token: ethUsdc,
      spender: sandbox.simulators.contracts[1]!.lifiBridge,
      amountWei: String(sellAmount),
    })
    const fee = (sellAmount * 30n) / 10_000n
    // 5 bps of what is bridged, rounded up, plus the 5-cent flat fee.
    const bridgeFee = ((sellAmount - fee) * 5n + 9_999n) / 10_000n + 50_000n
    expect(quote.buyAmount).toBe(sellAmount - fee - bridgeFee)
    expect(quote.minBuyAmount).toBe((quote.buyAmount * 995n) / 1000n)

    await user.send({
      to: ethUsdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [quote.approval!.spender as Address, BigInt(quote.approval!.amountWei)],
      }),
    })
    const [usdcBefore, baseBefore, feeBefore] = await Promise.all([
      user.balanceOf(ethUsdc),
      baseUser.balanceOf(baseUsdc),
      user.balanceOf(ethUsdc, feeWallet),
    ])
    const { hash, receipt } = await sendQuoteTx('ETH', {
      to: quote.tx!.to as Address,
      data: quote.tx!.data as Hex,
      value: quote.tx!.value ?? '0x0',
      gasLimit: quote.tx!.gasLimit!,
    })
    expect(receipt.status).toBe('success')
    expect(usdcBefore - (await user.balanceOf(ethUsdc))).toBe(sellAmount)
    // The fee wallet gets the integrator's part; LI.FI keeps a quarter of 30 bps (750 ppm of the amount).
    expect((await user.balanceOf(ethUsdc, feeWallet)) - feeBefore).toBe(
      fee - (sellAmount * 750n) / 1_000_000n,
    )
    expect(quote.fees?.[0]).toMatchObject({ party: 'service', bps: 30, venueSharePpm: 250_000, amount: fee })

    const statusQuery = { txHash: hash, fromChain: '1', toChain: '8453', bridge: 'sandboxbridge' }
    const pending = await lifi('/status', statusQuery)
    expect(pending.status).toBe(200)
    expect(pending.body).toMatchObject({
      status: 'PENDING',
      substatus: 'WAIT_DESTINATION_TRANSACTION',
      tool: 'sandboxbridge',
      sending: {
        txHash: hash,
        chainId: 1,
        amount: String(sellAmount),
        token: { address: ethUsdc, symbol: 'USDC' },
      },
      receiving: { chainId: 8453 },
    })

    const done = await waitForFinalStatus(statusQuery)
    expect(done).toMatchObject({
      status: 'DONE',
      substatus: 'COMPLETED',
      sending: { txHash: hash, chainId: 1 },
      receiving: {
        chainId: 8453,
        amount: String(quote.buyAmount),
        token: { address: baseUsdc, chainId: 8453 },
      },
      toAddress: user.address,
    })
    const received = (await baseUser.balanceOf(baseUsdc)) - baseBefore
    expect(received).toBe(quote.buyAmount)
    expect(received).toBeGreaterThanOrEqual(quote.minBuyAmount!)
    // The delivery's own hash finds the same transfer.
    const byDestination = await lifi('/status', { txHash: done.receiving.txHash })
    expect(byDestination.body).toMatchObject({ status: 'DONE', transactionId: done.transactionId })
  })

  it('bridges native ETH from ETH to ARB with the value in the transaction, to another recipient', async () => {
    const user = sandbox.user('ETH')
    const recipient = sandbox.world.accounts[3]!.address
    const fromAmount = 2n * 10n ** 17n
    const { status, body } = await lifi('/quote', {
      fromChain: '1',
      toChain: 'arb',
      fromToken: ZERO,
      toToken: ZERO,
      fromAmount: String(fromAmount),
      fromAddress: user.address,
      toAddress: recipient,
      integrator: 'swap-quote',
      fee: '0.003',
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      type: 'lifi',
      tool: 'sandboxbridge',
      action: { fromChainId: 1, toChainId: 42161, toAddress: recipient },
      transactionRequest: { chainId: 1, value: `0x${fromAmount.toString(16)}` },
    })
    expect(body.estimate.executionDuration).toBeGreaterThan(0)
    expect(
      body.includedSteps.map((step: { type: string; tool: string }) => `${step.type}:${step.tool}`),
    ).toEqual(['protocol:feeCollection', 'cross:sandboxbridge'])
    const cross = body.includedSteps[1]
    expect(cross.action.fromChainId).not.toBe(cross.action.toChainId)

    const arb = sandbox.user('ARB')
    const fee = (fromAmount * 3n) / 1000n
    const [recipientBefore, feeBefore] = await Promise.all([
      arb.balanceOf('native', recipient),
      user.balanceOf('native', feeWallet),
    ])
    const { hash, receipt } = await sendQuoteTx('ETH', body.transactionRequest)
    expect(receipt.status).toBe('success')
    expect((await user.balanceOf('native', feeWallet)) - feeBefore).toBe(
      fee - (fromAmount * 750n) / 1_000_000n,
    )

    const done = await waitForFinalStatus({ txHash: hash, fromChain: '1', toChain: '42161' })
    expect(done).toMatchObject({ status: 'DONE', substatus: 'COMPLETED', receiving: { chainId: 42161 } })
    const received = (await arb.balanceOf('native', recipient)) - recipientBefore
    expect(received).toBe(BigInt(body.estimate.toAmount))
    expect(received).toBeGreaterThanOrEqual(BigInt(body.estimate.toAmountMin))
  })

  it('swaps native ETH into USDC on the source chain before bridging it to BASE', async () => {
    const user = sandbox.user('ETH')
    const baseUser = sandbox.user('BASE')
    const baseUsdc = tokens('BASE').USDC as Address
    const { status, body } = await lifi('/quote', {
      fromChain: '1',
      toChain: '8453',
      fromToken: ZERO,
      toToken: baseUsdc,
      fromAmount: String(10n ** 17n),
      fromAddress: user.address,
    })
    expect(status).toBe(200)
    expect(body.includedSteps.map((step: { type: string }) => step.type)).toEqual(['swap', 'cross'])
    const before = await baseUser.balanceOf(baseUsdc)
    const { hash, receipt } = await sendQuoteTx('ETH', body.transactionRequest)
    expect(receipt.status).toBe('success')
    const done = await waitForFinalStatus({ txHash: hash, fromChain: '1' })
    expect(done.substatus).toBe('COMPLETED')
    expect((await baseUser.balanceOf(baseUsdc)) - before).toBe(BigInt(body.estimate.toAmount))
  })

  it('refunds on the source chain when the deposit asks for more than the bridge can deliver', async () => {
    const user = sandbox.user('ETH')
    const ethUsdc = tokens('ETH').USDC as Address
    const bridge = sandbox.simulators.contracts[1]!.lifiBridge
    const sellAmount = 10_000_000n
    await user.send({
      to: ethUsdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bridge, sellAmount] }),
    })
    const before = await user.balanceOf(ethUsdc)
    const block = await user.publicClient.getBlock()
    const { hash } = await sendQuoteTx('ETH', {
      to: bridge,
      data: encodeBridgeDeposit({
        sellToken: ethUsdc,
        sellAmount,
        path: [],
        minBridgeAmount: 0n,
        destinationChainId: 8453,
        destinationToken: tokens('BASE').USDC as Address,
        recipient: user.address,
        amountOut: sellAmount * 2n,
        minAmountOut: sellAmount * 2n,
        deadline: block.timestamp + 600n,
        fees: [],
      }),
      value: '0x0',
      gasLimit: '0x30d40',
    })
    expect(before - (await user.balanceOf(ethUsdc))).toBe(sellAmount)
    const done = await waitForFinalStatus({ txHash: hash, fromChain: '1', toChain: '8453' })
    expect(done).toMatchObject({
      status: 'DONE',
      substatus: 'REFUNDED',
      receiving: { chainId: 1, amount: String(sellAmount) },
    })
    expect(await user.balanceOf(ethUsdc)).toBe(before)
  })

  it('answers DONE at once for a same-chain swap, and INVALID for a mined transaction that is no LI.FI transfer', async () => {
    const user = sandbox.user('ETH')
    const { body } = await lifi('/quote', {
      fromChain: '1',
      toChain: '1',
      fromToken: ZERO,
      toToken: tokens('ETH').USDC!,
      fromAmount: String(10n ** 16n),
      fromAddress: user.address,
    })
    const { hash } = await sendQuoteTx('ETH', body.transactionRequest)
    const swap = await lifi('/status', { txHash: hash, fromChain: '1', toChain: '1' })
    expect(swap.body).toMatchObject({
      status: 'DONE',
      substatus: 'COMPLETED',
      sending: { chainId: 1, amount: String(10n ** 16n), token: { address: ZERO } },
      receiving: { chainId: 1, amount: body.estimate.toAmount },
    })
    const { hash: plain } = await sendQuoteTx('ETH', {
      to: sandbox.world.accounts[2]!.address,
      data: '0x',
      value: '0x1',
      gasLimit: '0x5208',
    })
    expect((await lifi('/status', { txHash: plain })).body.status).toBe('INVALID')
  })

  it('answers NOT_FOUND for an unknown hash and 400 code 1011 for a malformed one', async () => {
    const unknown = await lifi('/status', { txHash: `0x${'ab'.repeat(32)}`, fromChain: '1', toChain: '8453' })
    expect(unknown).toMatchObject({ status: 200, body: { status: 'NOT_FOUND' } })
    const anywhere = await lifi('/status', { txHash: `0x${'cd'.repeat(32)}` })
    expect(anywhere.body.status).toBe('NOT_FOUND')
    const malformed = await lifi('/status', { txHash: '0x1234' })
    expect(malformed).toMatchObject({
      status: 400,
      body: { code: 1011, message: expect.stringMatching(/^\/txHash/) },
    })
    const badChain = await lifi('/status', { txHash: `0x${'ab'.repeat(32)}`, fromChain: '4663' })
    expect(badChain).toMatchObject({ status: 400, body: { code: 1011 } })
  })

  it("keeps fault injection on /status: an injected 500 answers LI.FI's server error once, then status answers again", async () => {
    const control = await fetch(`${sandbox.simulators.faultControlUrl}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ simulator: 'lifi', mode: 'http500', times: 1 }),
    })
    expect(control.ok).toBe(true)
    const txHash = `0x${'ef'.repeat(32)}`
    expect(await lifi('/status', { txHash })).toMatchObject({ status: 500, body: { code: 1006 } })
    expect(await lifi('/status', { txHash })).toMatchObject({ status: 200, body: { status: 'NOT_FOUND' } })
  })

  it('answers 404 code 1002 for a token the bridge does not carry and for an amount below its fee', async () => {
    const user = sandbox.user('ETH')
    const noRoute = await lifi('/quote', {
      fromChain: '1',
      toChain: '8453',
      fromToken: tokens('ETH').USDC!,
      toToken: tokens('BASE').WETH!,
      fromAmount: '1000000',
      fromAddress: user.address,
    })
    expect(noRoute).toMatchObject({ status: 404, body: { code: 1002 } })
    const tooLow = await lifi('/quote', {
      fromChain: '1',
      toChain: '8453',
      fromToken: tokens('ETH').USDC!,
      toToken: tokens('BASE').USDC!,
      fromAmount: '1000',
      fromAddress: user.address,
    })
    expect(tooLow.status).toBe(404)
    expect(JSON.stringify(tooLow.body.errors)).toContain('AMOUNT_TOO_LOW')
  })
})
