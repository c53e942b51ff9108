import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { encodeFunctionData, erc20Abi, getAddress, parseAbi, type Address } from 'viem'
import { z } from 'zod'
import { formatAmount, parseAmount } from '../../../shared/amount'
import type { ChainContext } from '../simulators/chainContext'
import type { FaultController } from '../simulators/faults/createFaultController'
import { isChainAddress } from '../thorchain/addresses/isChainAddress'
import { crossChainFaultMiddleware } from '../thorchain/faults/crossChainFaults'
import { aggregatorSwapGas, THORCHAIN_ROUTER_DEPOSIT_GAS } from '../../market/marketModel'
import { encodeSettle, type SettlerFee } from '../simulators/settler/encodeSettle'
import { estimateSettlerGas } from '../simulators/settler/estimateSettlerGas'
import { NATIVE_PLACEHOLDER } from '../simulators/pricing/nativeToken'
import type { MemoAffiliate } from '../thorchain/memo/parseSwapMemo'
import { parseSwapkitAsset, swapkitChainIds, type SwapkitAsset } from './swapkitAssets'
import { swapkitError } from './swapkitError'
import {
  fetchThornodeQuote,
  readThorchainPrices,
  thorchainRouteFields,
  type ProviderError,
  type ThorchainRouteRequest,
  type ThornodeQuote,
} from './thorchainRoute'
import { minimumOut, priceUniswapRoute, uniswapRouteFields } from './uniswapRoute'
import { readAssetPrices } from './readAssetPrices'

const thorchainRouterAbi = parseAbi([
  'function depositWithExpiry(address vault, address asset, uint256 amount, string memo, uint256 expiration) payable',
])

/** THORChain's chain codes: routes between their assets can go through THORChain. */
const thorchainChains = new Set(['BTC', 'ETH', 'BSC', 'AVAX', 'BASE', 'BCH', 'LTC', 'DOGE', 'GAIA', 'THOR'])

/** What an API key carries at SwapKit: the integrator's affiliate (THORName) and fee. */
export type SwapkitKeyConfig = {
  affiliate?: string
  affiliateBps?: number
  /** Where the key's affiliate fee is paid on EVM same-chain routes (default: SwapKit's fee wallet). */
  affiliateAddress?: Address
}

export type CreateSwapkitSimulatorParameters = {
  /** Base URL of the THORNode the THORChain routes are priced on. */
  thornodeUrl: string
  /** Sandbox EVM chains by chain id, for same-chain `UNISWAP_V2` routes. */
  chains: Map<number, ChainContext>
  /** SwapKit's aggregator contract (a `SandboxSettler`) per chain id: same-chain routes settle through it. */
  settlers?: Map<number, Address>
  faults: FaultController
  /** Accepted `x-api-key` values and what each carries; any non-empty key when absent. */
  apiKeys?: Record<string, SwapkitKeyConfig>
  /** SwapKit's own affiliate in THORChain memos, and its platform fee (0.15% per SwapKit's docs). */
  serviceAffiliate?: string
  serviceBps?: number
  fetch?: typeof globalThis.fetch
  /** Epoch milliseconds. */
  now?: () => number
  /** How long a `routeId` stays buildable (SwapKit caches routes about 5 minutes). */
  routeTtlMs?: number
  thornodeTimeoutMs?: number
}

const QuoteBodySchema = z.object({
  sellAsset: z.string().min(1).max(200),
  buyAsset: z.string().min(1).max(200),
  sellAmount: z.union([z.string(), z.number()]).transform(String),
  providers: z.array(z.string()).optional(),
  slippage: z.number().min(0).max(50).optional(),
  sourceAddress: z.string().max(128).optional(),
  destinationAddress: z.string().max(128).optional(),
  affiliateFee: z.number().int().min(0).max(1000).optional(),
  referrer: z.string().optional(),
  cfBoost: z.boolean().optional(),
  maxExecutionTime: z.number().optional(),
  disableEstimate: z.boolean().optional(),
})

