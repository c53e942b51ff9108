import { encodeFunctionData, type Address } from 'viem'
import { createClient, getQuote } from '@lifi/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20Abi, uniswapV2Abi } from '../pricing/abis'
import { startTestSandbox, type TestSandbox } from '../startTestSandbox'

const ZERO = '0x0000000000000000000000000000000000000000'

let sandbox: TestSandbox
let eth: TestSandbox['world']['manifest']['chains'][string]
let feeWallet: Address

beforeAll(async () => {
  sandbox = await startTestSandbox({ chains: ['ETH', 'BASE', 'RHD'] })
  eth = sandbox.world.manifest.chains.ETH!
  feeWallet = sandbox.world.manifest.feeRecipients.service as Address
})
afterAll(async () => {
  await sandbox?.stop()
})

async function lifi(query: Record<string, string>) {
  const response = await fetch(`${sandbox.simulators.lifiUrl}/quote?${new URLSearchParams(query)}`)
  return { status: response.status, body: (await response.json()) as any }
}

describe('LI.FI simulator quotes', () => {
  it('answers a LiFiStep whose toAmount is the router output for fromAmount less the integrator fee', async () => {
    const user = sandbox.user('ETH')
    const usdc = eth.contracts.tokens.USDC as Address
    const weth = eth.contracts.wrappedNative as Address
    const fromAmount = 1_000_000_000n
    const { status, body } = await lifi({
      fromChain: '1',
      toChain: '1',
      fromToken: usdc,
      toToken: ZERO,
      fromAmount: String(fromAmount),
      fromAddress: user.address,
      slippage: '0.005',
      integrator: 'swap-quote',
      fee: '0.0025',
    })
    expect(status).toBe(200)
    const fee = (fromAmount * 25n) / 10_000n
    const [, routerOut] = await user.publicClient.readContract({
      address: eth.contracts.uniswapV2Router as Address,
      abi: uniswapV2Abi,
      functionName: 'getAmountsOut',
      args: [fromAmount - fee, [usdc, weth]],
    })
    expect(body.type).toBe('lifi')
    expect(body.action.toToken.address).toBe(ZERO)
    expect(body.action.fromToken).toMatchObject({ symbol: 'USDC', decimals: 6, chainId: 1 })
    expect(body.estimate.toAmount).toBe(String(routerOut))
    expect(body.estimate.toAmountMin).toBe(String((routerOut! * 995n) / 1000n))
    expect(body.estimate.feeCosts).toEqual([
      expect.objectContaining({ amount: String(fee), included: true, percentage: '0.0025' }),
    ])
    expect(body.estimate.approvalAddress).toBe(body.transactionRequest.to)
    expect(body.transactionRequest).toMatchObject({ value: '0x0', chainId: 1, from: user.address })
    expect(body.transactionRequest.gasLimit).toMatch(/^0x[0-9a-f]+$/)
  })

  it('answers 404 code 1002 for a cross-chain pair the bridge does not carry and 400 code 1011 for RHD', async () => {
    const user = sandbox.user('ETH')
    const cross = await lifi({
      fromChain: '1',
      toChain: '8453',
      fromToken: eth.contracts.tokens.USDC!,
      toToken: sandbox.world.manifest.chains.BASE!.contracts.wrappedNative,
      fromAmount: '1000000',
      fromAddress: user.address,
    })
    expect(cross.status).toBe(404)
    expect(cross.body.code).toBe(1002)
    expect(cross.body.errors.failed[0].subpaths).toBeDefined()
    const rhd = await lifi({
      fromChain: '4663',
      toChain: '4663',
      fromToken: ZERO,
      toToken: ZERO,
      fromAmount: '1000000',
      fromAddress: user.address,
    })
    expect(rhd.status).toBe(400)
    expect(rhd.body.code).toBe(1011)
  })

  it('answers 400 code 1011 naming the parameter for bad input, and for a fee without a fee wallet', async () => {
    const user = sandbox.user('ETH')
    const base = { fromChain: '1', toChain: '1', fromToken: eth.contracts.tokens.USDC!, toToken: ZERO }
    const missing = await lifi({ ...base, fromAddress: user.address })
    expect(missing).toMatchObject({
      status: 400,
      body: { code: 1011, message: expect.stringMatching(/^\/fromAmount/) },
    })
    const anonymousFee = await lifi({
      ...base,
      fromAddress: user.address,
      fromAmount: '1000000',
      fee: '0.003',
    })
    expect(anonymousFee).toMatchObject({
      status: 400,
      body: { code: 1011, message: expect.stringContaining('lifi-api') },
    })
  })
})

