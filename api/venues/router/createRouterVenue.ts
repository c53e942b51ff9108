import {
  createPublicClient,
  getAddress,
  http,
  isAddressEqual,
  parseAbi,
  type Address,
  type PublicClient,
} from 'viem'
import { isSwapError } from '../../../shared'
import type { Venue, VenueContext, VenueQuote, VenueRequest } from '../venue'
import { slippagePercentToPpm } from '../common/slippagePercentToPpm'
import { buildRouterSwapTx } from './buildRouterSwapTx'
import { classifyRouterError } from './classifyRouterError'
import type { RouterVenueOptions } from './routerVenueOptions'
import { uniswapV2RouterAbi } from './uniswapV2RouterAbi'

/**
 * The direct router venue (`provider: 'router'`) for chain RHD: prices with `getAmountsOut` on a
 * Uniswap-V2-style Router02 over the direct pair and through the wrapped native (read from `WETH()`),
 * keeps the better path, and builds the `swapExact*` call with `amountOutMin` from the slippage
 * (default 0.5 %) and a deadline from the latest block. ERC-20 sells approve the router for exactly
 * the amount. No fee: the call has no fee hook. RPC goes through the injected `fetch` and signal.
 *
 * @example
 * const venue = createRouterVenue({ rpcUrl: 'http://127.0.0.1:8545', routerAddress: '0x…' })
 */
export function createRouterVenue(options: RouterVenueOptions): Venue {
  const chainId = options.chainId ?? 4663
  // Router02's `WETH()` and `factory()` are immutable: read by the first quote that gets them, then kept.
  const constants: RouterConstants = {}
  return {
    id: 'router',
    name: 'RHD direct router',
    serves: (request: VenueRequest) =>
      request.sellChain.chainId === chainId && request.buyChain.chainId === chainId,
    async quote(request, context) {
      try {
        return await quoteOnRouter(request, context, options, constants)
      } catch (error) {
        if (context.signal.aborted) throw error
        const classified = isSwapError(error) ? error : classifyRouterError(error)
        if (isSwapError(classified)) throw classified
        return classified
      }
    },
  }
}

/** The router's immutable addresses, once a quote has read them. */
type RouterConstants = { known?: { wrapped: Address; factory: Address } }

