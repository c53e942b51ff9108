import { describe, expect, it } from 'vitest'
import { base, bitcoin, ethereum, robinhood, SwapError } from '../../../shared'
import { VenueQuoteSchema, type VenueQuote } from '../venue'
import { createFakeFetch } from '../common/createFakeFetch'
import { createTestRequest, nativeToken, TEST_SENDER, USDC_ETH, WETH_ETH } from '../common/createTestRequest'
import { createZeroxVenue } from './createZeroxVenue'
import type { ZeroxVenueOptions } from './zeroxVenueOptions'
import quoteEthToUsdc from './fixtures/quoteEthToUsdc.json'
import quoteUsdcToWeth from './fixtures/quoteUsdcToWeth.json'
import inputInvalid from './fixtures/inputInvalid.json'
import internalServerError from './fixtures/internalServerError.json'
import noLiquidity from './fixtures/noLiquidity.json'
import swapValidationFailed from './fixtures/swapValidationFailed.json'

const SERVICE_WALLET = '0x1111111111111111111111111111111111111111'
const options = {
  baseUrl: 'https://api.0x.org/',
  apiKey: 'key-123',
  serviceFeeBps: 10,
  feeRecipient: SERVICE_WALLET,
} as const

function run(
  answers: Parameters<typeof createFakeFetch>[0],
  request = createTestRequest(),
  venueOptions: ZeroxVenueOptions = options,
) {
  const { fetch, calls } = createFakeFetch(answers)
  const venue = createZeroxVenue(venueOptions)
  return { calls, result: venue.quote(request, { fetch, signal: new AbortController().signal }) }
}

function query(url: string) {
  return Object.fromEntries(new URL(url).searchParams.entries())
}

