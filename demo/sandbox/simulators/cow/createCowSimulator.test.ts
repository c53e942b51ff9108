import { encodeFunctionData, keccak256, stringToHex, type Address, type Hex } from 'viem'
import { OrderBookApi } from '@cowprotocol/sdk-order-book'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20Abi } from '../pricing/abis'
import { NATIVE_PLACEHOLDER } from '../pricing/nativeToken'
import { startTestSandbox, type TestSandbox } from '../startTestSandbox'
import { cowDomain, cowOrderTypes } from './cowOrder'

let sandbox: TestSandbox
let eth: TestSandbox['world']['manifest']['chains'][string]
let partner: Address

beforeAll(async () => {
  sandbox = await startTestSandbox({ chains: ['ETH', 'RHD'], solverPollIntervalMs: 100 })
  eth = sandbox.world.manifest.chains.ETH!
  partner = sandbox.world.manifest.feeRecipients.partner as Address
})
afterAll(async () => {
  await sandbox?.stop()
})

async function cow(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.simulators.cowUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return { status: response.status, body: json }
}

/** App data serialised with sorted keys, as the official SDK does. */
function appDataFor({ volumeBps, slippageBips }: { volumeBps: number; slippageBips: number }) {
  const fullAppData = JSON.stringify({
    appCode: 'SwapQuoteSandbox',
    metadata: { partnerFee: { recipient: partner, volumeBps }, quote: { slippageBips } },
    version: '1.15.0',
  })
  return { fullAppData, appDataHash: keccak256(stringToHex(fullAppData)) }
}

async function signOrder(
  order: Record<string, unknown>,
  signer = sandbox.world.accounts[0]!.address as Address,
) {
  const chain = sandbox.world.chains.ETH!
  // A wallet's eth_signTypedData_v4, answered by anvil for its unlocked dev account.
  return chain.walletClient.signTypedData({
    account: signer,
    domain: cowDomain({ chainId: 1, settlement: eth.contracts.gpv2Settlement as Address }),
    types: cowOrderTypes,
    primaryType: 'Order',
    message: order as any,
  })
}

async function waitForStatus(uid: string, wanted: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { body } = await cow('GET', `/mainnet/api/v1/orders/${uid}`)
    if (body.status === wanted) return body
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`order ${uid} never became ${wanted}`)
}

