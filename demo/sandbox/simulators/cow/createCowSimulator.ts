import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import { getAddress, keccak256, stringToHex, type Address, type Hex } from 'viem'
import { z } from 'zod'
import type { ChainContext } from '../chainContext'
import type { FaultController } from '../faults/createFaultController'
import { faultMiddleware } from '../faults/faultMiddleware'
import { erc20Abi } from '../pricing/abis'
import { findBestRoute } from '../pricing/findBestRoute'
import { sameAddress } from '../pricing/sameAddress'
import { isNativePlaceholder, NATIVE_PLACEHOLDER } from '../pricing/nativeToken'
import { COW_BATCH_GAS_SHARE_PERCENT } from '../../../market/marketModel'
import { cowError } from './cowError'
import { computeOrderUid, hashCowOrder, recoverCowOrderOwner, type CowOrder } from './cowOrder'
import { cowSlugs } from './cowSlugs'
import type { CowOrderStore, StoredCowOrder } from './createCowOrderStore'
import { resolveAppData, validateAppDataDocument } from './resolveAppData'

export type CreateCowSimulatorParameters = {
  chains: Map<number, ChainContext>
  store: CowOrderStore
  faults: FaultController
  /** The order book's own clock, for a quote's `expiration`; default `Date.now`. */
  now?: () => number
}

/** Gas a sandbox settlement of one order costs, as the quote's `gasAmount` states it. */
const SETTLEMENT_GAS = 180_000n
const MIN_VALIDITY_SECONDS = 60
const MAX_VALIDITY_SECONDS = 3 * 60 * 60

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const amount = z.union([z.string().regex(/^[0-9]{1,78}$/), z.string().regex(/^0x[0-9a-fA-F]{1,64}$/)])

const QuoteRequestSchema = z.object({
  sellToken: address,
  buyToken: address,
  from: address,
  receiver: address.nullish(),
  kind: z.enum(['sell', 'buy']),
  sellAmountBeforeFee: amount.optional(),
  sellAmountAfterFee: amount.optional(),
  buyAmountAfterFee: amount.optional(),
  validFor: z.number().int().nonnegative().optional(),
  validTo: z.number().int().nonnegative().optional(),
  appData: z.string().optional(),
  appDataHash: z.string().optional(),
  signingScheme: z.enum(['eip712', 'ethsign', 'presign', 'eip1271']).optional(),
  onchainOrder: z.boolean().optional(),
  priceQuality: z.enum(['fast', 'optimal', 'verified']).optional(),
  sellTokenBalance: z.enum(['erc20', 'external', 'internal']).optional(),
  buyTokenBalance: z.enum(['erc20', 'internal']).optional(),
  timeout: z.number().int().optional(),
  verificationGasLimit: z.number().int().optional(),
})

const OrderRequestSchema = z.object({
  sellToken: address,
  buyToken: address,
  receiver: address.nullish(),
  sellAmount: amount,
  buyAmount: amount,
  validTo: z.number().int().nonnegative().max(0xffffffff),
  feeAmount: amount,
  kind: z.enum(['sell', 'buy']),
  partiallyFillable: z.boolean(),
  sellTokenBalance: z.enum(['erc20', 'external', 'internal']).default('erc20'),
  buyTokenBalance: z.enum(['erc20', 'internal']).default('erc20'),
  signingScheme: z.enum(['eip712', 'ethsign', 'presign', 'eip1271']),
  signature: z.string().regex(/^0x([0-9a-fA-F]{2})*$/),
  from: address.nullish(),
  appData: z.string(),
  appDataHash: z.string().nullish(),
  quoteId: z.number().int().nullish(),
  fullBalanceCheck: z.boolean().optional(),
})

/**
 * A CoW Protocol order-book simulator, one per sandbox, serving `/{slug}/api/v1/...` for every chain
 * whose manifest entry has GPv2 contracts: `POST quote`, `PUT`/`GET app_data/{hash}`, `POST orders`,
 * `GET orders/{uid}`, `GET orders/{uid}/status` and `GET /api/v2/trades`. Orders are checked as the
 * real backend checks them (EIP-712 signature against the chain's settlement domain, zero fee,
 * validity window, app-data hash, balance and vault-relayer allowance) and settled by the sandbox
 * solver (`createCowSolver`). Its base URL plays `https://api.cow.fi`.
 */