describe('createZeroxVenue', () => {
  it("reports the sell token's tax from 0x's tokenMetadata, the larger of sell and transfer tax", async () => {
    const body = {
      ...quoteUsdcToWeth,
      tokenMetadata: {
        buyToken: { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' },
        sellToken: { buyTaxBps: '0', sellTaxBps: '300', transferTaxBps: '500' },
      },
    }
    const { result } = run([{ json: body }])
    expect(VenueQuoteSchema.parse(await result).sellTaxBps).toBe(500)
  })

  it('reports no tax when 0x states zero or does not know (null)', async () => {
    const unknown = {
      ...quoteUsdcToWeth,
      tokenMetadata: {
        buyToken: null,
        sellToken: { buyTaxBps: null, sellTaxBps: null, transferTaxBps: null },
      },
    }
    for (const body of [quoteUsdcToWeth, unknown]) {
      const { result } = run([{ json: body }])
      expect((await result) as VenueQuote).not.toHaveProperty('sellTaxBps')
    }
  })

  it('asks the v2 AllowanceHolder quote in base units with the key, the version header and one fee recipient', async () => {
    const { calls, result } = run(
      [{ json: quoteUsdcToWeth }],
      createTestRequest({ slippagePercent: 0.5, partner: 'acme', partnerFeeBps: 25 }),
    )
    await result
    const [call] = calls
    expect(call?.url.startsWith('https://api.0x.org/swap/allowance-holder/quote?')).toBe(true)
    expect(call?.headers['0x-api-key']).toBe('key-123')
    expect(call?.headers['0x-version']).toBe('v2')
    expect(query(call!.url)).toEqual({
      chainId: '1',
      sellToken: USDC_ETH.contract,
      buyToken: WETH_ETH.contract,
      sellAmount: '1000000000',
      taker: TEST_SENDER,
      slippageBps: '50',
      // service 10 bps + partner 25 bps, one recipient (the service's), taken in the buy token
      swapFeeRecipient: SERVICE_WALLET,
      swapFeeBps: '35',
      swapFeeToken: WETH_ETH.contract,
    })
  })

  it('spells a native sell as 0xEeee…, never the zero address, and sends no recipient when it is the taker', async () => {
    const request = createTestRequest({
      sellToken: nativeToken(ethereum),
      buyToken: USDC_ETH,
      sellAmount: 10n ** 18n,
    })
    const { calls, result } = run([{ json: quoteEthToUsdc }], request)
    await result
    const params = query(calls[0]!.url)
    expect(params.sellToken).toBe('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')
    expect(params.recipient).toBeUndefined()
  })

  it('sends a fraction of a basis point of slippage as slippagePpm, and a different recipient as recipient', async () => {
    const other = '0x2222222222222222222222222222222222222222'
    const { calls, result } = run(
      [{ json: quoteUsdcToWeth }],
      createTestRequest({ slippagePercent: 0.125, recipient: other }),
    )
    await result
    const params = query(calls[0]!.url)
    expect(params.slippagePpm).toBe('1250')
    expect(params.slippageBps).toBeUndefined()
    expect(params.recipient).toBe(other)
  })

  it('leaves slippage to 0x and stamps no fee when no fee wallet is configured', async () => {
    const { calls, result } = run([{ json: quoteUsdcToWeth }], createTestRequest(), {
      ...options,
      feeRecipient: undefined,
    } as never)
    const quote = (await result) as VenueQuote
    const params = query(calls[0]!.url)
    expect(params.slippageBps).toBeUndefined()
    expect(params.swapFeeBps).toBeUndefined()
    expect(params.swapFeeRecipient).toBeUndefined()
    expect(quote.serviceFeeBps).toBe(0)
  })

  it('quotes the requested sell amount and approves it exactly, although 0x reports a smaller sellAmount', async () => {
    const { result } = run([{ json: quoteUsdcToWeth }])
    const quote = VenueQuoteSchema.parse(await result)
    // the answer says 996000000 (fees taken in USDC) but the calldata pulls the full 1000000000
    expect(quote.sellAmount).toBe(1_000_000_000n)
    expect(quote.approval).toEqual({
      chainId: 1,
      token: USDC_ETH.contract,
      spender: '0x0000000000001fF3684f28c67538d4D072C22734',
      amountWei: '1000000000',
    })
    expect(quote.buyAmount).toBe(398_312_345_678_987_655n)
    expect(quote.minBuyAmount).toBe(396_320_783_950_592_716n)
    expect(quote.netBuyAmount).toBe(398_312_345_678_987_655n)
  })

  it('still approves allowanceTarget exactly when issues.allowance is null (allowance already enough)', async () => {
    const body = { ...quoteUsdcToWeth, issues: { ...quoteUsdcToWeth.issues, allowance: null } }
    const { result } = run([{ json: body }])
    expect(((await result) as VenueQuote).approval).toMatchObject({
      spender: '0x0000000000001fF3684f28c67538d4D072C22734',
      amountWei: '1000000000',
    })
  })

  it('turns the decimal value and gas of 0x into hex quantities and keeps the calldata verbatim', async () => {
    const { result } = run([{ json: quoteUsdcToWeth }])
    const quote = (await result) as VenueQuote
    expect(quote.tx).toEqual({
      chainId: 1,
      to: '0x0000000000001fF3684f28c67538d4D072C22734',
      data: quoteUsdcToWeth.transaction.data,
      value: '0x0',
      gasLimit: '0x33450',
    })
  })

  it('counts the network fee against the output when buying the wrapped native coin', async () => {
    const { result } = run([{ json: quoteUsdcToWeth }])
    expect(((await result) as VenueQuote).gasCostInBuyToken).toBe(451_500_000_000_000n)
  })

  it('sends native value in hex, omits a null gas limit and needs no approval on a native sell', async () => {
    const request = createTestRequest({
      sellToken: nativeToken(ethereum),
      buyToken: USDC_ETH,
      sellAmount: 10n ** 18n,
    })
    const { result } = run([{ json: quoteEthToUsdc }], request)
    const quote = VenueQuoteSchema.parse(await result)
    expect(quote.tx?.value).toBe('0xde0b6b3a7640000')
    expect(quote.tx).not.toHaveProperty('gasLimit')
    expect(quote.approval).toBeUndefined()
    // 0.0004 ETH of gas at the quote's own rate of 2500.12 USDC per ETH, rounded up
    expect(quote.gasCostInBuyToken).toBe(
      (400_000_000_000_000n * 2_500_120_000n + 10n ** 18n - 1n) / 10n ** 18n,
    )
    expect(quote.gasCostInBuyToken).toBe(1_000_048n)
  })

  it("reports the partner's bps as collected into the service's wallet, settled off-chain", async () => {
    const { result } = run(
      [{ json: quoteUsdcToWeth }],
      createTestRequest({ partner: 'acme', partnerFeeBps: 25 }),
    )
    const quote = (await result) as VenueQuote
    expect(quote.serviceFeeBps).toBe(10)
    expect(quote.partnerFee).toMatchObject({ collectedBps: 25, recipient: SERVICE_WALLET })
    expect(quote.partnerFee?.note).toMatch(
      /to the service's fee wallet; the service settles the partner's share off-chain/,
    )
    // One list entry for the one wallet; 0x's 2.5 USDC split by bps, the partner's part rounded down.
    expect(quote.fees?.map((leg) => [leg.party, leg.bps, leg.paidTo, leg.amount])).toEqual([
      ['service', 10, 'service', 714_286n],
      ['partner', 25, 'service', 1_785_714n],
    ])
  })

  it('pays a registered partner on chain in the same swap through the fee lists, within its cap', async () => {
    const PAYOUT = '0x2222222222222222222222222222222222222222'
    const answer = {
      ...quoteUsdcToWeth,
      fees: {
        ...quoteUsdcToWeth.fees,
        integratorFees: [
          { amount: '1000000', token: USDC_ETH.contract, type: 'volume' },
          { amount: '2000000', token: USDC_ETH.contract, type: 'volume' },
        ],
      },
    }
    const { calls, result } = run(
      [{ json: answer }],
      createTestRequest({ partner: 'acme', partnerFeeBps: 50 }),
      {
        ...options,
        partners: new Map([['acme', { id: 'acme', payoutAddress: PAYOUT, maxFeeBps: 20 }]]),
      },
    )
    const quote = (await result) as VenueQuote
    expect(query(calls[0]!.url)).toMatchObject({
      swapFeeRecipient: `${SERVICE_WALLET},${PAYOUT}`,
      swapFeeBps: '10,20',
    })
    expect(quote.partnerFee).toEqual({
      collectedBps: 20,
      recipient: PAYOUT,
      note: expect.stringMatching(
        /^Clamped from 50 to 20 bps: the partner's registered cap is 20 bps\. Paid on chain in the swap/,
      ),
    })
    expect(quote.fees?.[1]).toMatchObject({ party: 'partner', paidTo: 'partner', amount: 2_000_000n })
  })

  it('declines, not fails, when 0x answers 200 with liquidityAvailable false', async () => {
    const { result } = run([{ json: noLiquidity }])
    expect(await result).toEqual({ noRoute: true, reason: expect.stringMatching(/no liquidity/) })
  })

  it('declines on SWAP_VALIDATION_FAILED instead of blaming the user', async () => {
    const { result } = run([{ status: 400, json: swapValidationFailed }])
    expect(await result).toMatchObject({
      noRoute: true,
      reason: expect.stringContaining('SWAP_VALIDATION_FAILED'),
    })
  })

  it('reports INPUT_INVALID as a bad request naming the field', async () => {
    const { result } = run([{ status: 400, json: inputInvalid }])
    const error = await result.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SwapError)
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('taker: Invalid ethereum address'),
    })
  })

  it.each([
    ['a 500', { status: 500, json: internalServerError }],
    ['a refused key', { status: 401, json: { name: 'UNAUTHORIZED', message: 'Invalid API key' } }],
    ['a rate limit', { status: 429, text: 'Too Many Requests' }],
    ['an HTML 502', { status: 502, text: '<html>Bad Gateway</html>' }],
    ['a 200 of the wrong shape', { status: 200, json: { liquidityAvailable: true, buyAmount: 'lots' } }],
  ])('fails as UPSTREAM_ERROR on %s, without the key in the message', async (_, answer) => {
    const { result } = run([answer])
    const error = await result.catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' })
    expect((error as Error).message).not.toContain('key-123')
  })

  it('fails as UPSTREAM_ERROR when 0x cannot be reached', async () => {
    const { result } = run([{ throws: new TypeError('fetch failed') }])
    await expect(result).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' })
  })

  it('stops when its signal is aborted', async () => {
    const { fetch, calls } = createFakeFetch([{ json: quoteUsdcToWeth }])
    const controller = new AbortController()
    controller.abort()
    const error = await createZeroxVenue(options)
      .quote(createTestRequest(), { fetch, signal: controller.signal })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'AbortError' })
    expect(calls).toHaveLength(0)
  })

  it('serves same-chain EVM pairs on its chains only: never RHD, never cross-chain or non-EVM', () => {
    const venue = createZeroxVenue(options)
    expect(venue.serves(createTestRequest())).toBe(true)
    expect(venue.serves(createTestRequest({ sellChain: robinhood, buyChain: robinhood }))).toBe(false)
    expect(venue.serves(createTestRequest({ buyChain: base }))).toBe(false)
    expect(venue.serves(createTestRequest({ sellChain: bitcoin, buyChain: bitcoin }))).toBe(false)
  })
})
