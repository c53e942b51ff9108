import { Hono, type Context } from 'hono'
import type { Address } from 'viem'
import type { ChainContext } from '../chainContext'
import type { FaultController } from '../faults/createFaultController'
import { faultMiddleware } from '../faults/faultMiddleware'
import { erc20Abi } from '../pricing/abis'
import { sameAddress } from '../pricing/sameAddress'
import { isNativePlaceholder, NATIVE_PLACEHOLDER } from '../pricing/nativeToken'
import { readTokenInfo } from '../pricing/readTokenInfo'
import { randomZid } from '../randomId'
import { isServedByAggregators } from '../servedChains'
import { encodeSettle } from '../settler/encodeSettle'
import { aggregatorSwapGas } from '../../../market/marketModel'
import { estimateSettlerGas } from '../settler/estimateSettlerGas'
import { priceSettlerOrder } from '../settler/priceSettlerOrder'
import { readTransferTaxBps } from '../pricing/readTransferTaxBps'
import { parseZeroxParams, type ZeroxParams } from './parseZeroxParams'
import { zeroxError } from './zeroxError'

export type CreateZeroxSimulatorParameters = {
  /** Sandbox chains by chain id. */
  chains: Map<number, ChainContext>
  /** The `SandboxSettler` acting as AllowanceHolder on each served chain, by chain id. */
  settlers: Map<number, Address>
  faults: FaultController
  /** When set, `0x-api-key` must equal it; otherwise any non-empty key is accepted. */
  apiKey?: string
  /** Seconds a quote's transaction stays executable (the settler's deadline). */
  deadlineSeconds?: number
}

/** The one liquidity source of the sandbox, as 0x names it in `route.fills` and `excludedSources`. */
const SOURCE = 'Uniswap_V2'

/**
 * A 0x Swap API v2 (AllowanceHolder flow) simulator: `GET /swap/allowance-holder/price`,
 * `GET /swap/allowance-holder/quote`, `GET /swap/chains` and `GET /sources`, in 0x's wire format.
 * Prices come from the sandbox's Uniswap V2 pools; `transaction` calls the chain's `SandboxSettler`,
 * which is also `allowanceTarget`/`issues.allowance.spender` and pays `swapFeeBps` on chain.
 * Its base URL plays `https://api.0x.org`.
 */