const SwapBodySchema = z.object({
  routeId: z.string().min(1).max(100),
  sourceAddress: z.string().min(1).max(128),
  destinationAddress: z.string().min(1).max(128),
  disableBuildTx: z.boolean().optional(),
  disableBalanceCheck: z.boolean().optional(),
  disableEstimate: z.boolean().optional(),
  allowSmartContractSender: z.boolean().optional(),
  allowSmartContractReceiver: z.boolean().optional(),
  disableSecurityChecks: z.boolean().optional(),
  overrideSlippage: z.boolean().optional(),
})

type StoredRoute = { createdAtMs: number; fields: Record<string, unknown> } & (
  | { kind: 'thorchain'; request: ThorchainRouteRequest }
  | {
      kind: 'uniswap'
      sell: SwapkitAsset
      buy: SwapkitAsset
      sellAmount: bigint
      slippageBps: number
      context: ChainContext
      settler: Address
      fees: SettlerFee[]
      affiliateBps: number
    }
)

/**
 * A SwapKit API v3 simulator (`venues/routing-provider.md`): `POST /v3/quote` prices routes,
 * `POST /v3/swap` builds the chosen one, `GET /providers` lists providers; `x-api-key` required.
 * THORChain routes (`THORCHAIN_STREAMING` by default, `THORCHAIN` on request) are priced by asking
 * the THORNode simulator over HTTP, with SwapKit's own affiliate and fee (plus the key's affiliate)
 * in the memo; from an EVM chain `/v3/swap` returns the router's `depositWithExpiry` transaction and
 * an exact approval. Same-chain EVM swaps are also priced as `UNISWAP_V2` routes on the sandbox pools.
 * Declining providers appear in `providerErrors[]`; no route at all is a 404 `noRoutesFound`.
 */