describe('LI.FI simulator read through LI.FI’s own SDK', () => {
  it('answers a step @lifi/sdk accepts, with the integrator fee and LI.FI’s share in feeSplit', async () => {
    const user = sandbox.user('ETH')
    const client = createClient({
      integrator: 'swap-quote',
      apiUrl: sandbox.simulators.lifiUrl,
      preloadChains: false,
    })
    const step = await getQuote(client, {
      fromChain: 1,
      toChain: 1,
      fromToken: eth.contracts.tokens.USDC!,
      toToken: ZERO,
      fromAmount: '1000000000',
      fromAddress: user.address,
      fee: 0.004,
    })
    const [fee] = step.estimate.feeCosts ?? []
    expect(fee?.included).toBe(true)
    // 40 bps of 1000 USDC; LI.FI keeps a quarter of it and says so.
    expect(fee?.amount).toBe('4000000')
    expect(fee?.feeSplit).toEqual({ lifiFee: '1000000', integratorFee: '3000000' })
    expect(step.transactionRequest?.to).toBe(step.estimate.approvalAddress)
  })

  it('refuses a fee for an integrator without a fee wallet as LI.FI does, which the SDK reports', async () => {
    const user = sandbox.user('ETH')
    const client = createClient({
      integrator: 'lifi-api',
      apiUrl: sandbox.simulators.lifiUrl,
      preloadChains: false,
    })
    await expect(
      getQuote(client, {
        fromChain: 1,
        toChain: 1,
        fromToken: eth.contracts.tokens.USDC!,
        toToken: ZERO,
        fromAmount: '1000000',
        fromAddress: user.address,
        fee: 0.003,
      }),
    ).rejects.toThrow(/not configured for collecting fees/)
  })
})

describe('LI.FI simulator transactions', () => {
  it('executes a same-chain native sell from dev account 0 and pays the integrator fee wallet', async () => {
    const user = sandbox.user('ETH')
    const dai = eth.contracts.tokens.DAI as Address
    const fromAmount = 3n * 10n ** 17n
    const { body } = await lifi({
      fromChain: 'eth',
      toChain: 'eth',
      fromToken: 'ETH',
      toToken: dai,
      fromAmount: String(fromAmount),
      fromAddress: user.address,
      integrator: 'swap-quote',
      fee: '0.003',
    })
    const fee = (fromAmount * 3n) / 1000n
    const [daiBefore, ethBefore, feeBefore] = await Promise.all([
      user.balanceOf(dai),
      user.balanceOf('native'),
      user.balanceOf('native', feeWallet),
    ])
    const tx = body.transactionRequest
    const result = await user.send({
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
      gas: BigInt(tx.gasLimit),
    })
    expect(result.status).toBe('success')
    const received = (await user.balanceOf(dai)) - daiBefore
    expect(received).toBe(BigInt(body.estimate.toAmount))
    expect(received).toBeGreaterThanOrEqual(BigInt(body.estimate.toAmountMin))
    expect(ethBefore - (await user.balanceOf('native'))).toBe(fromAmount + result.gasCost)
    // LI.FI keeps its share (a quarter in the sandbox) and says so in feeSplit; the wallet gets the rest.
    const lifiShare = (fromAmount * 750n) / 1_000_000n
    expect((await user.balanceOf('native', feeWallet)) - feeBefore).toBe(fee - lifiShare)
    expect(body.estimate.feeCosts[0]).toMatchObject({
      amount: String(fee),
      feeSplit: { lifiFee: String(lifiShare), integratorFee: String(fee - lifiShare) },
    })
  })

  it('executes an ERC-20 sell after an exact approval of approvalAddress, to a different toAddress', async () => {
    const user = sandbox.user('ETH')
    const usdc = eth.contracts.tokens.USDC as Address
    const wbtc = eth.contracts.tokens.WBTC as Address
    const recipient = sandbox.world.accounts[3]!.address
    const fromAmount = 500_000_000n
    const { body } = await lifi({
      fromChain: '1',
      toChain: '1',
      fromToken: usdc,
      toToken: wbtc,
      fromAmount: String(fromAmount),
      fromAddress: user.address,
      toAddress: recipient,
    })
    await user.send({
      to: usdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [body.estimate.approvalAddress, fromAmount],
      }),
    })
    const [usdcBefore, wbtcBefore] = await Promise.all([
      user.balanceOf(usdc),
      user.balanceOf(wbtc, recipient),
    ])
    const tx = body.transactionRequest
    // Sent as it stands, gas limit included: an estimate made now can miss the price-accumulator writes
    // of a pair's first swap in the next block.
    const result = await user.send({
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
      gas: BigInt(tx.gasLimit),
    })
    expect(result.status).toBe('success')
    expect(usdcBefore - (await user.balanceOf(usdc))).toBe(fromAmount)
    expect((await user.balanceOf(wbtc, recipient)) - wbtcBefore).toBe(BigInt(body.estimate.toAmount))
    expect(body.estimate.feeCosts).toEqual([])
  })
})