export function createCowSimulator({
  chains,
  store,
  faults,
  now: wallClock = Date.now,
}: CreateCowSimulatorParameters): { app: Hono } {
  const app = new Hono()
  const bySlug = new Map<string, ChainContext>()
  for (const context of chains.values()) {
    const slug = cowSlugs[context.chainId]
    if (slug && context.sandbox.contracts.gpv2Settlement && context.sandbox.contracts.gpv2VaultRelayer) {
      bySlug.set(slug, context)
    }
  }

  // The public order book answers browsers cross-origin (a wallet page PUTs app data and POSTs
  // orders to it directly), so the simulator does too, preflights included.
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'] }))
  app.use(
    '*',
    faultMiddleware({
      controller: faults,
      simulator: 'cow',
      serverErrorBody: () => cowError({ errorType: 'InternalServerError', description: '' }),
      noLiquidity: (c) =>
        c.req.method === 'POST' && c.req.path.endsWith('/api/v1/quote')
          ? c.json(cowError({ errorType: 'NoLiquidity', description: 'no route found' }), 404)
          : undefined,
      malformedBody: '{"quote":{"sellToken":',
    }),
  )

  const api = new Hono<{ Variables: { context: ChainContext } }>()
  api.use('*', async (c, next) => {
    const context = bySlug.get(c.req.param('slug') ?? '')
    // An unserved network has no order book at all: a bare 404, as for any unknown path.
    if (!context) return c.body(null, 404)
    c.set('context', context)
    return next()
  })
  api.post('/api/v1/quote', async (c) => quote(c, c.get('context')))
  api.put('/api/v1/app_data/:hash', async (c) => putAppData(c, c.req.param('hash')))
  api.get('/api/v1/app_data/:hash', (c) => {
    const fullAppData = store.appData.get(c.req.param('hash').toLowerCase() as Hex)
    return fullAppData === undefined
      ? c.json(cowError({ errorType: 'NotFound', description: 'app data not found' }), 404)
      : c.json({ fullAppData })
  })
  api.post('/api/v1/orders', async (c) => postOrder(c, c.get('context')))
  api.get('/api/v1/orders/:uid', async (c) => {
    const stored = findOrder(c.get('context'), c.req.param('uid'))
    if (!stored) return c.json(cowError({ errorType: 'NotFound', description: 'Order was not found' }), 404)
    return c.json(await orderView(c.get('context'), stored))
  })
  api.get('/api/v1/orders/:uid/status', async (c) => {
    const stored = findOrder(c.get('context'), c.req.param('uid'))
    if (!stored) return c.json(cowError({ errorType: 'NotFound', description: 'Order was not found' }), 404)
    const status = await currentStatus(c.get('context'), stored)
    if (status === 'fulfilled') {
      return c.json({
        type: 'traded',
        value: [
          {
            solver: 'sandbox',
            executedAmounts: {
              sell: String(stored.executedSellAmount),
              buy: String(stored.executedBuyAmount),
            },
          },
        ],
      })
    }
    return c.json({ type: status === 'expired' ? 'cancelled' : 'open' })
  })
  api.get('/api/v2/trades', (c) => {
    const uid = c.req.query('orderUid')
    const stored = uid ? findOrder(c.get('context'), uid) : undefined
    if (!uid)
      return c.json(
        cowError({ errorType: 'InvalidQuery', description: 'orderUid or owner is required' }),
        400,
      )
    if (!stored || stored.status !== 'fulfilled') return c.json([])
    return c.json([
      {
        blockNumber: Number(stored.blockNumber),
        logIndex: 0,
        orderUid: stored.uid,
        owner: stored.owner.toLowerCase(),
        sellToken: stored.order.sellToken.toLowerCase(),
        buyToken: stored.order.buyToken.toLowerCase(),
        sellAmount: String(stored.executedSellAmount),
        sellAmountBeforeFees: String(stored.executedSellAmount),
        buyAmount: String(stored.executedBuyAmount),
        txHash: stored.txHash,
        // The order book lists each policy applied, in order, with its amount (openapi.yml `ExecutedProtocolFee`).
        executedProtocolFees: stored.executedPartnerFees.map((fee) => ({
          policy: { volume: { factor: toFactorNumber(fee.factor) } },
          amount: String(fee.amount),
          token: stored.order.buyToken.toLowerCase(),
        })),
      },
    ])
  })
  app.route('/:slug', api)
  app.notFound((c) => c.body(null, 404))
  app.onError((error, c) => {
    console.error('[cow simulator]', error)
    return c.json(cowError({ errorType: 'InternalServerError', description: '' }), 500)
  })

  function findOrder(context: ChainContext, uid: string): StoredCowOrder | undefined {
    const stored = store.orders.get(uid.toLowerCase() as Hex)
    return stored && stored.chainId === context.chainId ? stored : undefined
  }

  async function chainNow(context: ChainContext): Promise<number> {
    return Number((await context.publicClient.getBlock()).timestamp)
  }

  async function currentStatus(context: ChainContext, stored: StoredCowOrder) {
    if (stored.status === 'open' && (await chainNow(context)) > stored.order.validTo)
      stored.status = 'expired'
    return stored.status
  }

  async function quote(c: Context, context: ChainContext) {
    const body = await readJson(c, QuoteRequestSchema)
    if (body instanceof Response) return body
    const sellToken = getAddress(body.sellToken.toLowerCase())
    const buyToken = getAddress(body.buyToken.toLowerCase())
    if (isNativePlaceholder(sellToken)) {
      return c.json(
        cowError({
          errorType: 'InvalidNativeSellToken',
          description: 'The chain currency is not supported as sell token.',
        }),
        400,
      )
    }
    if (sameAddress(sellToken, buyToken)) {
      return c.json(
        cowError({
          errorType: 'SameBuyAndSellToken',
          description: 'Buy token is the same as the sell token.',
        }),
        400,
      )
    }
    const appData = resolveAppData({
      appData: body.appData,
      appDataHash: body.appDataHash,
      known: store.appData,
    })
    if (!appData.ok)
      return c.json(cowError({ errorType: appData.errorType, description: appData.description }), 400)
    if (body.kind === 'buy' || body.buyAmountAfterFee !== undefined) {
      // TODO(Sandbox world): buy orders; the service quotes CoW exact-in only.
      return c.json(
        cowError({
          errorType: 'UnsupportedOrderType',
          description: 'The sandbox order book quotes sell orders only.',
        }),
        400,
      )
    }
    const before = body.sellAmountBeforeFee === undefined ? undefined : BigInt(body.sellAmountBeforeFee)
    const after = body.sellAmountAfterFee === undefined ? undefined : BigInt(body.sellAmountAfterFee)
    if ((before === undefined) === (after === undefined)) {
      return c.text(
        'Failed to deserialize the JSON body into the target type: exactly one of sellAmountBeforeFee and sellAmountAfterFee',
        422,
      )
    }
    if ((before ?? after) === 0n)
      return c.json(cowError({ errorType: 'ZeroAmount', description: 'Buy or sell amount is zero.' }), 400)

    const [block, gasPrice] = await Promise.all([context.publicClient.getBlock(), context.marketGasPrice()])
    // The order's share of a batched settlement (marketModel), not a whole transaction.
    const networkCostWei = (SETTLEMENT_GAS * gasPrice * COW_BATCH_GAS_SHARE_PERCENT) / 100n
    const feeAmount = await networkCostInSellToken({ context, sellToken, networkCostWei })
    if (feeAmount === undefined)
      return c.json(cowError({ errorType: 'NoLiquidity', description: 'no route found' }), 404)
    const sellAmount = before !== undefined ? before - feeAmount : after!
    if (sellAmount <= 0n) {
      return c.json(
        cowError({
          errorType: 'SellAmountDoesNotCoverFee',
          description: 'The sell amount for the sell order is lower than the fee.',
          data: { fee_amount: `0x${feeAmount.toString(16)}` },
        }),
        400,
      )
    }
    const route = await findBestRoute({ context, sellToken, buyToken, amountIn: sellAmount })
    if (!route) return c.json(cowError({ errorType: 'NoLiquidity', description: 'no route found' }), 404)

    const now = Number(block.timestamp)
    const validTo = body.validTo ?? now + (body.validFor ?? 1800)
    const id = store.nextQuoteId()
    store.quotes.set(id, { chainId: context.chainId, validTo })
    return c.json({
      quote: {
        sellToken: sellToken.toLowerCase(),
        buyToken: buyToken.toLowerCase(),
        receiver: body.receiver ? body.receiver.toLowerCase() : null,
        sellAmount: String(sellAmount),
        buyAmount: String(route.amountOut),
        validTo,
        appData: appData.fullAppData ?? appData.hash,
        appDataHash: appData.hash,
        feeAmount: String(feeAmount),
        gasAmount: String(SETTLEMENT_GAS),
        gasPrice: String(gasPrice),
        sellTokenPrice: formatRatio(networkCostWei, feeAmount),
        kind: 'sell',
        partiallyFillable: false,
        sellTokenBalance: 'erc20',
        buyTokenBalance: 'erc20',
        signingScheme: body.signingScheme ?? 'eip712',
      },
      from: body.from.toLowerCase(),
      // The order book's clock, not the chain's: the chain's latest block may be minutes old (a node
      // mines only when sent a transaction), and the quote then expired seconds after it was served.
      expiration: new Date(Math.floor(wallClock() / 1000) * 1000 + 60_000)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      id,
      verified: true,
    })
  }

  async function putAppData(c: Context, hashParam: string) {
    const body = (await c.req.json().catch(() => undefined)) as { fullAppData?: unknown } | undefined
    if (typeof body?.fullAppData !== 'string') {
      return c.text(
        'Failed to deserialize the JSON body into the target type: missing field `fullAppData`',
        422,
      )
    }
    const invalid = validateAppDataDocument(body.fullAppData)
    if (invalid) return c.json(cowError({ errorType: 'InvalidAppData', description: invalid }), 400)
    const hash = keccak256(stringToHex(body.fullAppData))
    if (hash !== hashParam.toLowerCase()) {
      return c.json(
        cowError({
          errorType: 'AppDataHashMismatch',
          description: `calculated app data hash ${hash} doesn't match request ${hashParam}`,
        }),
        400,
      )
    }
    const known = store.appData.has(hash)
    store.appData.set(hash, body.fullAppData)
    return c.json(hash, known ? 200 : 201)
  }

  async function postOrder(c: Context, context: ChainContext) {
    const body = await readJson(c, OrderRequestSchema)
    if (body instanceof Response) return body
    const reject = (errorType: string, description: string) =>
      c.json(cowError({ errorType, description }), 400)
    if (body.signingScheme !== 'eip712' && body.signingScheme !== 'ethsign') {
      return reject(
        'IncompatibleSigningScheme',
        'The sandbox order book accepts eip712 and ethsign signatures.',
      )
    }
    if (BigInt(body.feeAmount) !== 0n) return reject('NonZeroFee', 'Fee must be zero')
    if (body.kind === 'buy')
      return reject('UnsupportedOrderType', 'The sandbox order book settles sell orders only.')
    if (body.sellTokenBalance !== 'erc20' || body.buyTokenBalance !== 'erc20') {
      return reject('UnsupportedSellTokenSource', 'Only erc20 balances are supported.')
    }
    const sellToken = getAddress(body.sellToken.toLowerCase())
    const buyToken = getAddress(body.buyToken.toLowerCase())
    if (isNativePlaceholder(sellToken))
      return reject('InvalidNativeSellToken', 'The chain currency is not supported as sell token.')
    if (sameAddress(sellToken, buyToken))
      return reject('SameBuyAndSellToken', 'Buy token is the same as the sell token.')
    const sellAmount = BigInt(body.sellAmount)
    const buyAmount = BigInt(body.buyAmount)
    if (sellAmount === 0n || buyAmount === 0n) return reject('ZeroAmount', 'Buy or sell amount is zero.')
    const now = await chainNow(context)
    if (body.validTo < now + MIN_VALIDITY_SECONDS)
      return reject('InsufficientValidTo', 'validTo is too far into the past')
    if (body.validTo > now + MAX_VALIDITY_SECONDS)
      return reject('ExcessiveValidTo', 'validTo is too far into the future')
    const appData = resolveAppData({
      appData: body.appData,
      appDataHash: body.appDataHash ?? undefined,
      known: store.appData,
    })
    if (!appData.ok) return reject(appData.errorType, appData.description)

    const order: CowOrder = {
      sellToken,
      buyToken,
      receiver: body.receiver ? getAddress(body.receiver.toLowerCase()) : NULL_RECEIVER,
      sellAmount,
      buyAmount,
      validTo: body.validTo,
      appData: appData.hash,
      feeAmount: 0n,
      kind: body.kind,
      partiallyFillable: body.partiallyFillable,
      sellTokenBalance: 'erc20',
      buyTokenBalance: 'erc20',
    }
    const settlement = context.sandbox.contracts.gpv2Settlement as Address
    const digest = hashCowOrder({ order, chainId: context.chainId, settlement })
    const owner = await recoverCowOrderOwner({
      digest,
      signature: body.signature as Hex,
      signingScheme: body.signingScheme,
    })
    if (!owner) return reject('InvalidSignature', 'invalid signature')
    if (body.from && !sameAddress(body.from, owner)) {
      return c.json(
        cowError({
          errorType: 'WrongOwner',
          description: `Address recovered from signature ${owner} does not match from address`,
          data: owner,
        }),
        400,
      )
    }
    const relayer = context.sandbox.contracts.gpv2VaultRelayer as Address
    const [balance, allowance] = await Promise.all([
      context.publicClient.readContract({
        address: sellToken,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      }),
      context.publicClient.readContract({
        address: sellToken,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, relayer],
      }),
    ]).catch(() => [undefined, undefined] as const)
    if (balance === undefined || allowance === undefined)
      return reject('UnsupportedToken', `Token address ${sellToken}`)
    if (balance < sellAmount)
      return reject('InsufficientBalance', 'order owner must have funds worth at least x in his account')
    if (allowance < sellAmount)
      return reject('InsufficientAllowance', 'order owner must give allowance to VaultRelayer')

    const uid = computeOrderUid({ digest, owner, validTo: order.validTo })
    if (store.orders.has(uid)) return reject('DuplicatedOrder', 'order already exists')
    store.orders.set(uid, {
      uid,
      chainId: context.chainId,
      owner,
      order,
      signingScheme: body.signingScheme,
      signature: body.signature as Hex,
      ...(appData.fullAppData === undefined ? {} : { fullAppData: appData.fullAppData }),
      ...(body.quoteId == null ? {} : { quoteId: body.quoteId }),
      creationDate: new Date(now * 1000).toISOString(),
      status: 'open',
      executedSellAmount: 0n,
      executedBuyAmount: 0n,
      executedPartnerFees: [],
      failures: 0,
    })
    return c.json(uid, 201)
  }

  async function orderView(context: ChainContext, stored: StoredCowOrder) {
    const status = await currentStatus(context, stored)
    const { order } = stored
    return {
      sellToken: order.sellToken.toLowerCase(),
      buyToken: order.buyToken.toLowerCase(),
      receiver: order.receiver === NULL_RECEIVER ? null : order.receiver.toLowerCase(),
      sellAmount: String(order.sellAmount),
      buyAmount: String(order.buyAmount),
      validTo: order.validTo,
      appData: order.appData,
      feeAmount: '0',
      kind: order.kind,
      partiallyFillable: order.partiallyFillable,
      sellTokenBalance: order.sellTokenBalance,
      buyTokenBalance: order.buyTokenBalance,
      signingScheme: stored.signingScheme,
      signature: stored.signature,
      uid: stored.uid,
      owner: stored.owner.toLowerCase(),
      creationDate: stored.creationDate,
      class: 'market',
      status,
      executedSellAmount: String(stored.executedSellAmount),
      executedSellAmountBeforeFees: String(stored.executedSellAmount),
      executedBuyAmount: String(stored.executedBuyAmount),
      // Network fee (0: solvers' gas is inside the price here) plus the protocol fees, in the token captured.
      executedFee: String(stored.executedPartnerFees.reduce((sum, fee) => sum + fee.amount, 0n)),
      executedFeeToken: (stored.executedPartnerFees.length > 0
        ? order.buyToken
        : order.sellToken
      ).toLowerCase(),
      invalidated: false,
      fullAppData: stored.fullAppData ?? null,
      settlementContract: (context.sandbox.contracts.gpv2Settlement as string).toLowerCase(),
      ...(stored.quoteId === undefined ? {} : { quoteId: stored.quoteId }),
    }
  }

  return { app }
}

