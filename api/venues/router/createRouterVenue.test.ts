import {
  decodeFunctionData,
  encodeErrorResult,
  encodeFunctionResult,
  getAddress,
  parseAbi,
  type Hex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { ethereum, robinhood } from '../../../shared'
import { VenueQuoteSchema, type VenueQuote } from '../venue'
import { createFakeFetch, type FakeAnswer, type RecordedCall } from '../common/createFakeFetch'
import { createTestRequest, erc20Token, nativeToken, TEST_SENDER } from '../common/createTestRequest'
import { createRouterVenue } from './createRouterVenue'
import { uniswapV2RouterAbi } from './uniswapV2RouterAbi'

const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'
const WETH = erc20Token(robinhood, '0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73', 'WETH', 18, true)
const USDG = erc20Token(robinhood, '0x5fc5360D0400a0Fd4f2af552ADD042D716F1d168', 'USDG', 6)
const TOKEN = erc20Token(robinhood, '0x1234567890123456789012345678901234567890', 'TKN', 18)
const BLOCK_TIME = 1_767_225_600n
const options = { rpcUrl: 'http://127.0.0.1:8545/secret-key', routerAddress: ROUTER } as const
const errorAbi = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const

type PathAnswer = bigint[] | { revert: string | null }

const FACTORY = '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f'
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])
/** A pair's address in the fake node: its two tokens' addresses, sorted, folded into one. */
const pairOf = (a: string, b: string) =>
  getAddress(`0x${(BigInt(a) ^ BigInt(b)).toString(16).padStart(40, '0')}`) as Hex

/**
 * A JSON-RPC node answering the router's reads: `amounts(path)` prices a path or reverts; `reserves`
 * (token0's, token1's) answers each pair's `getReserves`, which has none without it.
 */
function fakeNode(
  amounts: (path: readonly string[]) => PathAnswer,
  reserves: (tokens: readonly [string, string]) => readonly [bigint, bigint] = () => [0n, 0n],
) {
  const pairs = new Map<string, readonly [string, string]>()
  return (call: RecordedCall): FakeAnswer => {
    const { id, method, params } = call.body as {
      id: number
      method: string
      params: [{ data: Hex; to: string }]
    }
    const result = (value: Hex): FakeAnswer => ({ json: { jsonrpc: '2.0', id, result: value } })
    if (method === 'eth_call' && getAddress(params[0].to) === FACTORY) {
      const { args } = decodeFunctionData({ abi: factoryAbi, data: params[0].data })
      const tokens = [...args]
        .map((address) => getAddress(address))
        .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)) as [string, string]
      pairs.set(pairOf(...tokens), tokens)
      return result(
        encodeFunctionResult({ abi: factoryAbi, functionName: 'getPair', result: pairOf(...tokens) }),
      )
    }
    const pair = method === 'eth_call' ? pairs.get(getAddress(params[0].to)) : undefined
    if (pair) {
      const [reserve0, reserve1] = reserves(pair)
      return result(
        encodeFunctionResult({ abi: pairAbi, functionName: 'getReserves', result: [reserve0, reserve1, 0] }),
      )
    }
    if (method === 'eth_getBlockByNumber') {
      return {
        json: {
          jsonrpc: '2.0',
          id,
          result: {
            number: '0x10',
            hash: `0x${'ab'.repeat(32)}`,
            timestamp: `0x${BLOCK_TIME.toString(16)}`,
            transactions: [],
          },
        },
      }
    }
    const decoded = decodeFunctionData({ abi: uniswapV2RouterAbi, data: params[0].data })
    if (decoded.functionName === 'factory') {
      return result(
        encodeFunctionResult({ abi: uniswapV2RouterAbi, functionName: 'factory', result: FACTORY }),
      )
    }
    if (decoded.functionName === 'WETH') {
      return {
        json: {
          jsonrpc: '2.0',
          id,
          result: encodeFunctionResult({
            abi: uniswapV2RouterAbi,
            functionName: 'WETH',
            result: WETH.contract as Hex,
          }),
        },
      }
    }
    const answer = amounts(
      (decoded.args as [bigint, readonly string[]])[1].map((address) => getAddress(address)),
    )
    if (Array.isArray(answer)) {
      return {
        json: {
          jsonrpc: '2.0',
          id,
          result: encodeFunctionResult({
            abi: uniswapV2RouterAbi,
            functionName: 'getAmountsOut',
            result: answer,
          }),
        },
      }
    }
    const data =
      answer.revert === null
        ? '0x'
        : encodeErrorResult({ abi: errorAbi, errorName: 'Error', args: [answer.revert] })
    return {
      json: {
        jsonrpc: '2.0',
        id,
        error: { code: 3, message: `execution reverted${answer.revert ? `: ${answer.revert}` : ''}`, data },
      },
    }
  }
}