export function createSwapkitSimulator({
  thornodeUrl,
  chains,
  settlers = new Map(),
  faults,
  apiKeys,
  serviceAffiliate = 'sk',
  serviceBps = 15,
  fetch = globalThis.fetch,
  now = Date.now,
  routeTtlMs = 5 * 60_000,
  thornodeTimeoutMs = 5_000,
}: CreateSwapkitSimulatorParameters): { app: Hono } {
  const app = new Hono()
  const routes = new Map<string, StoredRoute>()
  const contextOf = (asset: SwapkitAsset) =>
    asset.chainId === undefined ? undefined : chains.get(asset.chainId)
  /**
   * A THORChain route's fields as `/v3/quote` and `/v3/swap` answer them alike: THORNode's quote with
   * the source chain's inbound fee, and both assets' USD prices in `meta.assets`. The prices do not
   * depend on the quote, so they are read alongside it: a route costs one THORNode round trip, not
   * two in turn (with every simulator at 50 ms, SwapKit answered at about 110).
   */
  const readThorchainRoute = async (
    request: ThorchainRouteRequest,
    destination: string | undefined,
    routeId: string,
  ) => {
    const quoted = fetchThornodeQuote({
      thornodeUrl,
      fetch,
      request,
      destination,
      timeoutMs: thornodeTimeoutMs,
    })
    const prices = readThorchainPrices({ thornodeUrl, fetch, request, timeoutMs: thornodeTimeoutMs })
    const answer = await quoted
    if (!answer.ok) return { ok: false as const, error: answer.error }
    const [fields, assets] = await Promise.all([
      withInboundFee(
        thorchainRouteFields({ request, quote: answer.quote, routeId, serviceAffiliate }),
        request.sell,
        contextOf(request.sell),
      ),
      prices,
    ])
    return { ok: true as const, quote: answer.quote, fields: { ...fields, meta: { ...fields.meta, assets } } }
  }

  app.use('/v3/*', async (c, next) => {
    const key = c.req.header('x-api-key')
    if (!key || (apiKeys && !apiKeys[key]))
      return c.json(swapkitError('apiKeyInvalid', 'Invalid API key'), 401)
    return next()
  })
  app.use(
    '*',
    crossChainFaultMiddleware({
      controller: faults,
      simulator: 'swapkit',
      serverErrorBody: () => swapkitError('apiRequestFailed', 'Internal server error'),
      noLiquidity: (c) =>
        c.req.path === '/v3/quote'
          ? c.json(swapkitError('noRoutesFound', 'No routes found'), 404)
          : undefined,
      malformedBody: '{"quoteId":"',
    }),
  )

  app.get('/providers', (c) =>
    c.json(
      ['THORCHAIN', 'THORCHAIN_STREAMING', 'UNISWAP_V2'].map((provider) => ({
        name: provider,
        provider,
        enabledChainIds:
          provider === 'UNISWAP_V2'
            ? [...chains.values()]
                .map((context) => String(context.chainId))
                .filter((id) => Object.values(swapkitChainIds).includes(id))
            : [...thorchainChains].map((chain) => swapkitChainIds[chain]!),
      })),
    ),
  )

  app.post('/v3/quote', async (c) => {
    const parsed = QuoteBodySchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) return invalidBody(c, parsed.error)
    const body = parsed.data
    const sell = parseSwapkitAsset(body.sellAsset)
    const buy = parseSwapkitAsset(body.buyAsset)
    if (!sell)
      return c.json(swapkitError('invalidAsset', `Invalid asset: ${body.sellAsset.slice(0, 80)}`), 400)
    if (!buy) return c.json(swapkitError('invalidAsset', `Invalid asset: ${body.buyAsset.slice(0, 80)}`), 400)
    if (sell.identifier === buy.identifier)
      return c.json(swapkitError('invalidParam', 'sellAsset and buyAsset must differ'), 400)
    let sellAmount: bigint
    try {
      sellAmount = parseAmount({ value: body.sellAmount, decimals: sell.decimals })
    } catch {
      return c.json(
        swapkitError('invalidParam', 'body/sellAmount must be a positive decimal in the asset’s units'),
        400,
      )
    }
    if (body.destinationAddress !== undefined && !isChainAddress(buy.chain, body.destinationAddress)) {
      return c.json(swapkitError('invalidDestinationAddress', `Invalid address for ${buy.chain}`), 400)
    }
    if (body.sourceAddress !== undefined && !isChainAddress(sell.chain, body.sourceAddress)) {
      return c.json(swapkitError('invalidSourceAddress', `Invalid address for ${sell.chain}`), 400)
    }
    const slippageBps = Math.round((body.slippage ?? 3) * 100)
    const keyConfig = apiKeys?.[c.req.header('x-api-key')!] ?? {}
    const keyBps = body.affiliateFee ?? keyConfig.affiliateBps ?? 0
    const affiliates: MemoAffiliate[] = [
      { name: serviceAffiliate, bps: serviceBps },
      ...(keyConfig.affiliate && keyBps > 0 ? [{ name: keyConfig.affiliate, bps: keyBps }] : []),
    ]
    const requested = body.providers ?? ['THORCHAIN_STREAMING', 'UNISWAP_V2']
    const viaThorchain = thorchainChains.has(sell.chain) && thorchainChains.has(buy.chain)

    const thorchainProviders = (['THORCHAIN_STREAMING', 'THORCHAIN'] as const).filter((name) =>
      requested.includes(name),
    )
    // SwapKit asks its providers at once: a THORChain route's wait for THORNode does not hold up the
    // aggregator's pricing.
    const priceThorchain = async (provider: (typeof thorchainProviders)[number]): Promise<Priced> => {
      if (!viaThorchain) {
        return {
          error: {
            provider,
            errorCode: 'noRoutesFound',
            message: `${provider} does not serve ${sell.chain} -> ${buy.chain}`,
          },
        }
      }
      const request: ThorchainRouteRequest = { provider, sell, buy, sellAmount, slippageBps, affiliates }
      const routeId = randomUUID()
      const route = await readThorchainRoute(request, body.destinationAddress, routeId)
      if (!route.ok) return { error: route.error }
      const { fields } = route
      routes.set(routeId, { kind: 'thorchain', request, createdAtMs: now(), fields })
      return { fields }
    }
    const priceUniswap = async (): Promise<Priced> => {
      const context = sell.chain === buy.chain ? contextOf(sell) : undefined
      const settler = context ? settlers.get(context.chainId) : undefined
      const fees = settlerFees({ platformBps: serviceBps, affiliateBps: keyBps, keyConfig })
      const route =
        context && settler ? await priceUniswapRoute({ context, sell, buy, sellAmount, fees }) : undefined
      if (!context || !settler || !route) {
        return {
          error: {
            provider: 'UNISWAP_V2',
            errorCode: 'noRoutesFound',
            message: `No UNISWAP_V2 route for ${sell.identifier} -> ${buy.identifier}`,
          },
        }
      }
      const routeId = randomUUID()
      const [gasPrice, assets] = await Promise.all([
        context.marketGasPrice(),
        readAssetPrices({ context, assets: [sell, buy] }),
      ])
      const fields = uniswapRouteFields({
        routeId,
        sell,
        buy,
        sellAmount,
        route,
        slippageBps,
        expiration: Math.floor(now() / 1000) + 60,
        routerAddress: settler,
        affiliateBps: keyBps,
        networkFeeWei: gasPrice * aggregatorSwapGas(route.route.path.length - 1),
        nativeAsset: `${sell.chain}.${context.nativeSymbol}`,
        assets,
      })
      routes.set(routeId, {
        kind: 'uniswap',
        sell,
        buy,
        sellAmount,
        slippageBps,
        context,
        settler,
        fees,
        affiliateBps: keyBps,
        createdAtMs: now(),
        fields,
      })
      return { fields }
    }
    // The routes in a fixed order, however they answered: THORChain's providers, then the aggregator.
    const priced = await Promise.all([
      ...thorchainProviders.map(priceThorchain),
      ...(requested.includes('UNISWAP_V2') ? [priceUniswap()] : []),
    ])
    const providerErrors = priced.flatMap(({ error }) => (error ? [error] : []))
    const found = priced.flatMap(({ fields }) => (fields ? [fields] : []))
    if (found.length === 0) {
      return c.json(
        swapkitError('noRoutesFound', `No routes found for ${sell.identifier} -> ${buy.identifier}`, {
          providerErrors,
        }),
        404,
      )
    }
    tagRoutes(found)
    return c.json({ quoteId: randomUUID(), routes: found, providerErrors })
  })

  app.post('/v3/swap', async (c) => {
    const parsed = SwapBodySchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) return invalidBody(c, parsed.error)
    const body = parsed.data
    const stored = routes.get(body.routeId)
    if (!stored) return c.json(swapkitError('swapRouteNotFound', 'Route not found'), 404)
    if (now() - stored.createdAtMs > routeTtlMs) {
      routes.delete(body.routeId)
      return c.json(swapkitError('quoteExpired', 'Route expired, request a new quote'), 404)
    }
    const sell = stored.kind === 'thorchain' ? stored.request.sell : stored.sell
    const buy = stored.kind === 'thorchain' ? stored.request.buy : stored.buy
    if (!isChainAddress(sell.chain, body.sourceAddress)) {
      return c.json(swapkitError('invalidSourceAddress', `Invalid address for ${sell.chain}`), 400)
    }
    if (!isChainAddress(buy.chain, body.destinationAddress)) {
      return c.json(swapkitError('invalidDestinationAddress', `Invalid address for ${buy.chain}`), 400)
    }
    const common = {
      sourceAddress: body.sourceAddress,
      destinationAddress: body.destinationAddress,
      swapId: randomUUID(),
    }

    if (stored.kind === 'uniswap') {
      const route = await priceUniswapRoute({
        context: stored.context,
        sell,
        buy,
        sellAmount: stored.sellAmount,
        fees: stored.fees,
      })
      if (!route) return c.json(swapkitError('noRoutesFound', 'The route has no liquidity any more'), 404)
      const fields = uniswapRouteFields({
        routeId: body.routeId,
        sell,
        buy,
        sellAmount: stored.sellAmount,
        route,
        slippageBps: stored.slippageBps,
        expiration: Math.floor(now() / 1000) + 60,
        routerAddress: stored.settler,
        affiliateBps: stored.affiliateBps,
        networkFeeWei:
          (await stored.context.marketGasPrice()) * aggregatorSwapGas(route.route.path.length - 1),
        nativeAsset: `${sell.chain}.${stored.context.nativeSymbol}`,
        assets: await readAssetPrices({ context: stored.context, assets: [sell, buy] }),
      })
      const source = getAddress(body.sourceAddress)
      const data = encodeSettle({
        sellToken: sell.contract ?? NATIVE_PLACEHOLDER,
        buyToken: buy.contract ?? NATIVE_PLACEHOLDER,
        sellAmount: stored.sellAmount,
        minBuyAmount: minimumOut(route.buyAmount, stored.slippageBps),
        path: route.route.path,
        recipient: getAddress(body.destinationAddress),
        deadline: BigInt(Math.floor(now() / 1000) + 1200),
        fees: stored.fees,
      })
      const value = sell.contract ? 0n : stored.sellAmount
      return c.json({
        ...fields,
        ...common,
        targetAddress: stored.settler,
        txType: 'EVM',
        // With the settler's gas limit (headroom for a pair's accumulator writes), as SwapKit states `gas`.
        tx: {
          to: stored.settler,
          from: source,
          value: String(value),
          data,
          gas: String(estimateSettlerGas({ hops: route.route.path.length - 1 })),
        },
        ...(sell.contract
          ? {
              approvalTx: approvalTx({
                token: sell.contract,
                from: source,
                spender: stored.settler,
                amount: stored.sellAmount,
              }),
            }
          : {}),
        meta: {
          ...(fields.meta as object),
          isRefreshed: fields.expectedBuyAmount !== stored.fields.expectedBuyAmount,
          priceImpact: 0,
        },
      })
    }

    const route = await readThorchainRoute(stored.request, body.destinationAddress, body.routeId)
    if (!route.ok) {
      const status =
        route.error.errorCode === 'apiRequestFailed' || route.error.errorCode === 'requestTimeout' ? 500 : 400
      return c.json(swapkitError(route.error.errorCode, route.error.message), status)
    }
    const { quote, fields } = route
    const isEvm = sell.chainId !== undefined && quote.router !== undefined
    const built = isEvm
      ? evmDeposit({ sell, quote, from: getAddress(body.sourceAddress), amount: stored.request.sellAmount })
      : utxoOrCosmosDeposit({ sell, quote, from: body.sourceAddress, amount: stored.request.sellAmount })
    return c.json({
      ...fields,
      ...common,
      targetAddress: isEvm ? quote.router : quote.inbound_address,
      inboundAddress: quote.inbound_address,
      memo: quote.memo,
      ...built,
      meta: {
        ...fields.meta,
        priceImpact: Number(quote.fees.slippage_bps) / 100,
        isRefreshed: fields.expectedBuyAmount !== stored.fields.expectedBuyAmount,
      },
    })
  })

  app.notFound((c) => c.json(swapkitError('notFound', 'Not Found'), 404))
  app.onError((error, c) => {
    console.error('[swapkit simulator]', error)
    return c.json(swapkitError('apiRequestFailed', 'Internal server error'), 500)
  })
  return { app }
}

