import {
  domainSeparator,
  getAddress,
  keccak256,
  recoverTypedDataAddress,
  stringToHex,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { base, bitcoin, ethereum, robinhood, SwapError } from '../../../shared'
import { VenueQuoteSchema, type VenueQuote } from '../venue'
import { createFakeFetch, type RecordedCall } from '../common/createFakeFetch'
import { createTestRequest, nativeToken, TEST_SENDER, USDC_ETH, WETH_ETH } from '../common/createTestRequest'
import { COW_ORDER_TYPE } from './cowOrderTypes'
import { createCowVenue } from './createCowVenue'
import noLiquidity from './fixtures/noLiquidity.json'
import quoteUsdcToWeth from './fixtures/quoteUsdcToWeth.json'
import sellAmountDoesNotCoverFee from './fixtures/sellAmountDoesNotCoverFee.json'

const SERVICE = '0x1111111111111111111111111111111111111111'
const PARTNER = '0x2222222222222222222222222222222222222222'
const options = {
  baseUrl: 'https://api.cow.fi/',
  serviceFeeBps: 30,
  feeRecipient: SERVICE,
  partnerFeeRecipient: PARTNER,
} as const
// anvil's dev account 0 (the test sender)
const devAccount = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

/** CoW echoes the app data it was sent; the recorded amounts are cow.md's example. */
function echoQuote(overrides: Partial<typeof quoteUsdcToWeth.quote> = {}, top: Record<string, unknown> = {}) {
  return (call: RecordedCall) => {
    const sent = call.body as { appData: string; appDataHash: string }
    return {
      json: {
        ...quoteUsdcToWeth,
        ...top,
        quote: {
          ...quoteUsdcToWeth.quote,
          appData: sent.appData,
          appDataHash: sent.appDataHash,
          ...overrides,
        },
      },
    }
  }
}

function run(
  answers: Parameters<typeof createFakeFetch>[0],
  request = createTestRequest(),
  venueOptions: Parameters<typeof createCowVenue>[0] = options,
) {
  const { fetch, calls } = createFakeFetch(answers)
  return {
    calls,
    result: createCowVenue(venueOptions).quote(request, { fetch, signal: new AbortController().signal }),
  }
}

describe('createCowVenue', () => {
  it('asks POST /{slug}/api/v1/quote for an exact-in sell with the full app-data string and its hash', async () => {
    const { calls, result } = run(echoQuote(), createTestRequest({ partner: 'acme', partnerFeeBps: 25 }))
    await result
    const [call] = calls
    expect(call?.method).toBe('POST')
    expect(call?.url).toBe('https://api.cow.fi/mainnet/api/v1/quote')
    const body = call?.body as Record<string, unknown>
    expect(body).toMatchObject({
      sellToken: USDC_ETH.contract,
      buyToken: WETH_ETH.contract,
      from: TEST_SENDER,
      receiver: TEST_SENDER,
      kind: 'sell',
      sellAmountBeforeFee: '1000000000',
      signingScheme: 'eip712',
    })
    expect(body.appDataHash).toBe(keccak256(stringToHex(body.appData as string)))
    expect(JSON.parse(body.appData as string).metadata.partnerFee).toEqual([
      { recipient: SERVICE, volumeBps: 30 },
      { recipient: PARTNER, volumeBps: 25 },
    ])
  })

  it('buys a native coin as 0xEeee…', async () => {
    const { calls, result } = run(echoQuote(), createTestRequest({ buyToken: nativeToken(ethereum) }))
    await result
    expect((calls[0]?.body as { buyToken: string }).buyToken).toBe(
      '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
    )
  })

  it('does not take part in a native sell (a signed order cannot pull native coin), and buys native', () => {
    const venue = createCowVenue(options)
    expect(venue.serves(createTestRequest({ sellToken: nativeToken(ethereum), buyToken: USDC_ETH }))).toBe(
      false,
    )
    expect(venue.serves(createTestRequest({ sellToken: USDC_ETH, buyToken: nativeToken(ethereum) }))).toBe(
      true,
    )
  })

  it('signs cow.md’s worked amounts: fee folded into sellAmount, feeAmount 0, buyAmount after fees and slippage', async () => {
    // one 25 bps policy and 50 bps slippage, exactly the document's example
    const { result } = run(echoQuote(), createTestRequest({ slippagePercent: 0.5 }), {
      ...options,
      serviceFeeBps: 25,
    })
    const quote = VenueQuoteSchema.parse(await result)
    const message = quote.order?.typedData.message
    expect(message).toMatchObject({
      sellAmount: '1000000000',
      feeAmount: '0',
      buyAmount: '396685851880196320',
    })
    expect(quote.order?.body).toMatchObject({
      sellAmount: '1000000000',
      feeAmount: '0',
      buyAmount: '396685851880196320',
    })
    expect(quote).toMatchObject({
      provider: 'cow',
      sellAmount: 1_000_000_000n,
      buyAmount: 398_679_248_120_800_321n,
      minBuyAmount: 396_685_851_880_196_320n,
      netBuyAmount: 398_679_248_120_800_321n,
      serviceFeeBps: 25,
    })
    expect(quote).not.toHaveProperty('tx')
  })

  it('uses 50 bps of slippage when the request names none', async () => {
    const { result } = run(
      echoQuote({ feeAmount: '0', sellAmount: '1000000000' }, { protocolFeeBps: undefined }),
      createTestRequest(),
      {
        ...options,
        feeRecipient: undefined,
      },
    )
    const quote = (await result) as VenueQuote
    // no fee at all: only the 50 bps slippage comes off the quoted amount
    expect(quote.minBuyAmount).toBe(399_679_248_000_000_000n - (399_679_248_000_000_000n * 50n) / 10_000n)
    expect(quote.sellAmount).toBe(1_000_000_000n)
  })

  it('builds the order of contract 2.6: URLs, body without signature, validTo in seconds, a timing note', async () => {
    const { result } = run(echoQuote())
    const order = ((await result) as VenueQuote).order!
    const fullAppData = order.appData.fullAppData
    const hash = keccak256(stringToHex(fullAppData))
    expect(order).toMatchObject({
      protocol: 'cow',
      chainId: 1,
      appDataUrl: `https://api.cow.fi/mainnet/api/v1/app_data/${hash}`,
      postUrl: 'https://api.cow.fi/mainnet/api/v1/orders',
      signingScheme: 'eip712',
      validTo: 1767227400,
    })
    expect(order.body).toEqual({
      sellToken: USDC_ETH.contract,
      buyToken: WETH_ETH.contract,
      receiver: getAddress(TEST_SENDER),
      sellAmount: '1000000000',
      buyAmount: order.typedData.message.buyAmount,
      validTo: 1767227400,
      feeAmount: '0',
      kind: 'sell',
      partiallyFillable: false,
      sellTokenBalance: 'erc20',
      buyTokenBalance: 'erc20',
      from: getAddress(TEST_SENDER),
      appData: fullAppData,
      appDataHash: hash,
      quoteId: 874512330,
    })
    expect(order.typedData.message.appData).toBe(hash)
    expect(order.note).toMatch(/batch auction/)
    expect(order.note).toMatch(/within a minute/)
    expect(order.note).toMatch(/expires unfilled/)
    expect(order.note).toContain(new Date(1767227400 * 1000).toISOString())
  })

  it('gives EIP-712 typed data on GPv2’s domain that a wallet signs verbatim and that recovers to the owner', async () => {
    const { result } = run(echoQuote())
    const { typedData } = ((await result) as VenueQuote).order!
    expect(typedData.primaryType).toBe('Order')
    expect(domainSeparator({ domain: typedData.domain as never })).toBe(
      '0xc078f884a2676e1345748b1feace7b0abee5d00ecadb6e574dcdd109a63e8943',
    )
    const encodedType = `Order(${COW_ORDER_TYPE.map((field) => `${field.type} ${field.name}`).join(',')})`
    expect(keccak256(stringToHex(encodedType))).toBe(
      '0xd5a25ba2e97094ad7d83dc28a6572da797d6b3e7fc6663bd93efb789fc17e489',
    )
    // round-tripped through JSON, as eth_signTypedData_v4 receives it
    const definition = JSON.parse(JSON.stringify(typedData)) as TypedDataDefinition
    const signature = await devAccount.signTypedData(definition)
    expect(await recoverTypedDataAddress({ ...definition, signature })).toBe(devAccount.address)
  })

  it('takes the settlement and vault relayer of the chain from options (sandbox, barn)', async () => {
    const contracts = {
      settlement: '0xf553d092b50bdcbddeD1A99aF2cA29FBE5E2CB13',
      vaultRelayer: '0xC7242d167563352E2BCA4d71C043fbe542DB8FB2',
    } as const
    const { result } = run(echoQuote(), createTestRequest(), { ...options, contracts: { 1: contracts } })
    const quote = (await result) as VenueQuote
    expect(quote.order?.typedData.domain.verifyingContract).toBe(contracts.settlement)
    expect(quote.approval?.spender).toBe(contracts.vaultRelayer)
  })

  it('approves the vault relayer, not the settlement, for exactly the signed sell amount', async () => {
    const { result } = run(echoQuote())
    expect(((await result) as VenueQuote).approval).toEqual({
      chainId: 1,
      token: USDC_ETH.contract,
      spender: '0xC92E8bdf79f0507f65a392b0ab4667716BFE0110',
      amountWei: '1000000000',
    })
  })

  it('signs the whole input when CoW quotes a zero network fee', async () => {
    const { result } = run(echoQuote({ feeAmount: '0', sellAmount: '1000000000' }))
    const quote = (await result) as VenueQuote
    expect(quote.order?.typedData.message).toMatchObject({ sellAmount: '1000000000', feeAmount: '0' })
  })

  it('lets the quote expire at CoW’s expiration', async () => {
    const { result } = run(echoQuote())
    expect(((await result) as VenueQuote).expiresAtMs).toBe(Date.parse('2026-01-01T00:01:00Z'))
  })

  it('asks for 70 bps of a 100 bps partner request and reports the 69 the backend’s compounding cap applies, paid later', async () => {
    const { result, calls } = run(echoQuote(), createTestRequest({ partner: 'acme', partnerFeeBps: 100 }))
    const quote = (await result) as VenueQuote
    const sent = JSON.parse((calls[0]!.body as { appData: string }).appData)
    expect(sent.metadata.partnerFee[1]).toEqual({ recipient: PARTNER, volumeBps: 70 })
    expect(quote.partnerFee).toEqual({
      collectedBps: 69,
      recipient: PARTNER,
      note: expect.stringMatching(
        /^Clamped from 100 to 69 bps: .*paid later by CoW DAO .* less CoW DAO's 25% share; the service then settles/,
      ),
    })
    expect(quote.serviceFeeBps).toBe(30)
  })

  it('fails when CoW echoes another app-data hash than the one the order signs', async () => {
    const { result } = run([{ json: quoteUsdcToWeth }])
    await expect(result).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' })
  })

  it('declines on 404 NoLiquidity and on an amount that does not cover the fee', async () => {
    expect(await run([{ status: 404, json: noLiquidity }]).result).toMatchObject({
      noRoute: true,
      reason: expect.stringContaining('NoLiquidity'),
    })
    expect(await run([{ status: 400, json: sellAmountDoesNotCoverFee }]).result).toMatchObject({
      noRoute: true,
    })
  })

  it('reports SameBuyAndSellToken as a bad request', async () => {
    const error = await run([
      { status: 400, json: { errorType: 'SameBuyAndSellToken', description: 'same token' } },
    ]).result.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SwapError)
    expect(error).toMatchObject({ code: 'BAD_REQUEST' })
  })

  it.each([
    ['500', { status: 500, json: { errorType: 'InternalServerError', description: '' } }],
    ['429 without a body', { status: 429, text: '' }],
    ['an app-data refusal', { status: 400, json: { errorType: 'InvalidAppData', description: 'bad' } }],
    ['a 200 of the wrong shape', { status: 200, json: { quote: { sellAmount: 'x' } } }],
  ])('fails as UPSTREAM_ERROR on %s', async (_, answer) => {
    await expect(run([answer]).result).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' })
  })

  it('serves same-chain EVM pairs on CoW’s chains only', () => {
    const venue = createCowVenue(options)
    expect(venue.serves(createTestRequest())).toBe(true)
    expect(venue.serves(createTestRequest({ sellChain: base, buyChain: base }))).toBe(true)
    expect(venue.serves(createTestRequest({ sellChain: robinhood, buyChain: robinhood }))).toBe(false)
    expect(venue.serves(createTestRequest({ buyChain: base }))).toBe(false)
    expect(venue.serves(createTestRequest({ sellChain: bitcoin, buyChain: bitcoin }))).toBe(false)
  })
})