describe('CoW simulator and sandbox solver', () => {
  it('quotes, registers app data, takes a signed order and settles it on chain with the partner fee', async () => {
    const user = sandbox.user('ETH')
    const usdc = eth.contracts.tokens.USDC as Address
    const dai = eth.contracts.tokens.DAI as Address
    const { fullAppData, appDataHash } = appDataFor({ volumeBps: 25, slippageBips: 50 })
    const sellAmountBeforeFee = 400_000_000n

    const quote = await cow('POST', '/mainnet/api/v1/quote', {
      sellToken: usdc,
      buyToken: dai,
      from: user.address,
      receiver: user.address,
      kind: 'sell',
      sellAmountBeforeFee: String(sellAmountBeforeFee),
      validFor: 1800,
      appData: fullAppData,
      appDataHash,
      signingScheme: 'eip712',
      onchainOrder: false,
      priceQuality: 'optimal',
    })
    expect(quote.status).toBe(200)
    expect(quote.body.quote.appDataHash).toBe(appDataHash)
    const feeAmount = BigInt(quote.body.quote.feeAmount)
    expect(feeAmount).toBeGreaterThan(0n)
    expect(BigInt(quote.body.quote.sellAmount) + feeAmount).toBe(sellAmountBeforeFee)
    expect(typeof quote.body.id).toBe('number')

    expect((await cow('PUT', `/mainnet/api/v1/app_data/${appDataHash}`, { fullAppData })).status).toBe(201)
    const again = await cow('PUT', `/mainnet/api/v1/app_data/${appDataHash}`, { fullAppData })
    expect(again).toEqual({ status: 200, body: appDataHash })

    // What the official SDK signs: the full input, zero fee, buy amount less partner fee and slippage.
    const quotedBuy = BigInt(quote.body.quote.buyAmount)
    const partnerFee = (quotedBuy * 25n) / 10_000n
    const buyAmount = ((quotedBuy - partnerFee) * 9950n) / 10_000n
    const order = {
      sellToken: usdc,
      buyToken: dai,
      receiver: user.address,
      sellAmount: sellAmountBeforeFee,
      buyAmount,
      validTo: quote.body.quote.validTo,
      appData: appDataHash,
      feeAmount: 0n,
      kind: 'sell',
      partiallyFillable: false,
      sellTokenBalance: 'erc20',
      buyTokenBalance: 'erc20',
    }
    await user.send({
      to: usdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [eth.contracts.gpv2VaultRelayer as Address, sellAmountBeforeFee],
      }),
    })
    const signature = await signOrder(order)
    const settlement = eth.contracts.gpv2Settlement as Address
    const [usdcBefore, daiBefore, partnerBefore, heldBefore] = await Promise.all([
      user.balanceOf(usdc),
      user.balanceOf(dai),
      user.balanceOf(dai, partner),
      user.balanceOf(dai, settlement),
    ])
    const posted = await cow('POST', '/mainnet/api/v1/orders', {
      ...order,
      sellAmount: String(order.sellAmount),
      buyAmount: String(order.buyAmount),
      feeAmount: '0',
      signingScheme: 'eip712',
      signature,
      from: user.address,
      appData: fullAppData,
      appDataHash,
      quoteId: quote.body.id,
    })
    expect(posted.status).toBe(201)
    expect(posted.body).toMatch(/^0x[0-9a-f]{112}$/)

    const filled = await waitForStatus(posted.body, 'fulfilled')
    const received = (await user.balanceOf(dai)) - daiBefore
    expect(received).toBe(BigInt(filled.executedBuyAmount))
    expect(received).toBeGreaterThanOrEqual(buyAmount)
    expect(usdcBefore - (await user.balanceOf(usdc))).toBe(sellAmountBeforeFee)
    // The partner's volume fee is 25 bps of the settlement's gross output, in the buy token, and it is
    // not paid in the settlement: it stays with the protocol until CoW DAO's weekly payout.
    expect(await user.balanceOf(dai, partner)).toBe(partnerBefore)
    const held = (await user.balanceOf(dai, settlement)) - heldBefore
    expect(held).toBe(((received + held) * 25n) / 10_000n)
    expect(filled.fullAppData).toBe(fullAppData)

    // Read through CoW's own SDK: the order's fee total and each applied policy with its amount.
    const orderBook = new OrderBookApi({
      chainId: 1,
      baseUrls: { 1: `${sandbox.simulators.cowUrl}/mainnet` },
    } as never)
    const booked = await orderBook.getOrder(posted.body)
    expect(BigInt(booked.totalFee)).toBe(held)
    expect(booked.executedFeeToken).toBe(dai.toLowerCase())
    const [trade] = await orderBook.getTrades({ orderUid: posted.body })
    expect(trade?.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(trade?.executedProtocolFees).toEqual([
      { policy: { volume: { factor: 0.0025 } }, amount: String(held), token: dai.toLowerCase() },
    ])
  })

  it('settles a native buy (0xEeee…) by unwrapping, paying the receiver in ETH', async () => {
    const user = sandbox.user('ETH')
    const usdc = eth.contracts.tokens.USDC as Address
    const receiver = sandbox.world.accounts[2]!.address as Address
    const quote = await cow('POST', '/mainnet/api/v1/quote', {
      sellToken: usdc,
      buyToken: NATIVE_PLACEHOLDER,
      from: user.address,
      kind: 'sell',
      sellAmountBeforeFee: '300000000',
    })
    expect(quote.status).toBe(200)
    const order = {
      sellToken: usdc,
      buyToken: NATIVE_PLACEHOLDER,
      receiver,
      sellAmount: 300_000_000n,
      buyAmount: (BigInt(quote.body.quote.buyAmount) * 99n) / 100n,
      validTo: quote.body.quote.validTo,
      appData: quote.body.quote.appDataHash as Hex,
      feeAmount: 0n,
      kind: 'sell',
      partiallyFillable: false,
      sellTokenBalance: 'erc20',
      buyTokenBalance: 'erc20',
    }
    await user.send({
      to: usdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [eth.contracts.gpv2VaultRelayer as Address, order.sellAmount],
      }),
    })
    const before = await user.balanceOf('native', receiver)
    const posted = await cow('POST', '/mainnet/api/v1/orders', {
      ...order,
      sellAmount: String(order.sellAmount),
      buyAmount: String(order.buyAmount),
      feeAmount: '0',
      signingScheme: 'eip712',
      signature: await signOrder(order),
      appData: order.appData,
    })
    expect(posted.status).toBe(201)
    const filled = await waitForStatus(posted.body, 'fulfilled')
    expect((await user.balanceOf('native', receiver)) - before).toBe(BigInt(filled.executedBuyAmount))
    expect(BigInt(filled.executedBuyAmount)).toBeGreaterThanOrEqual(order.buyAmount)
  })

  it('lets an order the pools cannot fill expire after validTo', async () => {
    const user = sandbox.user('ETH')
    const usdc = eth.contracts.tokens.USDC as Address
    const dai = eth.contracts.tokens.DAI as Address
    const now = Number((await user.publicClient.getBlock()).timestamp)
    const order = {
      sellToken: usdc,
      buyToken: dai,
      receiver: '0x0000000000000000000000000000000000000000',
      sellAmount: 1_000_000n,
      // Twice what the pools pay: never fillable.
      buyAmount: 2n * 10n ** 18n,
      validTo: now + 120,
      appData: `0x${'0'.repeat(64)}` as Hex,
      feeAmount: 0n,
      kind: 'sell',
      partiallyFillable: false,
      sellTokenBalance: 'erc20',
      buyTokenBalance: 'erc20',
    }
    await user.send({
      to: usdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [eth.contracts.gpv2VaultRelayer as Address, order.sellAmount],
      }),
    })
    const posted = await cow('POST', '/mainnet/api/v1/orders', {
      ...order,
      receiver: null,
      sellAmount: String(order.sellAmount),
      buyAmount: String(order.buyAmount),
      feeAmount: '0',
      signingScheme: 'eip712',
      signature: await signOrder(order),
    })
    expect(posted.status).toBe(201)
    expect((await cow('GET', `/mainnet/api/v1/orders/${posted.body}`)).body.status).toBe('open')
    const testClient = sandbox.world.chains.ETH!.testClient
    await testClient.increaseTime({ seconds: 300 })
    await testClient.mine({ blocks: 1 })
    const expired = await waitForStatus(posted.body, 'expired')
    expect(expired.executedBuyAmount).toBe('0')
  })
})