function invalidBody(c: Context, error: z.ZodError) {
  const issue = error.issues[0]
  return c.json(
    swapkitError(
      'invalidParam',
      `body/${issue?.path.join('/') || ''} ${issue?.message ?? 'is invalid'}`.trim(),
    ),
    400,
  )
}

function approvalTx({
  token,
  from,
  spender,
  amount,
}: {
  token: Address
  from: Address
  spender: Address
  amount: bigint
}) {
  // Exactly the sold amount: never an unlimited approval.
  return {
    to: token,
    from,
    value: '0',
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
  }
}

function evmDeposit({
  sell,
  quote,
  from,
  amount,
}: {
  sell: SwapkitAsset
  quote: { router?: string; inbound_address: string; memo?: string; expiry: number }
  from: Address
  amount: bigint
}) {
  const router = getAddress(quote.router!)
  const data = encodeFunctionData({
    abi: thorchainRouterAbi,
    functionName: 'depositWithExpiry',
    // The router takes the amount in the asset's own decimals, not THORChain's 1e8.
    args: [
      getAddress(quote.inbound_address),
      sell.contract ?? '0x0000000000000000000000000000000000000000',
      amount,
      quote.memo ?? '',
      BigInt(quote.expiry),
    ],
  })
  return {
    txType: 'EVM',
    tx: { to: router, from, value: String(sell.contract ? 0n : amount), data },
    ...(sell.contract
      ? { approvalTx: approvalTx({ token: sell.contract, from, spender: router, amount }) }
      : {}),
  }
}