/** The signed `receiver` that means "the owner". */
export const NULL_RECEIVER: Address = '0x0000000000000000000000000000000000000000'

/** The network cost in sell-token atoms, priced on the pools (native → sell token), rounded up. */
async function networkCostInSellToken({
  context,
  sellToken,
  networkCostWei,
}: {
  context: ChainContext
  sellToken: Address
  networkCostWei: bigint
}): Promise<bigint | undefined> {
  if (sameAddress(sellToken, context.wrappedNative)) return networkCostWei
  const route = await findBestRoute({
    context,
    sellToken: NATIVE_PLACEHOLDER,
    buyToken: sellToken,
    amountIn: networkCostWei,
  })
  return route ? route.amountOut + 1n : undefined
}

/** `numerator / denominator` as a decimal string with up to 18 fraction digits (CoW sends such fractions). */
function formatRatio(numerator: bigint, denominator: bigint): string {
  const scaled = (numerator * 10n ** 18n) / denominator
  const whole = scaled / 10n ** 18n
  const fraction = String(scaled % 10n ** 18n)
    .padStart(18, '0')
    .replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** Parses a JSON body against a schema; failures get axum's plain-text 422, as CoW's backend answers. */
async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T> | Response> {
  const raw = await c.req.json().catch(() => undefined)
  if (raw === undefined) return c.text('Failed to parse the request body as JSON', 400)
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return c.text(
      `Failed to deserialize the JSON body into the target type: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      422,
    )
  }
  return parsed.data
}

/** A fee factor as the order book writes it: a JSON number (for example 0.006979062811565304). */
function toFactorNumber(factor: { numerator: bigint; denominator: bigint }): number {
  return Number(factor.numerator) / Number(factor.denominator)
}
