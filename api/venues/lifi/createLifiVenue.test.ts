import { describe, expect, it } from 'vitest'
import { arbitrum, base, bitcoin, ethereum, robinhood, SwapError } from '../../../shared'
import { VenueQuoteSchema, type VenueQuote } from '../venue'
import { createFakeFetch } from '../common/createFakeFetch'
import {
  createTestRequest,
  erc20Token,
  nativeToken,
  TEST_SENDER,
  USDC_ETH,
} from '../common/createTestRequest'
import { createLifiVenue } from './createLifiVenue'
import feeWalletMissing from './fixtures/feeWalletMissing.json'
import noQuote from './fixtures/noQuote.json'
import quoteUsdcToEth from './fixtures/quoteUsdcToEth.json'
import validationError from './fixtures/validationError.json'

const FEE_WALLET = '0x3333333333333333333333333333333333333333'
const options = {
  baseUrl: 'https://li.quest',
  integrator: 'swap-quote',
  serviceFeeBps: 30,
  apiKey: 'lifi-key',
  feeRecipient: FEE_WALLET,
} as const
const usdcToEth = () => createTestRequest({ buyToken: nativeToken(ethereum) })

function run(
  answers: Parameters<typeof createFakeFetch>[0],
  request = usdcToEth(),
  venueOptions: Parameters<typeof createLifiVenue>[0] = options,
) {
  const { fetch, calls } = createFakeFetch(answers)
  return {
    calls,
    result: createLifiVenue(venueOptions).quote(request, { fetch, signal: new AbortController().signal }),
  }
}

const params = (url: string) => Object.fromEntries(new URL(url).searchParams.entries())

