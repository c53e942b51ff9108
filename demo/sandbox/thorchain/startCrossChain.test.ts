import { decodeFunctionData, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { rewriteMemoAffiliates } from '../../../api/venues/swapkit/rewriteMemoAffiliates'
import { parseAmount } from '../../../shared/amount'
import { startWorld, type World } from '../startWorld'
import type { PayoutRecord } from './observer/payoutRecord'
import { startCrossChain, type CrossChain } from './startCrossChain'
import { thornameAddress } from './thornode/thornameAddress'

const routerAbi = parseAbi([
  'function depositWithExpiry(address vault, address asset, uint256 amount, string memo, uint256 expiration) payable',
])
const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
])

let world: World
let crossChain: CrossChain
const key = { 'x-api-key': 'sandbox-key', 'content-type': 'application/json' }

beforeAll(async () => {
  world = await startWorld({ chains: ['ETH', 'BASE'], manifestPath: null })
  try {
    // The key carries the integrator's own affiliate, as a SwapKit dashboard would configure it.
    crossChain = await startCrossChain({
      world,
      swapkitApiKeys: { 'sandbox-key': { affiliate: 'sq', affiliateBps: 15 } },
    })
  } catch (error) {
    await world.stop()
    throw error
  }
})
afterAll(async () => {
  await crossChain?.stop()
  await world?.stop()
})
afterEach(async () => {
  crossChain.resume('*')
  crossChain.resume('BTC')
  await fetch(`${crossChain.faultControlUrl}/faults`, { method: 'DELETE' })
})

const user = () => world.accounts[0]!.address
const btcOf = (index: number) => crossChain.ledgerAccounts.BTC.accounts[index]!

async function post(url: string, body: unknown, headers: Record<string, string> = key) {
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as any }
}

async function thornodeQuote(params: Record<string, string>) {
  const response = await fetch(
    `${crossChain.thornodeUrl}/thorchain/quote/swap?${new URLSearchParams(params)}`,
  )
  return { status: response.status, body: (await response.json()) as any }
}

async function ledgerBalance(chain: string, address: string): Promise<bigint> {
  const response = await fetch(`${crossChain.ledgerUrl}/ledger/${chain}/${address}`)
  return BigInt(((await response.json()) as { balance: string }).balance)
}

async function ledgerSend(chain: string, body: Record<string, string>) {
  return post(`${crossChain.ledgerUrl}/ledger/${chain}/send`, body, { 'content-type': 'application/json' })
}

async function waitForPayout(txId: string): Promise<PayoutRecord> {
  return vi.waitFor(
    async () => {
      const response = await fetch(`${crossChain.ledgerUrl}/payouts?txId=${txId}`)
      const [record] = ((await response.json()) as { payouts: PayoutRecord[] }).payouts
      if (!record) throw new Error(`no payout for ${txId} yet`)
      return record
    },
    { timeout: 20_000, interval: 100 },
  )
}

/** Quotes and builds a SwapKit route; returns the built `/v3/swap` answer. */
async function swapkitSwap(body: Record<string, unknown>, sourceAddress: string, destinationAddress: string) {
  const quote = await post(`${crossChain.swapkitUrl}/v3/quote`, body)
  expect(quote.status).toBe(200)
  const route = quote.body.routes.find((candidate: any) =>
    candidate.providers.includes('THORCHAIN_STREAMING'),
  )
  expect(route).toBeDefined()
  const built = await post(`${crossChain.swapkitUrl}/v3/swap`, {
    routeId: route.routeId,
    sourceAddress,
    destinationAddress,
  })
  expect(built.status).toBe(200)
  return built.body
}

async function sendEvm(tx: { to: string; data: string; value?: string }) {
  const eth = world.chains.ETH!
  const hash = await eth.walletClient.sendTransaction({
    account: user(),
    chain: null,
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value ?? '0'),
    // anvil's estimate can fall short; unused gas costs nothing here.
    gas: 500_000n,
  })
  const receipt = await eth.publicClient.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return hash
}

