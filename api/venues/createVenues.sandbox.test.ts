import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ethereum, robinhood } from '../../shared'
import { startTestSandbox, type TestSandbox } from '../../demo/sandbox/simulators/startTestSandbox'
import { createTestRequest, erc20Token, nativeToken } from './common/createTestRequest'
import { createVenues } from './createVenues'
import type { Venue, VenueQuote, VenueRequest } from './venue'
import { isVenueNoRoute, VenueQuoteSchema } from './venue'

let sandbox: TestSandbox
let venues: Map<string, Venue>
let service: Address
let partner: Address

beforeAll(async () => {
  sandbox = await startTestSandbox({
    chains: ['ETH', 'RHD'],
    zeroxApiKey: 'sandbox-0x-key',
    solverPollIntervalMs: 100,
  })
  const { manifest } = sandbox.world
  service = getAddress(manifest.feeRecipients.service)
  partner = getAddress(manifest.feeRecipients.partner)
  const eth = manifest.chains.ETH!.contracts
  const list = createVenues({
    serviceFeeRecipient: service,
    partnerFeeRecipient: partner,
    zerox: { baseUrl: sandbox.simulators.zeroxUrl, apiKey: 'sandbox-0x-key', serviceFeeBps: 10 },
    lifi: { baseUrl: sandbox.simulators.lifiUrl, integrator: 'swap-quote' },
    cow: {
      baseUrl: sandbox.simulators.cowUrl,
      contracts: {
        1: { settlement: eth.gpv2Settlement as Address, vaultRelayer: eth.gpv2VaultRelayer as Address },
      },
    },
    rpcUrls: { RHD: sandbox.world.chains.RHD!.rpcUrl },
    router: { routerAddress: manifest.chains.RHD!.contracts.uniswapV2Router as Address },
  })
  venues = new Map(list.map((venue) => [venue.id, venue]))
})

afterAll(async () => {
  await sandbox?.stop()
})

const token = (symbol: string, chain = 'ETH') =>
  sandbox.world.manifest.chains[chain]!.contracts.tokens[symbol] as Address
const usdc = () => erc20Token(ethereum, token('USDC'), 'USDC', 6)
const weth = () => erc20Token(ethereum, token('WETH'), 'WETH', 18, true)

async function quote(venueId: string, request: VenueRequest): Promise<VenueQuote> {
  const answer = await venues
    .get(venueId)!
    .quote(request, { fetch: globalThis.fetch, signal: AbortSignal.timeout(20_000) })
  if (isVenueNoRoute(answer)) throw new Error(`${venueId} declined: ${answer.reason}`)
  return VenueQuoteSchema.parse(answer)
}

/** Sends the quote's approval (if any) and tx from dev account 0, as a client would, unmodified. */
async function execute(chain: string, venueQuote: VenueQuote) {
  const user = sandbox.user(chain)
  if (venueQuote.approval) {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [venueQuote.approval.spender as Address, BigInt(venueQuote.approval.amountWei)],
    })
    expect((await user.send({ to: venueQuote.approval.token as Address, data })).status).toBe('success')
  }
  const tx = venueQuote.tx!
  return user.send({
    to: tx.to as Address,
    data: tx.data as Hex,
    ...(tx.value === undefined ? {} : { value: BigInt(tx.value) }),
    ...(tx.gasLimit === undefined ? {} : { gas: BigInt(tx.gasLimit) }),
  })
}