const rhdRequest = (overrides: Parameters<typeof createTestRequest>[0] = {}) =>
  createTestRequest({
    sellChain: robinhood,
    buyChain: robinhood,
    sellToken: nativeToken(robinhood),
    buyToken: USDG,
    sellAmount: 10n ** 18n,
    ...overrides,
  })

function run(handler: Parameters<typeof createFakeFetch>[0], request = rhdRequest()) {
  const { fetch, calls } = createFakeFetch(handler)
  return {
    calls,
    result: createRouterVenue(options).quote(request, { fetch, signal: new AbortController().signal }),
  }
}

describe('createRouterVenue', () => {
  it('prices a native sell with getAmountsOut over [WETH, token] and builds swapExactETHForTokens with a 0.5 % floor', async () => {
    const { result } = run(
      fakeNode((path) => (path.length === 2 ? [10n ** 18n, 3_138_985_215n] : { revert: null })),
    )
    const quote = VenueQuoteSchema.parse(await result)
    // uniswap-v2.md's example: 3138985215 × 9950 / 10000 = 3123290288
    expect(quote).toMatchObject({
      provider: 'router',
      sellAmount: 10n ** 18n,
      buyAmount: 3_138_985_215n,
      minBuyAmount: 3_123_290_288n,
      netBuyAmount: 3_138_985_215n,
      serviceFeeBps: 0,
    })
    expect(quote.tx).toMatchObject({ chainId: 4663, to: ROUTER, value: '0xde0b6b3a7640000' })
    const call = decodeFunctionData({ abi: uniswapV2RouterAbi, data: quote.tx!.data as Hex })
    expect(call.functionName).toBe('swapExactETHForTokens')
    expect(call.args).toEqual([
      3_123_290_288n,
      [WETH.contract, USDG.contract],
      getAddress(TEST_SENDER),
      BLOCK_TIME + 1200n,
    ])
    expect(quote.approval).toBeUndefined()
  })

  it("states what the sell amount buys at its pairs' mid price, the basis of the route's price impact", async () => {
    // 1,000 WETH against 3,000,000 USDG: 1 ETH is 3,000 USDG at the mid price, before the fee and the move.
    const { result } = run(
      fakeNode(
        (path) => (path.length === 2 ? [10n ** 18n, 2_988_020_928n] : { revert: null }),
        ([token0]) =>
          token0 === WETH.contract
            ? [1_000n * 10n ** 18n, 3_000_000n * 10n ** 6n]
            : [3_000_000n * 10n ** 6n, 1_000n * 10n ** 18n],
      ),
    )
    const quote = VenueQuoteSchema.parse(await result)
    expect(quote.midBuyAmount).toBe(3_000_000_000n)
    // A pair without reserves (or a node that cannot say) leaves it out; the quote stands.
    const bare = VenueQuoteSchema.parse(
      await run(fakeNode((path) => (path.length === 2 ? [10n ** 18n, 5n] : { revert: null }))).result,
    )
    expect(bare.midBuyAmount).toBeUndefined()
    expect(bare.buyAmount).toBe(5n)
  })

  it("multiplies the mid prices of a two-hop path's pairs", async () => {
    const request = rhdRequest({ sellToken: TOKEN, buyToken: USDG, sellAmount: 10n * 10n ** 18n })
    // 1 TKN is 0.01 WETH, 1 WETH is 2,000 USDG: 10 TKN is 200 USDG at the mid price.
    const reserves = ([token0, token1]: readonly [string, string]): readonly [bigint, bigint] => {
      const amounts: Record<string, bigint> = {
        [`${TOKEN.contract}:${WETH.contract}`]: 10n ** 24n,
        [`${WETH.contract}:${TOKEN.contract}`]: 10n ** 22n,
        [`${WETH.contract}:${USDG.contract}`]: 10n ** 21n,
        [`${USDG.contract}:${WETH.contract}`]: 2n * 10n ** 12n,
      }
      return [amounts[`${token0}:${token1}`] ?? 0n, amounts[`${token1}:${token0}`] ?? 0n]
    }
    const { result } = run(
      fakeNode(
        (path) => (path.length === 3 ? [10n ** 19n, 10n ** 17n, 198_000_000n] : { revert: null }),
        reserves,
      ),
      request,
    )
    const quote = VenueQuoteSchema.parse(await result)
    expect(quote.midBuyAmount).toBe(200_000_000n)
  })

  it('sells an ERC-20 for the native coin with swapExactTokensForETH and an exact approval of the router', async () => {
    const request = rhdRequest({
      sellToken: USDG,
      buyToken: nativeToken(robinhood),
      sellAmount: 5_000_000n,
      slippagePercent: 1,
    })
    const quote = (await run(
      fakeNode(() => [5_000_000n, 1_590_000_000_000_000n]),
      request,
    ).result) as VenueQuote
    const call = decodeFunctionData({ abi: uniswapV2RouterAbi, data: quote.tx!.data as Hex })
    expect(call.functionName).toBe('swapExactTokensForETH')
    expect(call.args?.slice(0, 3)).toEqual([
      5_000_000n,
      (1_590_000_000_000_000n * 9_900n) / 10_000n,
      [USDG.contract, WETH.contract],
    ])
    expect(quote.tx?.value).toBe('0x0')
    expect(quote.approval).toEqual({
      chainId: 4663,
      token: USDG.contract,
      spender: ROUTER,
      amountWei: '5000000',
    })
  })

  it('routes through the wrapped native when there is no direct pair', async () => {
    const request = rhdRequest({ sellToken: USDG, buyToken: TOKEN, sellAmount: 5_000_000n })
    const { result } = run(
      fakeNode((path) => (path.length === 2 ? { revert: null } : [5_000_000n, 10n ** 15n, 7n * 10n ** 18n])),
      request,
    )
    const quote = (await result) as VenueQuote
    const call = decodeFunctionData({ abi: uniswapV2RouterAbi, data: quote.tx!.data as Hex })
    expect(call.functionName).toBe('swapExactTokensForTokens')
    expect(call.args?.[2]).toEqual([USDG.contract, WETH.contract, TOKEN.contract])
    expect(quote.buyAmount).toBe(7n * 10n ** 18n)
  })

  it('keeps the better of the direct and the two-hop path', async () => {
    const request = rhdRequest({ sellToken: USDG, buyToken: TOKEN, sellAmount: 5_000_000n })
    const quote = (await run(
      fakeNode((path) => (path.length === 2 ? [5_000_000n, 6n] : [5_000_000n, 1n, 9n])),
      request,
    ).result) as VenueQuote
    expect(quote.buyAmount).toBe(9n)
  })

  it('declines on INSUFFICIENT_LIQUIDITY and on the empty revert of a missing pair', async () => {
    expect(
      await run(fakeNode(() => ({ revert: 'UniswapV2Library: INSUFFICIENT_LIQUIDITY' }))).result,
    ).toEqual({
      noRoute: true,
      reason: expect.stringContaining('INSUFFICIENT_LIQUIDITY'),
    })
    const request = rhdRequest({ sellToken: USDG, buyToken: TOKEN, sellAmount: 5_000_000n })
    expect(
      await run(
        fakeNode(() => ({ revert: null })),
        request,
      ).result,
    ).toMatchObject({ noRoute: true })
  })

  it('declines wrapping, which is not a swap', async () => {
    expect(
      await run(
        fakeNode(() => [1n, 1n]),
        rhdRequest({ buyToken: WETH }),
      ).result,
    ).toMatchObject({ noRoute: true })
  })

  it('collects no partner fee and says the call has no fee hook', async () => {
    const quote = (await run(
      fakeNode(() => [10n ** 18n, 3n]),
      rhdRequest({ partner: 'acme', partnerFeeBps: 30 }),
    ).result) as VenueQuote
    expect(quote.partnerFee).toEqual({ collectedBps: 0, note: expect.stringContaining('no fee hook') })
  })

  it('fails as UPSTREAM_ERROR when the RPC is down or answers 5xx, without naming the RPC URL', async () => {
    for (const answer of [{ throws: new TypeError('fetch failed') }, { status: 503, text: 'unavailable' }]) {
      const error = await run(() => answer).result.catch((caught: unknown) => caught)
      expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' })
      expect((error as Error).message).not.toContain('secret-key')
    }
  })

  it('fails as UPSTREAM_ERROR on an RPC limit error, which is not a revert', async () => {
    const handler = (call: RecordedCall): FakeAnswer => ({
      json: {
        jsonrpc: '2.0',
        id: (call.body as { id: number }).id,
        error: { code: -32005, message: 'limit exceeded' },
      },
    })
    await expect(run(handler).result).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' })
  })

  it('serves RHD same-chain only', () => {
    const venue = createRouterVenue(options)
    expect(venue.serves(rhdRequest())).toBe(true)
    expect(venue.serves(createTestRequest())).toBe(false)
    expect(venue.serves(rhdRequest({ buyChain: ethereum }))).toBe(false)
  })
})