describe('cross-chain sandbox', () => {
  it('records the routers, simulator URLs and ledger addresses in the manifest', () => {
    // Parsed as a whole only once the aggregator simulators have filled in their URLs too.
    const manifest = world.manifest
    expect(manifest.chains.ETH!.contracts.thorchainRouter).toBe(crossChain.routers.ETH)
    expect(manifest.chains.BASE!.contracts.thorchainRouter).toBe(crossChain.routers.BASE)
    expect(manifest.simulators).toMatchObject({
      thornode: crossChain.thornodeUrl,
      swapkit: crossChain.swapkitUrl,
      thorchainLedger: crossChain.ledgerUrl,
    })
    expect(manifest.thorchain?.ledger.BTC?.accounts[0]).toMatch(/^bc1q/)
  })

  it('lists vaults and routers in inbound_addresses', async () => {
    const inbound = (await (
      await fetch(`${crossChain.thornodeUrl}/thorchain/inbound_addresses`)
    ).json()) as any[]
    expect(inbound.find((entry) => entry.chain === 'ETH')).toMatchObject({
      address: crossChain.evmVault,
      router: crossChain.routers.ETH,
      halted: false,
      gas_rate_units: 'gwei',
    })
    expect(inbound.find((entry) => entry.chain === 'BTC')).toMatchObject({
      address: crossChain.ledgerAccounts.BTC.vault,
      dust_threshold: '10000',
    })
    expect(inbound.some((entry) => entry.chain === 'THOR')).toBe(false)
  })

  it('ETH -> BTC: the SwapKit route’s router tx pays the BTC recipient at least the minimum, and SwapKit’s affiliate', async () => {
    const recipient = btcOf(1)
    const built = await swapkitSwap(
      { sellAsset: 'ETH.ETH', buyAsset: 'BTC.BTC', sellAmount: '0.5', slippage: 1 },
      user(),
      recipient,
    )
    // SwapKit's own affiliate first, then the one the API key carries.
    expect(built.memo).toMatch(new RegExp(`^=:b:${recipient}:[0-9]+/1/0:sk/sq:15/15$`))
    expect(built.targetAddress).toBe(crossChain.routers.ETH)
    expect(built.inboundAddress).toBe(crossChain.evmVault)
    const call = decodeFunctionData({ abi: routerAbi, data: built.tx.data })
    expect(call.args).toEqual([
      crossChain.evmVault,
      '0x0000000000000000000000000000000000000000',
      5n * 10n ** 17n,
      built.memo,
      BigInt(built.expiration),
    ])
    expect(built.tx.value).toBe(String(5n * 10n ** 17n))

    const minimum = parseAmount({ value: built.expectedBuyAmountMaxSlippage, decimals: 8 })
    const before = await ledgerBalance('BTC', recipient)
    const affiliateBefore = await ledgerBalance('THOR', thornameAddress('sk'))
    const hash = await sendEvm(built.tx)
    const payout = await waitForPayout(hash)
    expect(payout.status).toBe('success')
    const received = (await ledgerBalance('BTC', recipient)) - before
    expect(received).toBe(BigInt(payout.out!.amount))
    expect(received).toBeGreaterThanOrEqual(minimum)
    expect(payout.affiliates).toEqual([
      expect.objectContaining({ name: 'sk', bps: 15, address: thornameAddress('sk') }),
      expect.objectContaining({ name: 'sq', bps: 15, address: thornameAddress('sq') }),
    ])
    expect(BigInt(payout.affiliates[0]!.rune)).toBeGreaterThan(0n)
    expect((await ledgerBalance('THOR', thornameAddress('sk'))) - affiliateBefore).toBe(
      BigInt(payout.affiliates[0]!.rune),
    )
  })

  it('USDC -> BTC: the route carries an exact approval of the router, which pulls exactly that amount', async () => {
    const usdc = world.chains.ETH!.contracts.tokens.USDC as Address
    const built = await swapkitSwap(
      { sellAsset: `ETH.USDC-${usdc}`, buyAsset: 'BTC.BTC', sellAmount: '2500' },
      user(),
      btcOf(1),
    )
    const approval = decodeFunctionData({ abi: erc20, data: built.approvalTx.data })
    expect(approval.args).toEqual([crossChain.routers.ETH, 2_500_000_000n])
    const vaultBefore = await world.chains.ETH!.publicClient.readContract({
      address: usdc,
      abi: erc20,
      functionName: 'balanceOf',
      args: [crossChain.evmVault],
    })
    await sendEvm(built.approvalTx)
    const hash = await sendEvm(built.tx)
    expect((await waitForPayout(hash)).status).toBe('success')
    const vaultAfter = await world.chains.ETH!.publicClient.readContract({
      address: usdc,
      abi: erc20,
      functionName: 'balanceOf',
      args: [crossChain.evmVault],
    })
    expect(vaultAfter - vaultBefore).toBe(2_500_000_000n)
  })

  it('BTC -> ETH: a ledger send with the quote’s memo to its inbound address pays ETH on the ETH anvil', async () => {
    const recipient = world.accounts[2]!.address
    const built = await swapkitSwap(
      { sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '0.1' },
      btcOf(0),
      recipient,
    )
    expect(built.inboundAddress).toBe(crossChain.ledgerAccounts.BTC.vault)
    expect(built.txType).toBe('PSBT')
    expect(built.memo).toMatch(new RegExp(`^=:e:${recipient}:[0-9]+/1/0:sk/sq:15/15$`))
    const minimum = parseAmount({ value: built.expectedBuyAmountMaxSlippage, decimals: 18 })
    const before = await world.chains.ETH!.publicClient.getBalance({ address: recipient })
    const sent = await ledgerSend('BTC', {
      from: btcOf(0),
      to: built.inboundAddress,
      amount: '10000000',
      memo: built.memo,
    })
    expect(sent.status).toBe(200)
    const payout = await waitForPayout(sent.body.txId)
    expect(payout).toMatchObject({ status: 'success', out: { chain: 'ETH', to: recipient } })
    const received = (await world.chains.ETH!.publicClient.getBalance({ address: recipient })) - before
    expect(received).toBeGreaterThanOrEqual(minimum)
    expect(received).toBe(BigInt(payout.out!.amount) * 10n ** 10n)
  })

  it('THOR.RUNE -> GAIA.ATOM: a MsgDeposit on the ledger pays ATOM in its own 6 decimals', async () => {
    const rune = crossChain.ledgerAccounts.THOR.accounts[0]!
    const atom = crossChain.ledgerAccounts.GAIA.accounts[1]!
    const quote = await thornodeQuote({
      from_asset: 'THOR.RUNE',
      to_asset: 'GAIA.ATOM',
      amount: '100000000000',
      destination: atom,
    })
    expect(quote.body).toMatchObject({ inbound_address: '', memo: expect.stringMatching(/^=:g:cosmos1/) })
    const before = await ledgerBalance('GAIA', atom)
    const sent = await ledgerSend('THOR', { from: rune, amount: '100000000000', memo: quote.body.memo })
    expect(sent.status).toBe(200)
    const payout = await waitForPayout(sent.body.txId)
    expect(payout).toMatchObject({
      status: 'success',
      out: { asset: 'GAIA.ATOM', amount: quote.body.expected_amount_out },
    })
    expect((await ledgerBalance('GAIA', atom)) - before).toBe(BigInt(quote.body.expected_amount_out) / 100n)
  })

  it('refunds a memo whose limit cannot be met, less the BTC outbound fee', async () => {
    const quote = await thornodeQuote({
      from_asset: 'BTC.BTC',
      to_asset: 'ETH.ETH',
      amount: '5000000',
      destination: user(),
      liquidity_tolerance_bps: '100',
    })
    expect(quote.status).toBe(200)
    const impossible = BigInt(quote.body.expected_amount_out) * 2n
    const memo = quote.body.memo.replace(/:[0-9]+$/, `:${impossible}`)
    const before = await ledgerBalance('BTC', btcOf(3))
    const sent = await ledgerSend('BTC', {
      from: btcOf(3),
      to: quote.body.inbound_address,
      amount: '5000000',
      memo,
    })
    const payout = await waitForPayout(sent.body.txId)
    expect(payout).toMatchObject({
      status: 'refund',
      out: { chain: 'BTC', to: btcOf(3), amount: String(5_000_000n - 5_000n) },
    })
    expect(payout.reason).toMatch(/less than price limit|does not meet requirements/)
    expect(await ledgerBalance('BTC', btcOf(3))).toBe(before - 5_000n)
  })

  it('a memo whose own affiliate is split in two keeps SwapKit’s affiliate, meets its limit and pays all three', async () => {
    const recipient = world.accounts[3]!.address
    const built = await swapkitSwap(
      { sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '0.2', slippage: 0.5 },
      btcOf(0),
      recipient,
    )
    const memo = rewriteMemoAffiliates(built.memo, {
      serviceAffiliate: 'sq',
      coAffiliates: [{ name: 'sqops', weight: 1 }],
    })
    // SwapKit's own 15 bps stay as SwapKit built them; only our 15 are split.
    expect(built.memo).toMatch(/:sk\/sq:15\/15$/)
    expect(memo).toMatch(/:sk\/sq\/sqops:15\/8\/7$/)
    const sent = await ledgerSend('BTC', {
      from: btcOf(0),
      to: built.inboundAddress,
      amount: '20000000',
      memo,
    })
    const payout = await waitForPayout(sent.body.txId)
    expect(payout.status).toBe('success')
    expect(BigInt(payout.out!.amount)).toBeGreaterThanOrEqual(BigInt(payout.limit!))
    expect(payout.affiliates.map((affiliate) => [affiliate.name, affiliate.bps])).toEqual([
      ['sk', 15],
      ['sq', 8],
      ['sqops', 7],
    ])
    for (const affiliate of payout.affiliates) {
      expect(BigInt(affiliate.rune)).toBeGreaterThan(0n)
      expect(await ledgerBalance('THOR', thornameAddress(affiliate.name))).toBeGreaterThanOrEqual(
        BigInt(affiliate.rune),
      )
    }
  })

  it('answers THORNode’s error shapes: dust, unknown asset, malformed asset, halted, staged pool, bad params', async () => {
    const base = { from_asset: 'BTC.BTC', to_asset: 'ETH.ETH', amount: '10000000' }
    const cases: [Record<string, string>, number, number, string][] = [
      [{ ...base, amount: '5000' }, 400, 3, 'amount less than dust threshold: invalid request'],
      [{ ...base, to_asset: 'ETH.FOO-0X1234' }, 400, 3, "pool ETH.FOO-0X1234 doesn't exist: invalid request"],
      [{ ...base, to_asset: 'NOPE' }, 400, 3, 'bad to asset: invalid symbol: invalid request'],
      [
        { ...base, affiliate: 'a/b', affiliate_bps: '10' },
        400,
        3,
        'bad affiliate params: mismatch between number of affiliates (2) and BPS values (1): invalid request',
      ],
      [
        { ...base, tolerance_bps: '10', liquidity_tolerance_bps: '10' },
        400,
        3,
        'must only include one of: tolerance_bps or liquidity_tolerance_bps: invalid request',
      ],
      [
        { ...base, destination: btcOf(0) },
        500,
        2,
        'failed to validate message: swap destination address is not the same chain as the target asset: unknown request',
      ],
      [
        { ...base, amount: '12000' },
        400,
        3,
        'amount less than min swap amount (recommended_min_amount_in: 15',
      ],
      [
        {
          ...base,
          destination: user(),
          affiliate: 'a-much-longer-affiliate-name',
          affiliate_bps: '10',
          liquidity_tolerance_bps: '100',
        },
        400,
        3,
        'generated memo too long for source chain: invalid request',
      ],
    ]
    for (const [params, status, code, message] of cases) {
      const answer = await thornodeQuote(params)
      expect(answer.status, JSON.stringify(params)).toBe(status)
      expect(answer.body).toMatchObject({ code, details: [] })
      expect(answer.body.message).toContain(message)
    }
    crossChain.halt('BTC')
    expect(await thornodeQuote(base)).toEqual({
      status: 500,
      body: {
        code: 2,
        message: "failed to simulate swap: trading is halted, can't process swap: unknown request",
        details: [],
      },
    })
    crossChain.resume('BTC')
    crossChain.state.pools.get('LTC.LTC')!.status = 'Staged'
    try {
      expect((await thornodeQuote({ ...base, to_asset: 'l' })).body.message).toBe(
        'pool(LTC.LTC) is not available: invalid request',
      )
    } finally {
      crossChain.state.pools.get('LTC.LTC')!.status = 'Available'
    }
  })

  it('prices the streaming and multi-affiliate forms, with fuzzy assets and the fees adding up', async () => {
    const usdc = world.chains.ETH!.contracts.tokens.USDC as string
    const answer = await thornodeQuote({
      from_asset: 'BASE.ETH',
      to_asset: 'ETH.USDC',
      amount: '1000000000',
      destination: user(),
      streaming_interval: '1',
      streaming_quantity: '0',
      liquidity_tolerance_bps: '100',
      affiliate: 'ab/cd',
      affiliate_bps: '10/20',
    })
    expect(answer.status).toBe(200)
    const { fees } = answer.body
    expect(fees.asset).toBe(`ETH.USDC-${usdc.toUpperCase()}`)
    expect(BigInt(fees.total)).toBe(BigInt(fees.affiliate) + BigInt(fees.outbound) + BigInt(fees.liquidity))
    const limit = (BigInt(answer.body.expected_amount_out) * 9_900n) / 10_000n
    expect(answer.body.memo).toBe(`=:ETH.USDC:${user()}:${limit}/1/0:ab/cd:10/20`)
    expect(answer.body.max_streaming_quantity).toBeGreaterThan(1)
    const single = await thornodeQuote({ from_asset: 'BASE.ETH', to_asset: 'ETH.USDC', amount: '1000000000' })
    // Streaming spreads the swap over sub-swaps, so the pools slip less than in one swap.
    expect(BigInt(fees.liquidity)).toBeLessThan(BigInt(single.body.fees.liquidity))
  })

  it('prices the two-step hub route: no direct BTC -> BASE.DAI, but BTC -> BASE.ETH and BASE.ETH -> BASE.DAI', async () => {
    const dai = world.chains.BASE!.contracts.tokens.DAI as string
    const direct = await post(`${crossChain.swapkitUrl}/v3/quote`, {
      sellAsset: 'BTC.BTC',
      buyAsset: `BASE.DAI-${dai}`,
      sellAmount: '0.1',
    })
    expect(direct.status).toBe(404)
    expect(direct.body).toMatchObject({ error: 'noRoutesFound' })
    expect(direct.body.data.providerErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'THORCHAIN_STREAMING', errorCode: 'thorchainPoolUnavailable' }),
      ]),
    )
    const first = await post(`${crossChain.swapkitUrl}/v3/quote`, {
      sellAsset: 'BTC.BTC',
      buyAsset: 'BASE.ETH',
      sellAmount: '0.1',
    })
    expect(first.body.routes[0].providers).toEqual(['THORCHAIN_STREAMING'])
    const second = await post(`${crossChain.swapkitUrl}/v3/quote`, {
      sellAsset: 'BASE.ETH',
      buyAsset: `BASE.DAI-${dai}`,
      sellAmount: first.body.routes[0].expectedBuyAmount,
    })
    expect(second.status).toBe(200)
    expect(second.body.routes.map((route: any) => route.providers[0])).toContain('UNISWAP_V2')
  })

  it('states each asset of a same-chain route at the pools’ mid USD price in meta.assets, as SwapKit does', async () => {
    const dai = world.chains.BASE!.contracts.tokens.DAI as string
    const answer = await post(`${crossChain.swapkitUrl}/v3/quote`, {
      sellAsset: 'BASE.ETH',
      buyAsset: `BASE.DAI-${dai}`,
      sellAmount: '1000',
    })
    const route = answer.body.routes.find((candidate: any) => candidate.providers[0] === 'UNISWAP_V2')
    const price = (asset: string) =>
      route.meta.assets.find((entry: { asset: string }) => entry.asset.toLowerCase() === asset.toLowerCase())
        ?.price
    // The mid price stays at the seeded $3000 and $1 however large the sell: not the executed price.
    expect(price('BASE.ETH')).toBeCloseTo(3000, 0)
    expect(price(`BASE.DAI-${dai}`)).toBeCloseTo(1, 2)
    expect(Number(route.expectedBuyAmount)).toBeLessThan(1000 * 3000 * 0.9)
  })

  it('requires an API key and names bad input with SwapKit’s error codes', async () => {
    const noKey = await post(
      `${crossChain.swapkitUrl}/v3/quote`,
      { sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '1' },
      { 'content-type': 'application/json' },
    )
    expect(noKey).toEqual({ status: 401, body: { error: 'apiKeyInvalid', message: 'Invalid API key' } })
    expect(
      (
        await post(`${crossChain.swapkitUrl}/v3/quote`, {
          sellAsset: 'BTC.XYZ',
          buyAsset: 'ETH.ETH',
          sellAmount: '1',
        })
      ).body.error,
    ).toBe('invalidAsset')
    expect(
      (
        await post(`${crossChain.swapkitUrl}/v3/quote`, {
          sellAsset: 'BTC.BTC',
          buyAsset: 'ETH.ETH',
          sellAmount: '-1',
        })
      ).body.error,
    ).toBe('invalidParam')
    expect(
      (
        await post(`${crossChain.swapkitUrl}/v3/swap`, {
          routeId: 'nope',
          sourceAddress: btcOf(0),
          destinationAddress: user(),
        })
      ).status,
    ).toBe(404)
  })

  it('injects faults into THORNode and SwapKit; a THORNode fault shows as a SwapKit provider error', async () => {
    const setFault = (fault: Record<string, unknown>) =>
      post(`${crossChain.faultControlUrl}/faults`, fault, { 'content-type': 'application/json' })
    const base = { from_asset: 'BTC.BTC', to_asset: 'ETH.ETH', amount: '10000000' }
    await setFault({ simulator: 'thornode', mode: 'http500', times: 1 })
    expect(await thornodeQuote(base)).toEqual({
      status: 500,
      body: { code: 13, message: 'internal error', details: [] },
    })
    await setFault({ simulator: 'thornode', mode: 'noLiquidity', times: 1 })
    expect((await thornodeQuote(base)).body.message).toContain('pool does not exist')
    await setFault({ simulator: 'thornode', mode: 'malformed', times: 1 })
    const malformed = await fetch(
      `${crossChain.thornodeUrl}/thorchain/quote/swap?${new URLSearchParams(base)}`,
    )
    const text = await malformed.text()
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
    await setFault({ simulator: 'thornode', mode: 'reset', times: 1 })
    await expect(
      fetch(`${crossChain.thornodeUrl}/thorchain/quote/swap?${new URLSearchParams(base)}`),
    ).rejects.toThrow(TypeError)

    // Until cleared: SwapKit reads THORNode's quote and the pools' prices at once, in no set order.
    await setFault({ simulator: 'thornode', mode: 'http500' })
    const viaSwapkit = await post(`${crossChain.swapkitUrl}/v3/quote`, {
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '0.1',
    })
    await fetch(`${crossChain.faultControlUrl}/faults?simulator=thornode`, { method: 'DELETE' })
    expect(viaSwapkit.status).toBe(404)
    expect(viaSwapkit.body.data.providerErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'THORCHAIN_STREAMING', errorCode: 'quoteUnavailable' }),
      ]),
    )

    await setFault({ simulator: 'swapkit', mode: 'hang' })
    await expect(
      fetch(`${crossChain.swapkitUrl}/v3/quote`, {
        method: 'POST',
        headers: key,
        body: '{}',
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toMatchObject({ name: 'TimeoutError' })
    await setFault({ simulator: 'swapkit', mode: 'latency', latencyMs: 1 })
    expect(
      (
        await post(`${crossChain.swapkitUrl}/v3/quote`, {
          sellAsset: 'BTC.BTC',
          buyAsset: 'ETH.ETH',
          sellAmount: '0.1',
        })
      ).status,
    ).toBe(200)
    await setFault({ simulator: 'swapkit', mode: 'noLiquidity' })
    expect(
      (
        await post(`${crossChain.swapkitUrl}/v3/quote`, {
          sellAsset: 'BTC.BTC',
          buyAsset: 'ETH.ETH',
          sellAmount: '0.1',
        })
      ).body,
    ).toMatchObject({ error: 'noRoutesFound' })
    expect((await setFault({ simulator: 'zerox', mode: 'http500' })).status).toBe(400)
  })

  it('rejects bad ledger sends with { error, code }', async () => {
    const vault = crossChain.ledgerAccounts.BTC.vault
    expect((await ledgerSend('BTC', { from: 'nope', to: vault, amount: '1' })).body).toMatchObject({
      code: 'BAD_REQUEST',
    })
    expect(
      (await ledgerSend('BTC', { from: btcOf(0), to: vault, amount: '100000000000000' })).body,
    ).toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
    expect(
      (await ledgerSend('BTC', { from: btcOf(0), to: vault, amount: '1', memo: 'x'.repeat(81) })).status,
    ).toBe(400)
    expect((await ledgerSend('XRP', { from: btcOf(0), to: vault, amount: '1' })).status).toBe(404)
  })
})