describe('venue adapters against the sandbox simulators on anvil', () => {
  it('0x: a native sell executes and the recipient gets at least minBuyAmount, the fee wallet its fee', async () => {
    const user = sandbox.user('ETH')
    const request = createTestRequest({
      sellToken: nativeToken(ethereum),
      buyToken: usdc(),
      sellAmount: 10n ** 17n,
      sender: user.address,
      recipient: user.address,
      partner: 'acme',
      partnerFeeBps: 25,
    })
    const venueQuote = await quote('0x', request)
    expect(venueQuote.tx?.value).toBe('0x16345785d8a0000')
    const [before, feeBefore] = await Promise.all([
      user.balanceOf(usdc().contract!),
      user.balanceOf(usdc().contract!, service),
    ])
    expect((await execute('ETH', venueQuote)).status).toBe('success')
    const [after, feeAfter] = await Promise.all([
      user.balanceOf(usdc().contract!),
      user.balanceOf(usdc().contract!, service),
    ])
    expect(after - before).toBeGreaterThanOrEqual(venueQuote.minBuyAmount!)
    expect(feeAfter - feeBefore).toBeGreaterThan(0n)
  })

  it('0x: an ERC-20 sell approves exactly the amount the swap pulls', async () => {
    const user = sandbox.user('ETH')
    const request = createTestRequest({
      sellToken: usdc(),
      buyToken: weth(),
      sellAmount: 100_000_000n,
      sender: user.address,
      recipient: user.address,
    })
    const venueQuote = await quote('0x', request)
    expect(venueQuote.approval?.amountWei).toBe('100000000')
    const before = await user.balanceOf(weth().contract!)
    expect((await execute('ETH', venueQuote)).status).toBe('success')
    expect((await user.balanceOf(weth().contract!)) - before).toBeGreaterThanOrEqual(venueQuote.minBuyAmount!)
    const allowance = await user.publicClient.readContract({
      address: usdc().contract!,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [user.address, venueQuote.approval!.spender as Address],
    })
    expect(allowance).toBe(0n)
  })

  it('LI.FI: a same-chain ERC-20 sell executes and the integrator fee, less LI.FI’s share, reaches the fee wallet', async () => {
    const user = sandbox.user('ETH')
    const request = createTestRequest({
      sellToken: usdc(),
      buyToken: weth(),
      sellAmount: 50_000_000n,
      sender: user.address,
      recipient: user.address,
    })
    const venueQuote = await quote('lifi', request)
    const [before, feeBefore] = await Promise.all([
      user.balanceOf(weth().contract!),
      user.balanceOf(usdc().contract!, service),
    ])
    expect((await execute('ETH', venueQuote)).status).toBe('success')
    expect((await user.balanceOf(weth().contract!)) - before).toBeGreaterThanOrEqual(venueQuote.minBuyAmount!)
    // 30 bps of the input, in the sell token, less the quarter LI.FI keeps (as its feeSplit said)
    const fee = (50_000_000n * 30n) / 10_000n
    expect(venueQuote.fees?.[0]).toMatchObject({ amount: fee, venueSharePpm: 250_000 })
    expect((await user.balanceOf(usdc().contract!, service)) - feeBefore).toBe(fee - fee / 4n)
  })

  it('CoW: an order signed with viem is posted as the contract says and filled by the sandbox solver', async () => {
    const user = sandbox.user('ETH')
    const account = privateKeyToAccount(sandbox.world.accounts[0]!.privateKey as Hex)
    const request = createTestRequest({
      sellToken: usdc(),
      buyToken: weth(),
      sellAmount: 200_000_000n,
      sender: user.address,
      recipient: user.address,
      partner: 'acme',
      partnerFeeBps: 20,
    })
    const venueQuote = await quote('cow', request)
    const order = venueQuote.order!
    // the approval goes to the vault relayer, exactly, before signing
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [venueQuote.approval!.spender as Address, BigInt(venueQuote.approval!.amountWei)],
    })
    expect((await user.send({ to: usdc().contract!, data: approve })).status).toBe('success')
    expect(venueQuote.approval!.amountWei).toBe('200000000')

    const put = await fetch(order.appDataUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullAppData: order.appData.fullAppData }),
    })
    expect(put.ok).toBe(true)
    const signature = await account.signTypedData(
      JSON.parse(JSON.stringify(order.typedData)) as TypedDataDefinition,
    )
    const posted = await fetch(order.postUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...order.body, signature, signingScheme: order.signingScheme }),
    })
    expect(posted.status).toBe(201)
    const uid = (await posted.json()) as string

    const settlement = sandbox.world.manifest.chains.ETH!.contracts.gpv2Settlement as Address
    const [before, serviceBefore, partnerBefore, heldBefore] = await Promise.all([
      user.balanceOf(weth().contract!),
      user.balanceOf(weth().contract!, service),
      user.balanceOf(weth().contract!, partner),
      user.balanceOf(weth().contract!, settlement),
    ])
    let status = 'open'
    for (let attempt = 0; attempt < 200 && status === 'open'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      status = ((await (await fetch(`${order.postUrl}/${uid}`)).json()) as { status: string }).status
    }
    expect(status).toBe('fulfilled')
    const [after, serviceAfter, partnerAfter, heldAfter] = await Promise.all([
      user.balanceOf(weth().contract!),
      user.balanceOf(weth().contract!, service),
      user.balanceOf(weth().contract!, partner),
      user.balanceOf(weth().contract!, settlement),
    ])
    expect(after - before).toBeGreaterThanOrEqual(venueQuote.minBuyAmount!)
    // Neither policy is paid in the settlement: both accrue with the protocol for CoW DAO's later payout.
    expect(serviceAfter).toBe(serviceBefore)
    expect(partnerAfter).toBe(partnerBefore)
    expect(heldAfter - heldBefore).toBeGreaterThan(0n)
    expect(venueQuote.fees?.map((leg) => [leg.party, leg.payout])).toEqual([
      ['service', 'venueLater'],
      ['partner', 'venueLater'],
    ])
  })

  it('RHD router: a native sell and an ERC-20 sell execute with at least minBuyAmount', async () => {
    const user = sandbox.user('RHD')
    const usdg = erc20Token(robinhood, token('USDG', 'RHD'), 'USDG', 6)
    const buy = createTestRequest({
      sellChain: robinhood,
      buyChain: robinhood,
      sellToken: nativeToken(robinhood),
      buyToken: usdg,
      sellAmount: 10n ** 16n,
      sender: user.address,
      recipient: user.address,
    })
    const first = await quote('router', buy)
    const before = await user.balanceOf(usdg.contract!)
    expect((await execute('RHD', first)).status).toBe('success')
    const received = (await user.balanceOf(usdg.contract!)) - before
    expect(received).toBeGreaterThanOrEqual(first.minBuyAmount!)

    const sell = { ...buy, sellToken: usdg, buyToken: nativeToken(robinhood), sellAmount: received / 2n }
    const second = await quote('router', sell)
    expect(second.approval).toMatchObject({
      spender: getAddress(sandbox.world.manifest.chains.RHD!.contracts.uniswapV2Router),
      amountWei: String(received / 2n),
    })
    const nativeBefore = await user.balanceOf('native')
    const { gasCost: approveGas } = await user.send({
      to: usdg.contract!,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [second.approval!.spender as Address, BigInt(second.approval!.amountWei)],
      }),
    })
    const { status, gasCost } = await execute('RHD', { ...second, approval: undefined })
    expect(status).toBe('success')
    expect((await user.balanceOf('native')) - nativeBefore + approveGas + gasCost).toBeGreaterThanOrEqual(
      second.minBuyAmount!,
    )
  })
})