function utxoOrCosmosDeposit({
  sell,
  quote,
  from,
  amount,
}: {
  sell: SwapkitAsset
  quote: { inbound_address: string; memo?: string }
  from: string
  amount: bigint
}) {
  if (sell.chain === 'GAIA') {
    return {
      txType: 'COSMOS',
      tx: {
        memo: quote.memo ?? '',
        accountNumber: 0,
        sequence: 0,
        chainId: 'cosmoshub-4',
        msgs: [
          {
            typeUrl: '/cosmos.bank.v1beta1.MsgSend',
            value: {
              fromAddress: from,
              toAddress: quote.inbound_address,
              amount: [{ denom: 'uatom', amount: String(amount) }],
            },
          },
        ],
        fee: { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' },
      },
    }
  }
  if (sell.chain === 'THOR') {
    return {
      txType: 'COSMOS',
      tx: {
        memo: quote.memo ?? '',
        accountNumber: 0,
        sequence: 0,
        chainId: 'thorchain-1',
        msgs: [
          {
            typeUrl: '/types.MsgDeposit',
            value: {
              coins: [{ asset: 'THOR.RUNE', amount: String(amount) }],
              memo: quote.memo ?? '',
              signer: from,
            },
          },
        ],
        fee: { amount: [], gas: '500000000' },
      },
    }
  }
  // The sandbox has no UTXO set to build a PSBT from: the caller sends to `inboundAddress` with the memo.
  return { txType: 'PSBT' }
}

function tagRoutes(routes: Record<string, unknown>[]) {
  const amount = (route: Record<string, unknown>) => Number(route.expectedBuyAmount)
  const time = (route: Record<string, unknown>) => (route.estimatedTime as { total: number }).total
  const best = routes.reduce((a, b) => (amount(b) > amount(a) ? b : a))
  const fastest = routes.reduce((a, b) => (time(b) < time(a) ? b : a))
  for (const route of routes) {
    const tags = (route.meta as { tags: string[] }).tags
    if (route === best) tags.push('RECOMMENDED', 'CHEAPEST')
    if (route === fastest) tags.push('FASTEST')
  }
}

/** SwapKit's own wallet for its platform fee on same-chain routes (a sandbox address nobody holds). */
export const SWAPKIT_FEE_WALLET: Address = '0x00000000000000000000000000000000005ca1e0'

/**
 * The fees SwapKit's aggregator takes from the sell amount in the swap: its platform fee to its own
 * wallet, the key's affiliate fee to the key's address (docs.swapkit.dev, "Fees").
 */
function settlerFees({
  platformBps,
  affiliateBps,
  keyConfig,
}: {
  platformBps: number
  affiliateBps: number
  keyConfig: SwapkitKeyConfig
}): SettlerFee[] {
  return [
    ...(platformBps > 0
      ? [{ recipient: SWAPKIT_FEE_WALLET, ppm: platformBps * 100, inBuyToken: false }]
      : []),
    ...(affiliateBps > 0
      ? [
          {
            recipient: keyConfig.affiliateAddress ?? SWAPKIT_FEE_WALLET,
            ppm: affiliateBps * 100,
            inBuyToken: false,
          },
        ]
      : []),
  ]
}

/** One provider's part of a quote: its route, or why it has none. */
type Priced = { fields?: Record<string, unknown>; error?: ProviderError }

/**
 * A THORChain route from an EVM chain also costs the router deposit's gas on the source chain: listed
 * as an `inbound` fee in the chain's native asset, as SwapKit lists it.
 */
async function withInboundFee<Fields extends { fees: unknown[] }>(
  fields: Fields,
  sell: SwapkitAsset,
  context: ChainContext | undefined,
): Promise<Fields> {
  if (!context) return fields
  const gas = sell.contract ? THORCHAIN_ROUTER_DEPOSIT_GAS.token : THORCHAIN_ROUTER_DEPOSIT_GAS.native
  const amount = formatAmount({ value: gas * (await context.marketGasPrice()), decimals: 18 })
  const inbound = {
    type: 'inbound',
    amount,
    asset: `${sell.chain}.${context.nativeSymbol}`,
    chain: sell.chain,
    protocol: 'THORCHAIN',
  }
  return { ...fields, fees: [inbound, ...fields.fees] }
}