describe('CoW simulator wire format', () => {
  const base = () => ({
    sellToken: eth.contracts.tokens.USDC!,
    buyToken: eth.contracts.tokens.DAI!,
    from: sandbox.world.accounts[0]!.address,
    kind: 'sell',
    sellAmountBeforeFee: '100000000',
  })

  it('rejects a native sell token, an app-data hash mismatch and a wrong PUT hash', async () => {
    const native = await cow('POST', '/mainnet/api/v1/quote', { ...base(), sellToken: NATIVE_PLACEHOLDER })
    expect(native).toMatchObject({ status: 400, body: { errorType: 'InvalidNativeSellToken' } })
    const mismatch = await cow('POST', '/mainnet/api/v1/quote', {
      ...base(),
      appData: '{}',
      appDataHash: `0x${'1'.repeat(64)}`,
    })
    expect(mismatch).toMatchObject({ status: 400, body: { errorType: 'AppDataHashMismatch' } })
    const put = await cow('PUT', `/mainnet/api/v1/app_data/0x${'1'.repeat(64)}`, { fullAppData: '{}' })
    expect(put).toMatchObject({ status: 400, body: { errorType: 'AppDataHashMismatch' } })
  })

  it('answers a browser preflight for PUT app_data and POST orders, as the public order book does', async () => {
    const preflight = await fetch(`${sandbox.simulators.cowUrl}/mainnet/api/v1/orders`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://partner.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT')
  })

  it('hashes "{}" to the documented app-data hash', async () => {
    const put = await cow(
      'PUT',
      '/mainnet/api/v1/app_data/0xb48d38f93eaa084033fc5970bf96e559c33c4cdc07d889ab00b4d63f9590739d',
      {
        fullAppData: '{}',
      },
    )
    expect([200, 201]).toContain(put.status)
  })

  it('rejects a non-zero fee and a signature from someone other than from', async () => {
    const user = sandbox.user('ETH')
    const now = Number((await user.publicClient.getBlock()).timestamp)
    const order = {
      sellToken: eth.contracts.tokens.USDC as Address,
      buyToken: eth.contracts.tokens.DAI as Address,
      receiver: user.address,
      sellAmount: 1_000_000n,
      buyAmount: 1n,
      validTo: now + 600,
      appData: `0x${'0'.repeat(64)}` as Hex,
      feeAmount: 0n,
      kind: 'sell',
      partiallyFillable: false,
      sellTokenBalance: 'erc20',
      buyTokenBalance: 'erc20',
    }
    const wire = { ...order, sellAmount: '1000000', buyAmount: '1', feeAmount: '0', signingScheme: 'eip712' }
    const otherSigner = await signOrder(order, sandbox.world.accounts[1]!.address as Address)
    const wrongOwner = await cow('POST', '/mainnet/api/v1/orders', {
      ...wire,
      signature: otherSigner,
      from: user.address,
    })
    expect(wrongOwner).toMatchObject({ status: 400, body: { errorType: 'WrongOwner' } })
    const nonZero = await cow('POST', '/mainnet/api/v1/orders', {
      ...wire,
      feeAmount: '5',
      signature: otherSigner,
    })
    expect(nonZero).toMatchObject({ status: 400, body: { errorType: 'NonZeroFee' } })
    const malformed = await cow('POST', '/mainnet/api/v1/orders', { sellToken: 'nope' })
    expect(malformed.status).toBe(422)
  })

  it('has no order book for a chain CoW does not serve, and 404 NoLiquidity for an unpriced pair', async () => {
    expect((await cow('POST', '/robinhood/api/v1/quote', base())).status).toBe(404)
    const unpriced = await cow('POST', '/mainnet/api/v1/quote', {
      ...base(),
      buyToken: '0x1111111111111111111111111111111111111111',
    })
    expect(unpriced).toMatchObject({ status: 404, body: { errorType: 'NoLiquidity' } })
  })

  it("lets a quote expire a minute after it is served by the order book's clock, whatever the chain's says", async () => {
    // The chain's clock far from the wall clock: ahead here, behind when no block was mined for a while.
    const testClient = sandbox.world.chains.ETH!.testClient
    await testClient.increaseTime({ seconds: 3_600 })
    await testClient.mine({ blocks: 1 })
    const before = Date.now()
    const quote = await cow('POST', '/mainnet/api/v1/quote', base())
    const after = Date.now()
    expect(quote.status).toBe(200)
    // Whole seconds, as the order book writes them.
    const expiration = Date.parse(quote.body.expiration)
    expect(expiration).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 60_000)
    expect(expiration).toBeLessThanOrEqual(after + 60_000)
  })
})