async function quoteOnRouter(
  request: VenueRequest,
  { fetch, signal }: VenueContext,
  options: RouterVenueOptions,
  constants: RouterConstants,
) {
  const client = createPublicClient({
    transport: http(options.rpcUrl, {
      // viem reads a `Response`; the venue's fetch answers only status and text.
      fetchFn: async (input, init) => {
        const answer = await fetch(String(input), {
          method: init?.method ?? 'POST',
          headers: init?.headers as Record<string, string>,
          body: init?.body as string,
          signal,
        })
        const text = await answer.text()
        return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : text, { status: answer.status })
      },
      retryCount: 0,
    }),
  })
  const router = getAddress(options.routerAddress)
  if (!constants.known) {
    const [wrapped, factory] = await Promise.all([
      client.readContract({ address: router, abi: uniswapV2RouterAbi, functionName: 'WETH' }),
      client.readContract({ address: router, abi: uniswapV2RouterAbi, functionName: 'factory' }),
    ])
    constants.known = { wrapped, factory }
  }
  const { wrapped, factory } = constants.known
  const sell =
    request.sellToken.kind === 'native' ? wrapped : getAddress(request.sellToken.contract as string)
  const buy = request.buyToken.kind === 'native' ? wrapped : getAddress(request.buyToken.contract as string)
  if (isAddressEqual(sell, buy))
    return { noRoute: true as const, reason: 'RHD router: wrapping or unwrapping is not a swap' }

  const paths: `0x${string}`[][] = [[sell, buy]]
  // No direct pair is common for long-tail tokens: the wrapped native is the hub.
  if (!isAddressEqual(sell, wrapped) && !isAddressEqual(buy, wrapped)) paths.push([sell, wrapped, buy])
  // Beside the pricing: the pairs of every candidate path, for the best one's mid price.
  const pairs = new Map(
    paths
      .flatMap(hopsOf)
      .map(([from, to]) => [
        `${from}:${to}`,
        client
          .readContract({ address: factory, abi: factoryAbi, functionName: 'getPair', args: [from, to] })
          .catch(() => undefined),
      ]),
  )
  const [block, ...priced] = await Promise.all([
    client.getBlock(),
    ...paths.map((path) =>
      client
        .readContract({
          address: router,
          abi: uniswapV2RouterAbi,
          functionName: 'getAmountsOut',
          args: [request.sellAmount, path],
        })
        .then((amounts) => ({ path, output: amounts[amounts.length - 1] ?? 0n }))
        .catch((error: unknown) => ({ path, error })),
    ),
  ])
  const quoted = priced.flatMap((result) => ('output' in result && result.output > 0n ? [result] : []))
  const best = quoted.sort((a, b) => (a.output === b.output ? 0 : a.output > b.output ? -1 : 1))[0]
  if (!best) {
    const failures = priced.flatMap((result) =>
      'error' in result ? [classifyRouterError(result.error)] : [],
    )
    const outage = failures.find(isSwapError)
    if (outage) throw outage
    const reasons = failures.map((failure) => (isSwapError(failure) ? '' : failure.reason)).filter(Boolean)
    return { noRoute: true as const, reason: reasons[0] ?? 'RHD router: the output rounds to zero' }
  }

  const slippagePpm =
    request.slippagePercent === undefined
      ? (options.defaultSlippageBps ?? 50) * 100
      : slippagePercentToPpm(request.slippagePercent)
  // uniswap-v2.md's floor: output × (1 − slippage), rounded down so it never over-promises.
  const amountOutMin = (best.output * BigInt(1_000_000 - slippagePpm)) / 1_000_000n
  const deadline = block.timestamp + BigInt(options.deadlineSeconds ?? 1200)
  const midBuyAmount = await readMidOutput(client, pairs, best.path, request.sellAmount)
  const tx = buildRouterSwapTx({ request, routerAddress: router, path: best.path, amountOutMin, deadline })
  const quote: VenueQuote = {
    provider: 'router',
    sellAmount: request.sellAmount,
    buyAmount: best.output,
    minBuyAmount: amountOutMin,
    netBuyAmount: best.output,
    ...(midBuyAmount ? { midBuyAmount } : {}),
    tx,
    ...(request.sellToken.kind === 'erc20'
      ? {
          approval: {
            chainId: tx.chainId,
            token: request.sellToken.contract as string,
            spender: router,
            amountWei: request.sellAmount.toString(),
          },
        }
      : {}),
    serviceFeeBps: 0,
    ...(request.partnerFeeBps > 0
      ? {
          partnerFee: {
            collectedBps: 0,
            note: 'No partner fee on the RHD router route: the router call has no fee hook.',
          },
        }
      : {}),
  }
  return quote
}

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

/** A path's hops, each as its two tokens in the direction of the trade. */
function hopsOf(path: readonly Address[]): (readonly [Address, Address])[] {
  return path.slice(1).map((to, index) => [path[index] as Address, to] as const)
}

/**
 * What `amount` buys along `path` at its pairs' mid prices (each hop's reserve out over reserve in,
 * before the 0.3% fee and the trade's own move), rounded down; undefined when it cannot be read (the
 * quote then stands without it). The basis of the route's price impact, as Uniswap's v2-sdk takes a
 * route's mid price from its pairs' reserves (`Route.midPrice`). A pair's token0 is the lower address
 * (UniswapV2Factory `createPair` sorts them), so no read of `token0` is needed.
 */
async function readMidOutput(
  client: PublicClient,
  pairs: ReadonlyMap<string, Promise<Address | undefined>>,
  path: readonly Address[],
  amount: bigint,
): Promise<bigint | undefined> {
  const reserves = await Promise.all(
    hopsOf(path).map(async ([from, to]) => {
      const pair = await pairs.get(`${from}:${to}`)
      if (!pair) return undefined
      const [reserve0, reserve1] = await client.readContract({
        address: pair,
        abi: pairAbi,
        functionName: 'getReserves',
      })
      return BigInt(from) < BigInt(to) ? [reserve0, reserve1] : [reserve1, reserve0]
    }),
  ).catch(() => undefined)
  if (!reserves || reserves.some((hop) => !hop?.[0] || !hop[1])) return undefined
  let numerator = amount
  let denominator = 1n
  for (const [reserveIn, reserveOut] of reserves as [bigint, bigint][]) {
    numerator *= reserveOut
    denominator *= reserveIn
  }
  const mid = numerator / denominator
  return mid > 0n ? mid : undefined
}

/** Statuses a `Response` must be built without a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304])
