import { encodeFunctionData, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20Abi, uniswapV2Abi } from '../pricing/abis'
import { NATIVE_PLACEHOLDER } from '../pricing/nativeToken'
import { startTestSandbox, type TestSandbox } from '../startTestSandbox'

const headers = { '0x-api-key': 'sandbox-key', '0x-version': 'v2' }

let sandbox: TestSandbox
let eth: TestSandbox['world']['manifest']['chains'][string]
let feeRecipient: Address

beforeAll(async () => {
  sandbox = await startTestSandbox({ chains: ['ETH', 'RHD'] })
  eth = sandbox.world.manifest.chains.ETH!
  feeRecipient = sandbox.world.manifest.feeRecipients.service as Address
})
afterAll(async () => {
  await sandbox?.stop()
})

async function zerox(
  path: string,
  query: Record<string, string>,
  init: { headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${sandbox.simulators.zeroxUrl}${path}?${new URLSearchParams(query)}`, {
    headers: init.headers ?? headers,
  })
  return { status: response.status, body: (await response.json()) as any }
}

describe('0x simulator pricing', () => {
  it('states the router output less the integrator fee it reports, in the buy token by default', async () => {
    const user = sandbox.user('ETH')
    const sellAmount = 10n ** 18n
    const usdc = eth.contracts.tokens.USDC as Address
    const weth = eth.contracts.wrappedNative as Address
    const { status, body } = await zerox('/swap/allowance-holder/price', {
      chainId: '1',
      sellToken: NATIVE_PLACEHOLDER,
      buyToken: usdc,
      sellAmount: String(sellAmount),
      swapFeeRecipient: feeRecipient,
      swapFeeBps: '30',
    })
    expect(status).toBe(200)
    const amounts = await user.publicClient.readContract({
      address: eth.contracts.uniswapV2Router as Address,
      abi: uniswapV2Abi,
      functionName: 'getAmountsOut',
      args: [sellAmount, [weth, usdc]],
    })
    const routerOut = amounts[1]!
    const fee = (routerOut * 30n) / 10_000n
    expect(body.liquidityAvailable).toBe(true)
    expect(body.fees.integratorFee).toEqual({
      amount: String(fee),
      token: usdc.toLowerCase(),
      type: 'volume',
    })
    expect(BigInt(body.buyAmount)).toBe(routerOut - fee)
    // Default slippage is 100 bps.
    expect(BigInt(body.minBuyAmount)).toBe(((routerOut - fee) * 9900n) / 10_000n)
    expect(body.transaction).toBeUndefined()
    expect(body.gas).toMatch(/^[0-9]+$/)
    expect(body.allowanceTarget).toBeNull()
  })

  it('routes through the wrapped native when the pair has no direct pool', async () => {
    const wbtc = eth.contracts.tokens.WBTC as Address
    const dai = eth.contracts.tokens.DAI as Address
    const { body } = await zerox('/swap/allowance-holder/price', {
      chainId: '1',
      sellToken: wbtc,
      buyToken: dai,
      sellAmount: '1000000',
    })
    expect(body.liquidityAvailable).toBe(true)
    expect(body.route.tokens.length).toBeGreaterThanOrEqual(2)
    expect(body.route.fills.at(-1).to).toBe(dai.toLowerCase())
  })
})

describe('0x simulator transactions', () => {
  it('executes a native sell: the taker gets the quoted amount and the fee recipient its fee', async () => {
    const user = sandbox.user('ETH')
    const usdc = eth.contracts.tokens.USDC as Address
    const sellAmount = 2n * 10n ** 17n
    const { body } = await zerox('/swap/allowance-holder/quote', {
      chainId: '1',
      sellToken: NATIVE_PLACEHOLDER,
      buyToken: usdc,
      sellAmount: String(sellAmount),
      taker: user.address,
      slippageBps: '50',
      swapFeeRecipient: feeRecipient,
      swapFeeBps: '25',
    })
    expect(body.transaction.value).toBe(String(sellAmount))
    expect(body.issues.allowance).toBeNull()
    const [usdcBefore, ethBefore, feeBefore] = await Promise.all([
      user.balanceOf(usdc),
      user.balanceOf('native'),
      user.balanceOf(usdc, feeRecipient),
    ])
    const result = await user.send({
      to: body.transaction.to,
      data: body.transaction.data,
      value: BigInt(body.transaction.value),
      gas: BigInt(body.transaction.gas),
    })
    expect(result.status).toBe('success')
    const received = (await user.balanceOf(usdc)) - usdcBefore
    expect(received).toBeGreaterThanOrEqual(BigInt(body.minBuyAmount))
    expect(received).toBe(BigInt(body.buyAmount))
    expect(ethBefore - (await user.balanceOf('native'))).toBe(sellAmount + result.gasCost)
    expect((await user.balanceOf(usdc, feeRecipient)) - feeBefore).toBe(
      BigInt(body.fees.integratorFee.amount),
    )
  })

  it('executes an ERC-20 sell after an exact approval of issues.allowance.spender, fee in the sell token', async () => {
    const user = sandbox.user('ETH')
    const usdc = eth.contracts.tokens.USDC as Address
    const dai = eth.contracts.tokens.DAI as Address
    const sellAmount = 250_000_000n
    const query = {
      chainId: '1',
      sellToken: usdc,
      buyToken: dai,
      sellAmount: String(sellAmount),
      taker: user.address,
      swapFeeRecipient: feeRecipient,
      swapFeeBps: '40',
      swapFeeToken: usdc,
    }
    const first = await zerox('/swap/allowance-holder/quote', query)
    expect(first.body.issues.allowance).toEqual({ actual: '0', spender: first.body.allowanceTarget })
    expect(first.body.transaction.to).toBe(first.body.allowanceTarget)
    const fee = (sellAmount * 40n) / 10_000n
    expect(first.body.fees.integratorFee).toEqual({
      amount: String(fee),
      token: usdc.toLowerCase(),
      type: 'volume',
    })
    expect(first.body.sellAmount).toBe(String(sellAmount - fee))

    const approve = await user.send({
      to: usdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [first.body.issues.allowance.spender, sellAmount],
      }),
    })
    expect(approve.status).toBe('success')
    const { body } = await zerox('/swap/allowance-holder/quote', query)
    expect(body.issues.allowance).toBeNull()

    const [usdcBefore, daiBefore, feeBefore] = await Promise.all([
      user.balanceOf(usdc),
      user.balanceOf(dai),
      user.balanceOf(usdc, feeRecipient),
    ])
    // Sent as it stands, gas limit included (an estimate made now can miss a pair's accumulator writes).
    const result = await user.send({
      to: body.transaction.to,
      data: body.transaction.data as Hex,
      gas: BigInt(body.transaction.gas),
    })
    expect(result.status).toBe('success')
    expect(usdcBefore - (await user.balanceOf(usdc))).toBe(sellAmount)
    const received = (await user.balanceOf(dai)) - daiBefore
    expect(received).toBeGreaterThanOrEqual(BigInt(body.minBuyAmount))
    expect(received).toBe(BigInt(body.buyAmount))
    expect((await user.balanceOf(usdc, feeRecipient)) - feeBefore).toBe(fee)
    const allowanceLeft = await user.publicClient.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [user.address, body.allowanceTarget],
    })
    expect(allowanceLeft).toBe(0n)
  })

  it('reverts on chain when the pool moved below minBuyAmount', async () => {
    const user = sandbox.user('ETH')
    const usdc = eth.contracts.tokens.USDC as Address
    const { body } = await zerox('/swap/allowance-holder/quote', {
      chainId: '1',
      sellToken: NATIVE_PLACEHOLDER,
      buyToken: usdc,
      sellAmount: String(10n ** 17n),
      taker: user.address,
      slippageBps: '0',
    })
    // The same trade, quoted on the same state, takes the same route and lands first: it moves the
    // price of every pool on the quote's path against it. (A larger trade could route elsewhere.)
    const other = await zerox('/swap/allowance-holder/quote', {
      chainId: '1',
      sellToken: NATIVE_PLACEHOLDER,
      buyToken: usdc,
      sellAmount: String(10n ** 17n),
      taker: user.address,
    })
    expect(other.body.route.fills).toEqual(body.route.fills)
    await expect(
      user.send({ to: other.body.transaction.to, data: other.body.transaction.data, value: 10n ** 17n }),
    ).resolves.toMatchObject({ status: 'success' })
    await expect(
      user.send({ to: body.transaction.to, data: body.transaction.data, value: 10n ** 17n, gas: 400_000n }),
    ).resolves.toMatchObject({ status: 'reverted' })
  })
})

describe('0x simulator wire format', () => {
  it('requires 0x-api-key and 0x-version: v2', async () => {
    const query = {
      chainId: '1',
      sellToken: NATIVE_PLACEHOLDER,
      buyToken: eth.contracts.tokens.USDC!,
      sellAmount: '1000',
    }
    expect(
      (await zerox('/swap/allowance-holder/price', query, { headers: { '0x-version': 'v2' } })).status,
    ).toBe(401)
    const noVersion = await zerox('/swap/allowance-holder/price', query, { headers: { '0x-api-key': 'k' } })
    expect(noVersion.status).toBe(400)
    expect(noVersion.body.name).toBe('INPUT_INVALID')
  })

  it('answers INPUT_INVALID with per-field details for bad parameters', async () => {
    const { status, body } = await zerox('/swap/allowance-holder/quote', {
      chainId: '1',
      sellToken: '0x0000000000000000000000000000000000000000',
      buyToken: eth.contracts.tokens.USDC!,
      sellAmount: '1000',
      swapFeeBps: '30',
    })
    expect(status).toBe(400)
    expect(body.name).toBe('INPUT_INVALID')
    expect(body.data.zid).toMatch(/^0x[0-9a-f]{24}$/)
    expect(body.data.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'sellToken',
      'swapFeeRecipient',
      'taker',
    ])
  })

  it('rejects a swapFeeToken that is neither side of the trade', async () => {
    const { status, body } = await zerox('/swap/allowance-holder/price', {
      chainId: '1',
      sellToken: NATIVE_PLACEHOLDER,
      buyToken: eth.contracts.tokens.USDC!,
      sellAmount: '1000000',
      swapFeeRecipient: feeRecipient,
      swapFeeBps: '10',
      swapFeeToken: eth.contracts.tokens.DAI!,
    })
    expect(status).toBe(400)
    expect(body.data.details).toEqual([{ field: 'swapFeeToken', reason: expect.any(String) }])
  })

  it('answers liquidityAvailable false with only a zid when no pool path exists', async () => {
    const { status, body } = await zerox('/swap/allowance-holder/price', {
      chainId: '1',
      sellToken: NATIVE_PLACEHOLDER,
      buyToken: '0x1111111111111111111111111111111111111111',
      sellAmount: '1000000',
    })
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['liquidityAvailable', 'zid'])
    expect(body.liquidityAvailable).toBe(false)
  })

  it('treats RHD as an unsupported chain and leaves it out of /swap/chains', async () => {
    const { status, body } = await zerox('/swap/allowance-holder/price', {
      chainId: '4663',
      sellToken: NATIVE_PLACEHOLDER,
      buyToken: '0x1111111111111111111111111111111111111111',
      sellAmount: '1000000',
    })
    expect(status).toBe(400)
    expect(body.data.details[0].field).toBe('chainId')
    const chains = await zerox('/swap/chains', {})
    expect(chains.body.chains).toEqual([{ chainId: '1', chainName: 'Ethereum' }])
  })
})