describe('createLifiVenue', () => {
  it("carries LI.FI's token priceUSD of both sides as mid prices (dollars × 10^18)", async () => {
    const { result } = run([{ json: quoteUsdcToEth }])
    // fixture: fromToken USDC priceUSD "0.9998", toToken ETH priceUSD "2500.12", and the gas token (ETH)'s
    expect(((await result) as VenueQuote).usdPrices).toEqual({
      sellPriceE18: 999_800_000_000_000_000n,
      buyPriceE18: 2_500_120_000_000_000_000_000n,
      nativePriceE18: 2_500_120_000_000_000_000_000n,
    })
  })

  it('states no price when LI.FI prices a token at "0" (it has none)', async () => {
    const body = {
      ...quoteUsdcToEth,
      action: { ...quoteUsdcToEth.action, fromToken: { ...quoteUsdcToEth.action.fromToken, priceUSD: '0' } },
    }
    const { result } = run([{ json: body }])
    expect(((await result) as VenueQuote).usdPrices).toEqual({
      buyPriceE18: 2_500_120_000_000_000_000_000n,
      nativePriceE18: 2_500_120_000_000_000_000_000n,
    })
  })

  it('asks /v1/quote with fractions for slippage and fee, the zero address for native, and the integrator', async () => {
    const { calls, result } = run([{ json: quoteUsdcToEth }], {
      ...usdcToEth(),
      slippagePercent: 0.5,
      partner: 'acme',
      partnerFeeBps: 10,
    })
    await result
    const [call] = calls
    expect(call?.url.startsWith('https://li.quest/v1/quote?')).toBe(true)
    expect(call?.headers['x-lifi-api-key']).toBe('lifi-key')
    expect(params(call!.url)).toEqual({
      fromChain: '1',
      toChain: '1',
      fromToken: USDC_ETH.contract,
      toToken: '0x0000000000000000000000000000000000000000',
      fromAmount: '1000000000',
      fromAddress: TEST_SENDER,
      toAddress: TEST_SENDER,
      integrator: 'swap-quote',
      order: 'CHEAPEST',
      slippage: '0.005',
      // service 30 bps + partner 10 bps = 0.004 of the input
      fee: '0.004',
    })
  })

  it('writes small fractions exactly, with no float noise, and accepts a base URL that already ends in /v1', async () => {
    const { calls, result } = run(
      [{ json: quoteUsdcToEth }],
      { ...usdcToEth(), slippagePercent: 0.07 },
      { ...options, baseUrl: 'http://127.0.0.1:9/v1/', serviceFeeBps: 5 },
    )
    await result
    expect(calls[0]?.url.startsWith('http://127.0.0.1:9/v1/quote?')).toBe(true)
    expect(params(calls[0]!.url)).toMatchObject({ slippage: '0.0007', fee: '0.0005' })
  })

  it('leaves slippage to LI.FI when none is asked, and sends no key header without a key', async () => {
    const { calls, result } = run([{ json: quoteUsdcToEth }], usdcToEth(), { ...options, apiKey: undefined })
    await result
    expect(params(calls[0]!.url).slippage).toBeUndefined()
    expect(calls[0]?.headers).not.toHaveProperty('x-lifi-api-key')
  })

  it('keeps the hex quantities of transactionRequest and the calldata verbatim', async () => {
    const { result } = run([{ json: quoteUsdcToEth }])
    const quote = VenueQuoteSchema.parse(await result)
    expect(quote.tx).toEqual({
      chainId: 1,
      to: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
      data: quoteUsdcToEth.transactionRequest.data,
      value: '0x0',
      gasLimit: '0x5b8d8',
    })
  })

  it('approves estimate.approvalAddress for exactly the amount sent, and takes toAmount as the net output', async () => {
    const { result } = run([{ json: quoteUsdcToEth }])
    const quote = (await result) as VenueQuote
    expect(quote.approval).toEqual({
      chainId: 1,
      token: USDC_ETH.contract,
      spender: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
      amountWei: '1000000000',
    })
    expect(quote).toMatchObject({
      provider: 'lifi',
      sellAmount: 1_000_000_000n,
      buyAmount: 397_912_345_678_901_234n,
      minBuyAmount: 395_922_783_950_506_727n,
      netBuyAmount: 397_912_345_678_901_234n,
      serviceFeeBps: 30,
    })
  })

  it('counts the gas LI.FI states, paid on top in the native coin, against a native output', async () => {
    const { result } = run([{ json: quoteUsdcToEth }])
    expect(((await result) as VenueQuote).gasCostInBuyToken).toBe(626_400_000_000_000n)
  })

  it("reports the partner's bps as collected for the service, less LI.FI's share read from feeSplit, owed off-chain", async () => {
    const { result } = run([{ json: quoteUsdcToEth }], { ...usdcToEth(), partner: 'acme', partnerFeeBps: 10 })
    const quote = (await result) as VenueQuote
    // LI.FI's fee wallet is set in its portal, not known here: no recipient is claimed.
    expect(quote.partnerFee).toEqual({
      collectedBps: 10,
      note: expect.stringMatching(
        /to the service's fee wallet, less LI\.FI's 50% share; the service settles the partner's share off-chain/,
      ),
    })
    // The fixture's 5 USDC fee (40 bps asked: 30 service + 10 partner) splits 3.75 / 1.25 by bps.
    expect(quote.fees).toEqual([
      expect.objectContaining({
        party: 'service',
        bps: 30,
        amount: 3_750_000n,
        venueSharePpm: 500_000,
        token: 'sell',
      }),
      expect.objectContaining({
        party: 'partner',
        bps: 10,
        amount: 1_250_000n,
        paidTo: 'service',
        payout: 'inSwap',
      }),
    ])
  })

  it('counts a fee LI.FI charges on top (included: false, in the native coin) against the output, like gas', async () => {
    const relayFee = {
      name: 'Relayer fee',
      description: 'Paid in the native coin on top of the input',
      percentage: '0',
      token: {
        address: '0x0000000000000000000000000000000000000000',
        chainId: 1,
        symbol: 'ETH',
        decimals: 18,
      },
      amount: '1000000000000000',
      amountUSD: '2.50',
      included: false,
    }
    const plain = (await run([{ json: quoteUsdcToEth }]).result) as VenueQuote
    const body = {
      ...quoteUsdcToEth,
      estimate: { ...quoteUsdcToEth.estimate, feeCosts: [...quoteUsdcToEth.estimate.feeCosts, relayFee] },
    }
    const charged = (await run([{ json: body }]).result) as VenueQuote
    // Buying ETH on the same chain: wei count one to one.
    expect(charged.gasCostInBuyToken! - plain.gasCostInBuyToken!).toBe(1_000_000_000_000_000n)
    expect(charged.buyAmount).toBe(plain.buyAmount)
  })

  it('normalises a decimal value LI.FI might send into a hex quantity', async () => {
    const body = {
      ...quoteUsdcToEth,
      transactionRequest: { ...quoteUsdcToEth.transactionRequest, value: '1000', gasLimit: '375000' },
    }
    const { result } = run([{ json: body }])
    expect(((await result) as VenueQuote).tx).toMatchObject({ value: '0x3e8', gasLimit: '0x5b8d8' })
  })

  it('declines on 404 code 1002 with the tools’ reasons', async () => {
    const { result } = run([{ status: 404, json: noQuote }])
    expect(await result).toEqual({ noRoute: true, reason: expect.stringContaining('INSUFFICIENT_LIQUIDITY') })
  })

  it('declines on 409, slippage too low for every route', async () => {
    const { result } = run([{ status: 409, json: { message: 'Slippage too low', code: 1007 } }])
    expect(await result).toMatchObject({ noRoute: true })
  })

  it('reports a 400 validation error as a bad request with LI.FI’s message', async () => {
    const { result } = run([{ status: 400, json: validationError }])
    const error = await result.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SwapError)
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('/fromAddress') })
  })

  it('treats a missing portal fee wallet as our configuration problem, not the user’s', async () => {
    const { result } = run([{ status: 400, json: feeWalletMissing }])
    await expect(result).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' })
  })

  it.each([
    ['424 third-party', { status: 424, json: { message: 'Third party error', code: 1008 } }],
    ['429', { status: 429, json: { message: 'Rate limit', code: 1005 } }],
    ['500', { status: 500, json: { message: 'Server error', code: 1006 } }],
    ['HTML 503', { status: 503, text: '<html>unavailable</html>' }],
    [
      'a 200 without transactionRequest',
      { status: 200, json: { ...quoteUsdcToEth, transactionRequest: undefined } },
    ],
  ])('fails as UPSTREAM_ERROR on %s without the key in the message', async (_, answer) => {
    const error = await run([answer]).result.catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' })
    expect((error as Error).message).not.toContain('lifi-key')
  })

  it('rejects a transaction built for another chain', async () => {
    const body = {
      ...quoteUsdcToEth,
      transactionRequest: { ...quoteUsdcToEth.transactionRequest, chainId: 8453 },
    }
    await expect(run([{ json: body }]).result).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' })
  })

  it('serves same-chain EVM (not RHD) and EVM-to-EVM bridge routes, never non-EVM legs', () => {
    const venue = createLifiVenue(options)
    const usdcBase = erc20Token(base, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USDC', 6)
    expect(venue.serves(createTestRequest())).toBe(true)
    expect(venue.serves(createTestRequest({ buyChain: base, buyToken: usdcBase }))).toBe(true)
    expect(venue.serves(createTestRequest({ buyChain: arbitrum }))).toBe(true)
    expect(venue.serves(createTestRequest({ sellChain: robinhood, buyChain: robinhood }))).toBe(false)
    expect(venue.serves(createTestRequest({ buyChain: bitcoin }))).toBe(false)
  })
})