export function createZeroxSimulator({
  chains,
  settlers,
  faults,
  apiKey,
  deadlineSeconds = 1800,
}: CreateZeroxSimulatorParameters): { app: Hono } {
  const app = new Hono()

  app.use('*', async (c, next) => {
    const key = c.req.header('0x-api-key')
    if (!key || (apiKey !== undefined && key !== apiKey)) {
      return c.json({ name: 'UNAUTHORIZED', message: 'Invalid API key', data: { zid: randomZid() } }, 401)
    }
    if (c.req.header('0x-version') !== 'v2') {
      const zid = randomZid()
      return c.json(
        zeroxError({
          name: 'INPUT_INVALID',
          message: 'Validation Failed',
          zid,
          details: [{ field: '0x-version', reason: 'The 0x-version header must be v2' }],
        }),
        400,
      )
    }
    return next()
  })
  app.use(
    '*',
    faultMiddleware({
      controller: faults,
      simulator: 'zerox',
      serverErrorBody: () =>
        zeroxError({ name: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error', zid: randomZid() }),
      noLiquidity: (c) =>
        c.req.path.startsWith('/swap/allowance-holder/')
          ? c.json({ liquidityAvailable: false, zid: randomZid() })
          : undefined,
    }),
  )

  const served = () =>
    [...chains.values()].filter((context) => isServedByAggregators(context) && settlers.has(context.chainId))

  app.get('/swap/chains', (c) =>
    c.json({
      chains: served().map((context) => ({
        chainId: String(context.chainId),
        chainName: context.chain.name,
      })),
      zid: randomZid(),
    }),
  )
  app.get('/sources', (c) => {
    const chainId = Number(c.req.query('chainId'))
    const zid = randomZid()
    if (!served().some((context) => context.chainId === chainId)) {
      return c.json(unsupportedChain({ zid, chainId: c.req.query('chainId') }), 400)
    }
    return c.json({ sources: [SOURCE], zid })
  })
  app.get('/swap/allowance-holder/price', (c) => answer(c, 'price'))
  app.get('/swap/allowance-holder/quote', (c) => answer(c, 'quote'))

  app.notFound((c) => c.json({ name: 'NOT_FOUND', message: 'Not Found', data: { zid: randomZid() } }, 404))
  app.onError((error, c) => {
    console.error('[zerox simulator]', error)
    return c.json(
      zeroxError({ name: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error', zid: randomZid() }),
      500,
    )
  })

  async function answer(c: Context, kind: 'price' | 'quote') {
    const zid = randomZid()
    const parsed = parseZeroxParams({ query: c.req.query(), requireTaker: kind === 'quote' })
    if (!parsed.ok) {
      return c.json(
        zeroxError({ name: 'INPUT_INVALID', message: 'Validation Failed', zid, details: parsed.details }),
        400,
      )
    }
    const params = parsed.params
    const context = chains.get(params.chainId)
    const settler = settlers.get(params.chainId)
    if (!context || !settler || !isServedByAggregators(context)) {
      return c.json(unsupportedChain({ zid, chainId: String(params.chainId) }), 400)
    }
    const isWrapOrUnwrap =
      isNativePlaceholder(params.sellToken) !== isNativePlaceholder(params.buyToken) &&
      [params.sellToken, params.buyToken].some((token) => sameAddress(token, context.wrappedNative))
    if (isWrapOrUnwrap && params.recipient) {
      return c.json(
        zeroxError({
          name: 'RECIPIENT_NOT_SUPPORTED',
          message: 'Recipient is not supported for wrap/unwrap',
          zid,
        }),
        400,
      )
    }
    if (params.sellAmount === undefined) {
      // TODO(Sandbox world): exact-out (`buyAmount`) quotes; no sandbox adapter asks for them yet.
      return c.json(
        zeroxError({ name: 'SWAP_VALIDATION_FAILED', message: 'Swap validation failed', zid }),
        400,
      )
    }
    const invalidSourcesPassed = params.excludedSources.filter((name) => name !== SOURCE)
    if (params.excludedSources.includes(SOURCE)) return c.json({ liquidityAvailable: false, zid })

    const body = await buildResponse({ context, settler, params, sellAmount: params.sellAmount, kind, zid })
    if (!body) return c.json({ liquidityAvailable: false, zid })
    return c.json({ ...body, issues: { ...body.issues, invalidSourcesPassed } })
  }

  async function buildResponse({
    context,
    settler,
    params,
    sellAmount,
    kind,
    zid,
  }: {
    context: ChainContext
    settler: Address
    params: ZeroxParams
    sellAmount: bigint
    kind: 'price' | 'quote'
    zid: string
  }) {
    const fees = params.fees.map((fee) => ({
      recipient: fee.recipient,
      ppm: fee.bps * 100,
      inBuyToken: fee.token === params.buyToken,
    }))
    const priced = await priceSettlerOrder({
      context,
      sellToken: params.sellToken,
      buyToken: params.buyToken,
      sellAmount,
      fees,
    })
    if (!priced) return undefined
    const [block, chainGasPrice, sellTaxBps, buyTaxBps] = await Promise.all([
      context.publicClient.getBlock(),
      params.gasPrice === undefined ? context.marketGasPrice() : Promise.resolve(params.gasPrice),
      readTransferTaxBps({ context, token: params.sellToken }),
      readTransferTaxBps({ context, token: params.buyToken }),
    ])
    // 0x states a token's taxes as decimal strings in bps; a transfer tax is also taken on a buy and a sell.
    const taxes = (bps: number) => ({
      buyTaxBps: String(bps),
      sellTaxBps: String(bps),
      transferTaxBps: String(bps),
    })
    // Round the floor down so the stated minimum never over-promises.
    const minBuyAmount = (priced.buyAmount * BigInt(1_000_000 - params.slippagePpm)) / 1_000_000n
    const nativeSell = isNativePlaceholder(params.sellToken)
    const sellFeeTotal = priced.feeAmounts.reduce(
      (sum, amount, index) => (fees[index]!.inBuyToken ? sum : sum + amount),
      0n,
    )
    const gas = estimateSettlerGas({ hops: priced.route.path.length - 1 })
    const issues = params.taker
      ? await readIssues({ context, settler, taker: params.taker, sellToken: params.sellToken, sellAmount })
      : { allowance: null, balance: null, simulationIncomplete: false }
    const integratorFees = params.fees.map((fee, index) => ({
      amount: String(priced.feeAmounts[index]),
      token: fee.token.toLowerCase(),
      type: 'volume' as const,
    }))
    const pathTokens = priced.route.path.map((token, index) => {
      if (index === 0 && nativeSell) return NATIVE_PLACEHOLDER
      if (index === priced.route.path.length - 1 && isNativePlaceholder(params.buyToken))
        return NATIVE_PLACEHOLDER
      return token
    })
    const tokenInfos = await Promise.all(pathTokens.map((token) => readTokenInfo({ context, token })))

    const common = {
      blockNumber: String(block.number),
      buyAmount: String(priced.buyAmount),
      buyToken: params.buyToken.toLowerCase(),
      fees: {
        integratorFee: integratorFees[0] ?? null,
        integratorFees: integratorFees.length > 0 ? integratorFees : null,
        zeroExFee: null,
        gasFee: null,
      },
      issues,
      liquidityAvailable: true as const,
      minBuyAmount: String(minBuyAmount),
      mode: 'exact-in' as const,
      route: {
        fills: pathTokens.slice(1).map((to, index) => ({
          from: pathTokens[index]!.toLowerCase(),
          to: to.toLowerCase(),
          source: SOURCE,
          proportionBps: '10000',
        })),
        tokens: pathTokens.map((token, index) => ({
          address: token.toLowerCase(),
          symbol: tokenInfos[index]?.symbol ?? '',
        })),
      },
      // What the route trades: the request less sell-token fees (the calldata still pulls the full amount).
      sellAmount: String(sellAmount - sellFeeTotal),
      sellToken: params.sellToken.toLowerCase(),
      tokenMetadata: { buyToken: taxes(buyTaxBps), sellToken: taxes(sellTaxBps) },
      // The network fee is the gas a swap uses (marketModel); `gas` keeps the limit's headroom.
      totalNetworkFee: String(aggregatorSwapGas(priced.route.path.length - 1) * chainGasPrice),
      allowanceTarget: nativeSell ? null : settler.toLowerCase(),
      zid,
    }
    if (kind === 'price') return { ...common, gas: String(gas), gasPrice: String(chainGasPrice) }

    const data = encodeSettle({
      sellToken: params.sellToken,
      buyToken: params.buyToken,
      sellAmount,
      minBuyAmount,
      path: priced.route.path,
      recipient: params.recipient ?? params.taker!,
      deadline: block.timestamp + BigInt(deadlineSeconds),
      fees,
    })
    return {
      ...common,
      transaction: {
        to: settler.toLowerCase(),
        data,
        gas: String(gas),
        gasPrice: String(chainGasPrice),
        value: nativeSell ? String(sellAmount) : '0',
      },
    }
  }

  return { app }
}

function unsupportedChain({ zid, chainId }: { zid: string; chainId: string | undefined }) {
  return zeroxError({
    name: 'INPUT_INVALID',
    message: 'Validation Failed',
    zid,
    details: [{ field: 'chainId', reason: `Chain ${chainId ?? ''} is not supported` }],
  })
}

async function readIssues({
  context,
  settler,
  taker,
  sellToken,
  sellAmount,
}: {
  context: ChainContext
  settler: Address
  taker: Address
  sellToken: Address
  sellAmount: bigint
}) {
  if (isNativePlaceholder(sellToken)) {
    const balance = await context.publicClient.getBalance({ address: taker })
    return {
      allowance: null,
      balance:
        balance < sellAmount
          ? { token: sellToken.toLowerCase(), actual: String(balance), expected: String(sellAmount) }
          : null,
      simulationIncomplete: balance < sellAmount,
    }
  }
  const [allowance, balance] = await Promise.all([
    context.publicClient.readContract({
      address: sellToken,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [taker, settler],
    }),
    context.publicClient.readContract({
      address: sellToken,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [taker],
    }),
  ])
  return {
    allowance: allowance < sellAmount ? { actual: String(allowance), spender: settler.toLowerCase() } : null,
    balance:
      balance < sellAmount
        ? { token: sellToken.toLowerCase(), actual: String(balance), expected: String(sellAmount) }
        : null,
    simulationIncomplete: balance < sellAmount,
  }
}
