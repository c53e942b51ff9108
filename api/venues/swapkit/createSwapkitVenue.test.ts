import { decodeFunctionData, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { bitcoin, cosmosHub, ethereum, hive, robinhood, SwapError } from '../../../shared'
import { VenueQuoteSchema, type VenueQuote } from '../venue'
import { createFakeFetch } from '../common/createFakeFetch'
import { createTestRequest, nativeToken, TEST_SENDER, USDC_ETH } from '../common/createTestRequest'
import { createSwapkitVenue } from './createSwapkitVenue'
import emptyRoutes from './fixtures/emptyRoutes.json'
import noRoutesFound from './fixtures/noRoutesFound.json'
import quoteBtcToUsdc from './fixtures/quoteBtcToUsdc.json'
import swapBtcToUsdc from './fixtures/swapBtcToUsdc.json'
import swapEthToBtc from './fixtures/swapEthToBtc.json'
import swapUsdcToWethOneinch from './fixtures/swapUsdcToWethOneinch.json'
import { readMemoAffiliates } from './rewriteMemoAffiliates'
import { thorchainRouterAbi } from './thorchainRouterAbi'

const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'
const options = {
  baseUrl: 'https://api.swapkit.dev',
  apiKey: 'sk-key',
  serviceAffiliate: 'sq',
  serviceAffiliateWeight: 3,
  coAffiliates: [{ name: 'sqops', weight: 1 }],
}
const btcToUsdc = () =>
  createTestRequest({
    sellChain: bitcoin,
    sellToken: nativeToken(bitcoin),
    sellAmount: 5_000_000n,
    sender: BTC_ADDRESS,
    buyToken: USDC_ETH,
  })
const ethToBtc = () =>
  createTestRequest({
    sellToken: nativeToken(ethereum),
    sellAmount: 10n ** 18n,
    buyChain: bitcoin,
    buyToken: nativeToken(bitcoin),
    recipient: BTC_ADDRESS,
  })

function run(answers: Parameters<typeof createFakeFetch>[0], request = btcToUsdc()) {
  const { fetch, calls } = createFakeFetch(answers)
  return {
    calls,
    result: createSwapkitVenue(options).quote(request, { fetch, signal: new AbortController().signal }),
  }
}

describe('createSwapkitVenue', () => {
  it("carries the route's meta.assets USD prices of the sold and bought asset", async () => {
    // SwapKit v3 `meta.assets[]` is `{ asset, price, image }`, price a number of dollars.
    const swap = {
      ...swapBtcToUsdc,
      meta: {
        ...swapBtcToUsdc.meta,
        assets: [
          {
            asset: 'BTC.BTC',
            price: 95812.31,
            image: 'https://storage.googleapis.com/token-list-swapkit/images/btc.btc.png',
          },
          { asset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', price: 0.99994, image: '' },
        ],
      },
    }
    const { result } = run([{ json: quoteBtcToUsdc }, { json: swap }])
    expect(((await result) as VenueQuote).usdPrices).toEqual({
      sellPriceE18: 95_812_310_000_000_000_000_000n,
      buyPriceE18: 999_940_000_000_000_000n,
    })
  })

  it('states no prices when the route names none', async () => {
    const { result } = run([{ json: quoteBtcToUsdc }, { json: swapBtcToUsdc }])
    expect((await result) as VenueQuote).not.toHaveProperty('usdPrices')
  })

  it('prices with POST /v3/quote in human units and SwapKit identifiers, then builds the best route with /v3/swap', async () => {
    const { calls, result } = run([{ json: quoteBtcToUsdc }, { json: swapBtcToUsdc }], {
      ...btcToUsdc(),
      slippagePercent: 2,
    })
    await result
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['POST', 'https://api.swapkit.dev/v3/quote'],
      ['POST', 'https://api.swapkit.dev/v3/swap'],
    ])
    expect(calls[0]?.headers['x-api-key']).toBe('sk-key')
    expect(calls[0]?.body).toEqual({
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      sellAmount: '0.05',
      sourceAddress: BTC_ADDRESS,
      destinationAddress: TEST_SENDER,
      slippage: 2,
    })
    // the THORChain route (4791.35) beats Chainflip's (4780.10)
    expect(calls[1]?.body).toMatchObject({
      routeId: 'b2a7e0c4-91d3-4e55-8f1a-7c3e2d1b0a99',
      sourceAddress: BTC_ADDRESS,
      destinationAddress: TEST_SENDER,
    })
  })

  it('builds no route when the race already holds an answer leaving more than the best route expects, and says it was outpriced', async () => {
    // The best route expects 4,791.35 USDC; an answer already in the race leaves 4,791.36.
    const [best, ...others] = quoteBtcToUsdc.routes
    const priced = {
      ...quoteBtcToUsdc,
      routes: [
        {
          ...best,
          meta: {
            ...best!.meta,
            assets: [
              { asset: 'BTC.BTC', price: 95812.31 },
              { asset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', price: 1 },
            ],
          },
        },
        ...others,
      ],
    }
    const { fetch, calls } = createFakeFetch([{ json: priced }, { json: swapBtcToUsdc }])
    const answer = await createSwapkitVenue(options).quote(btcToUsdc(), {
      fetch,
      signal: new AbortController().signal,
      leadingOutput: () => 4_791_360_000n,
    })
    expect(calls.map((call) => call.url)).toEqual(['https://api.swapkit.dev/v3/quote'])
    expect(answer).toMatchObject({
      noRoute: true,
      // Named as its built route would be (a THORChain route): the race names the venue one way.
      outpriced: { output: 4_791_350_000n, buyAmount: 4_791_350_000n, provider: 'thorchain' },
    })
    expect((answer as { reason: string }).reason).toMatch(/not built/)
    // The prices it stated still reach the price book (the served quote's price impact may need them).
    expect(answer).toMatchObject({
      usdPrices: { sellPriceE18: 95_812_310_000_000_000_000_000n, buyPriceE18: 10n ** 18n },
    })
  })

  it('builds its best route when nothing in the race leaves more than it expects yet', async () => {
    for (const leading of [undefined, 4_791_349_999n]) {
      const { fetch, calls } = createFakeFetch([{ json: quoteBtcToUsdc }, { json: swapBtcToUsdc }])
      const answer = await createSwapkitVenue(options).quote(btcToUsdc(), {
        fetch,
        signal: new AbortController().signal,
        leadingOutput: () => leading,
      })
      expect(calls.map((call) => call.url).at(-1)).toBe('https://api.swapkit.dev/v3/swap')
      expect(VenueQuoteSchema.parse(answer).buyAmount).toBe(4_791_350_000n)
    }
  })

  it('reports a memo route as thorchain: a vault deposit whose memo keeps its total bps within the 80-byte OP_RETURN', async () => {
    const { result } = run([{ json: quoteBtcToUsdc }, { json: swapBtcToUsdc }])
    const quote = VenueQuoteSchema.parse(await result)
    expect(quote).toMatchObject({
      provider: 'thorchain',
      sellAmount: 5_000_000n,
      buyAmount: 4_791_350_000n,
      minBuyAmount: 4_695_520_000n,
      netBuyAmount: 4_791_350_000n,
      depositAddress: 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el',
      // the two-affiliate split would not fit 80 bytes from Bitcoin, so the service alone keeps the 50 bps
      memo: '=:ETH.USDC:0x70a9f34f9b34c64957b9c401a97bfed35b95049e:469552000000/1/0:sq:50',
      expiresAtMs: 1_767_226_560_000,
      serviceFeeBps: 50,
    })
    expect(new TextEncoder().encode(quote.memo).length).toBeLessThanOrEqual(80)
    expect(quote).not.toHaveProperty('tx')
  })

  it('rewrites a Cosmos deposit memo into the full service split (250-byte limit), keeping the total and the limit', async () => {
    const request = {
      ...btcToUsdc(),
      sellChain: cosmosHub,
      sellToken: nativeToken(cosmosHub),
      sender: 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu',
    }
    const quote = (await run([{ json: quoteBtcToUsdc }, { json: swapBtcToUsdc }], request)
      .result) as VenueQuote
    expect(quote.memo).toBe(
      '=:ETH.USDC:0x70a9f34f9b34c64957b9c401a97bfed35b95049e:469552000000/1/0:sq/sqops:38/12',
    )
    // The split's members are all the service's: together they take the memo's 50 bps of ours.
    expect(quote.serviceFeeBps).toBe(50)
    expect(quote.depositAddress).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el')
  })

  it('turns an EVM-source memo route into depositWithExpiry on the THORChain router, carrying the rewritten memo', async () => {
    const { result } = run([{ json: quoteBtcToUsdc }, { json: swapEthToBtc }], ethToBtc())
    const quote = VenueQuoteSchema.parse(await result)
    expect(quote.provider).toBe('thorchain')
    expect(quote.tx).toMatchObject({
      chainId: 1,
      to: '0xD37BbE5744D730a1d98d8DC97c42F0Ca46aD7146',
      value: '0xde0b6b3a7640000',
    })
    const call = decodeFunctionData({ abi: thorchainRouterAbi, data: quote.tx!.data as `0x${string}` })
    expect(call.args).toEqual([
      getAddress('0x4c1a9e3b2f6d8a7c5e0b1d2f3a4c5e6f7a8b9c0d'),
      '0x0000000000000000000000000000000000000000',
      10n ** 18n,
      '=:b:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh:3495511:sq/sqops:38/12',
      1_767_226_500n,
    ])
    expect(quote.memo).toBe('=:b:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh:3495511:sq/sqops:38/12')
    expect(quote.approval).toBeUndefined()
    expect(quote.buyAmount).toBe(3_530_820n)
  })

  it('approves the router for exactly the amount, in the token’s own decimals, on an ERC-20 memo route', async () => {
    const swap = { ...swapEthToBtc, sellAsset: USDC_ETH.symbol }
    const { result } = run([{ json: quoteBtcToUsdc }, { json: swap }], {
      ...ethToBtc(),
      sellToken: USDC_ETH,
      sellAmount: 2_500_000_000n,
    })
    const quote = VenueQuoteSchema.parse(await result)
    expect(quote.approval).toEqual({
      chainId: 1,
      token: USDC_ETH.contract,
      spender: '0xD37BbE5744D730a1d98d8DC97c42F0Ca46aD7146',
      amountWei: '2500000000',
    })
    expect(quote.tx?.value).toBe('0x0')
    const call = decodeFunctionData({ abi: thorchainRouterAbi, data: quote.tx!.data as `0x${string}` })
    expect(call.args.slice(1, 3)).toEqual([USDC_ETH.contract, 2_500_000_000n])
  })

  it('passes an aggregator route through as swapkit: its tx verbatim, approval to the decoded spender', async () => {
    const { result } = run(
      [
        { json: { ...quoteBtcToUsdc, routes: [{ ...quoteBtcToUsdc.routes[0], providers: ['ONEINCH'] }] } },
        { json: swapUsdcToWethOneinch },
      ],
      createTestRequest(),
    )
    const quote = VenueQuoteSchema.parse(await result)
    expect(quote).toMatchObject({
      provider: 'swapkit',
      buyAmount: 397_501_234_567_890_123n,
      minBuyAmount: 385_576_197_530_853_419n,
    })
    expect(quote.tx).toEqual({
      chainId: 1,
      to: '0x111111125421cA6dc452d289314280a0f8842A65',
      data: swapUsdcToWethOneinch.tx.data,
      value: '0x0',
      gasLimit: '0x2d2a8',
    })
    expect(quote.approval).toEqual({
      chainId: 1,
      token: USDC_ETH.contract,
      spender: '0x111111125421cA6dc452d289314280a0f8842A65',
      amountWei: '1000000000',
    })
  })

  it('collects no partner fee unless the operator switched partner fees on, and says why', async () => {
    const { result } = run([{ json: quoteBtcToUsdc }, { json: swapBtcToUsdc }], {
      ...btcToUsdc(),
      partner: 'acme',
      partnerFeeBps: 40,
    })
    expect(((await result) as VenueQuote).partnerFee).toEqual({
      collectedBps: 0,
      note: expect.stringContaining('SWAPKIT_PARTNER_FEES'),
    })
  })

  it('keeps the routing provider’s own memo affiliate: only our entries are split and counted as ours', async () => {
    const memo = '=:b:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh:3495511:sk/sq:15/20'
    const { result } = run([{ json: quoteBtcToUsdc }, { json: { ...swapEthToBtc, memo } }], ethToBtc())
    const quote = (await result) as VenueQuote
    expect(quote.memo).toBe('=:b:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh:3495511:sk/sq/sqops:15/15/5')
    expect(quote.serviceFeeBps).toBe(20)
    // A memo with only the provider's affiliate carries no fee of ours and is sent as built.
    const theirs = '=:b:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh:3495511:sk:15'
    const other = (await run(
      [{ json: quoteBtcToUsdc }, { json: { ...swapEthToBtc, memo: theirs } }],
      ethToBtc(),
    ).result) as VenueQuote
    expect(other.memo).toBe(theirs)
    expect(other.serviceFeeBps).toBe(0)
  })

  it('with partner fees on, asks affiliateFee = service + partner bps and reports the partner’s share as owed off-chain', async () => {
    const memo = '=:b:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh:3495511:sk/sq:15/45'
    const { fetch, calls } = createFakeFetch([{ json: quoteBtcToUsdc }, { json: { ...swapEthToBtc, memo } }])
    const venue = createSwapkitVenue({ ...options, affiliateFeeBps: 20, partnerFees: true })
    const quote = (await venue.quote(
      { ...ethToBtc(), partner: 'acme', partnerFeeBps: 25 },
      { fetch, signal: new AbortController().signal },
    )) as VenueQuote
    expect((calls[0]!.body as { affiliateFee?: number }).affiliateFee).toBe(45)
    expect(quote.serviceFeeBps).toBe(20)
    expect(quote.partnerFee).toEqual({
      collectedBps: 25,
      note: expect.stringMatching(
        /to the service's fee wallet, paid in RUNE \(the venue swaps the fee at the swap's price\); the service settles the partner's share off-chain/,
      ),
    })
    // Taken from the ETH sold, paid out by THORChain in RUNE.
    expect(quote.fees?.find((leg) => leg.party === 'partner')).toMatchObject({
      bps: 25,
      paidTo: 'service',
      recipient: 'sq',
      token: 'sell',
      amount: (10n ** 18n * 25n) / 10_000n,
      paidAs: { symbol: 'RUNE' },
    })
  })

  it('reports nothing collected when the routing provider removed the affiliate fee as too small', async () => {
    const route = {
      ...swapUsdcToWethOneinch,
      providers: ['ONEINCH'],
      meta: { ...swapUsdcToWethOneinch.meta, affiliateFee: '45' },
      warnings: [{ code: 'affiliateFeeTooSmallSoRemoved', display: 'Affiliate fee too small' }],
    }
    const { fetch } = createFakeFetch([
      { json: { ...quoteBtcToUsdc, routes: [{ ...quoteBtcToUsdc.routes[0], providers: ['ONEINCH'] }] } },
      { json: route },
    ])
    const venue = createSwapkitVenue({ ...options, affiliateFeeBps: 20, partnerFees: true })
    const quote = (await venue.quote(
      { ...createTestRequest(), partner: 'acme', partnerFeeBps: 25 },
      { fetch, signal: new AbortController().signal },
    )) as VenueQuote
    expect(quote.serviceFeeBps).toBe(0)
    expect(quote.partnerFee).toEqual({ collectedBps: 0, note: expect.stringContaining('too small') })
  })

  it('classifies a route by its first provider: a DEX-then-THORChain route keeps the provider’s own transaction', async () => {
    const route = {
      ...swapUsdcToWethOneinch,
      providers: ['ONEINCH', 'THORCHAIN'],
      memo: '=:b:bc1qdest:1:sq:20',
    }
    const { result } = run(
      [
        {
          json: {
            ...quoteBtcToUsdc,
            routes: [{ ...quoteBtcToUsdc.routes[0], providers: ['ONEINCH', 'THORCHAIN'] }],
          },
        },
        { json: route },
      ],
      createTestRequest(),
    )
    const quote = (await result) as VenueQuote
    expect(quote.provider).toBe('swapkit')
    expect(quote.tx?.data).toBe(swapUsdcToWethOneinch.tx.data)
    expect(quote.tx?.to).toBe('0x111111125421cA6dc452d289314280a0f8842A65')
  })

  it('uses the routes it got and ignores partial providerErrors', async () => {
    const { result } = run([{ json: quoteBtcToUsdc }, { json: swapBtcToUsdc }])
    expect(await result).toHaveProperty('provider', 'thorchain')
  })

  it('declines on noRoutesFound, whatever the status, and on 2xx with no routes, naming the providers’ reasons', async () => {
    expect(await run([{ status: 400, json: noRoutesFound }]).result).toMatchObject({
      noRoute: true,
      reason: expect.stringContaining('noRoutesFound'),
    })
    expect(await run([{ status: 404, json: noRoutesFound }]).result).toMatchObject({ noRoute: true })
    expect(await run([{ status: 200, json: emptyRoutes }]).result).toEqual({
      noRoute: true,
      reason: expect.stringContaining('THORCHAIN_STREAMING: sellAssetAmountTooSmall'),
    })
  })

  it('reports an address the provider rejects as a bad request', async () => {
    const error = await run([
      { status: 400, json: { error: 'invalidDestinationAddress', message: 'bad address' } },
    ]).result.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SwapError)
    expect(error).toMatchObject({ code: 'BAD_REQUEST' })
  })

  it.each([
    ['a 500', [{ status: 500, json: { error: 'apiRequestFailed', message: 'upstream' } }]],
    ['a refused key', [{ status: 401, json: { error: 'apiKeyInvalid' } }]],
    ['an HTML 502', [{ status: 502, text: '<html>bad gateway</html>' }]],
    [
      'an expired route at /v3/swap',
      [{ json: quoteBtcToUsdc }, { status: 404, json: { error: 'swapRouteNotFound' } }],
    ],
    [
      'a built route without amounts',
      [{ json: quoteBtcToUsdc }, { json: { ...swapBtcToUsdc, expectedBuyAmount: 'many' } }],
    ],
  ])('fails as UPSTREAM_ERROR on %s without the key in the message', async (_, answers) => {
    const error = await run(answers as never).result.catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' })
    expect((error as Error).message).not.toContain('sk-key')
  })

  it('serves the chains SwapKit knows, including same-chain EVM, but never RHD or Hive', () => {
    const venue = createSwapkitVenue(options)
    expect(venue.serves(btcToUsdc())).toBe(true)
    expect(venue.serves(createTestRequest())).toBe(true)
    expect(venue.serves(createTestRequest({ sellChain: robinhood, buyChain: robinhood }))).toBe(false)
    expect(venue.serves(createTestRequest({ buyChain: hive }))).toBe(false)
  })
})
