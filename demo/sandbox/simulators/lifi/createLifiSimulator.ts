import { Hono, type Context } from 'hono'
import { getAddress, toHex, type Address } from 'viem'
import type { ChainContext } from '../chainContext'
import type { FaultController } from '../faults/createFaultController'
import { faultMiddleware } from '../faults/faultMiddleware'
import { isNativePlaceholder, NATIVE_PLACEHOLDER, ZERO_ADDRESS } from '../pricing/nativeToken'
import { readTokenInfo, type TokenInfo } from '../pricing/readTokenInfo'
import { randomStepId } from '../randomId'
import { isServedByAggregators } from '../servedChains'
import { encodeSettle, type SettlerFee } from '../settler/encodeSettle'
import {
  SANDBOX_LIFI_FEE_SHARE_PERCENT,
  splitIntegratorFee,
  type IntegratorFeeSplit,
} from './splitIntegratorFee'
import { aggregatorSwapGas } from '../../../market/marketModel'
import { estimateSettlerGas } from '../settler/estimateSettlerGas'
import { priceSettlerOrder } from '../settler/priceSettlerOrder'
import type { BridgeRelayer } from '../bridge/createBridgeRelayer'
import type { BridgeTransferStore } from '../bridge/createBridgeTransferStore'
import { buildBridgeStep, SANDBOX_BRIDGE_TOOL } from './buildBridgeStep'
import { createLifiStatusHandler, type LifiUnknownStatusAnswer } from './createLifiStatusHandler'
import { lifiError, lifiErrorCode, lifiNoQuote } from './lifiError'
import { parseLifiParams, type LifiParams } from './parseLifiParams'
import { toLifiToken, toLifiUsd } from './toLifiToken'
import { readMidUsdPrice } from '../pricing/readMidUsdPrice'

export type CreateLifiSimulatorParameters = {
  chains: Map<number, ChainContext>
  /** The `SandboxSettler` playing the LI.FI Diamond on each served chain, by chain id. */
  settlers: Map<number, Address>
  faults: FaultController
  /**
   * Fee wallets "configured in the Partner Portal", by integrator. An integrator without one gets
   * LI.FI's 400 when it sends `fee`.
   */
  integratorFeeWallets: (integrator: string) => Address | undefined
  /** LI.FI's share of collected integrator fees, percent (sandbox default 25; live it is agreed per integrator). */
  integratorFeeSharePercent?: number
  deadlineSeconds?: number
  /**
   * The sandbox bridge: with it, cross-chain quotes between served chains route over it and
   * `/v1/status` follows its transfers. Without it, a cross-chain pair gets LI.FI's 404.
   */
  bridge?: LifiBridge
  /** How `/v1/status` answers an unknown hash (default `status`: 200 with `status: NOT_FOUND`). */
  unknownStatusAnswer?: LifiUnknownStatusAnswer
}

/** What the LI.FI simulator needs of the sandbox bridge. */
export type LifiBridge = {
  /** The `SandboxBridge` on each served chain, by chain id. */
  contracts: Map<number, Address>
  relayer: BridgeRelayer
  store: BridgeTransferStore
  /** `estimate.executionDuration` of bridge quotes, in seconds. */
  executionDurationSeconds: number
}

/** LI.FI's chain keys for the chains the sandbox runs (`fromChain` takes an id or a key). */
const chainKeys: Record<string, number> = { eth: 1, bas: 8453, bsc: 56, ava: 43114, arb: 42161 }

const TOOL = { key: 'uniswap', name: 'Uniswap V2', logoURI: '' }

/**
 * A LI.FI simulator: `GET /v1/quote` answering a `LiFiStep` in LI.FI's wire format (hex
 * `transactionRequest` quantities, fractions for `slippage`/`fee`, the zero address for the native
 * coin). Same-chain swaps execute through the chain's `SandboxSettler` (also `approvalAddress`);
 * cross-chain routes, when a `bridge` is given, through the source chain's `SandboxBridge`, which the
 * sandbox relayer completes on the destination chain (see `buildBridgeStep`). Either way the
 * integrator fee is taken from `fromAmount` on the source chain, LI.FI's share of it to LI.FI and the
 * rest to the integrator's fee wallet, as `feeCosts[].feeSplit` states. `GET /v1/status` follows transactions (see `createLifiStatusHandler`). Without a bridge,
 * cross-chain requests get LI.FI's 404 "no available quotes". Its base URL plays `https://li.quest/v1`.
 */
export function createLifiSimulator({
  chains,
  settlers,
  faults,
  integratorFeeWallets,
  integratorFeeSharePercent = SANDBOX_LIFI_FEE_SHARE_PERCENT,
  deadlineSeconds = 1800,
  bridge,
  unknownStatusAnswer = 'status',
}: CreateLifiSimulatorParameters): { app: Hono } {
  const app = new Hono()
  app.use(
    '*',
    faultMiddleware({
      controller: faults,
      simulator: 'lifi',
      serverErrorBody: () => lifiError({ message: 'Internal server error', code: lifiErrorCode.server }),
      noLiquidity: (c) =>
        c.req.path.endsWith('/quote')
          ? c.json(
              lifiNoQuote({ overallPath: describePath(c.req.query()), reason: 'INSUFFICIENT_LIQUIDITY' }),
              404,
            )
          : undefined,
      malformedBody: '{"id":"',
    }),
  )
  app.get('/quote', (c) => answer(c))
  app.get(
    '/status',
    createLifiStatusHandler({
      resolveChain,
      chains: () => [...chains.values()].filter((context) => resolveChain(String(context.chainId))),
      settlers,
      ...(bridge ? { bridge } : {}),
      unknownHash: unknownStatusAnswer,
    }),
  )
  app.notFound((c) => c.json(lifiError({ message: 'Not found', code: 1003 }), 404))
  app.onError((error, c) => {
    console.error('[lifi simulator]', error)
    return c.json(lifiError({ message: 'Internal server error', code: lifiErrorCode.server }), 500)
  })

  function resolveChain(value: string): ChainContext | undefined {
    const chainId = /^[0-9]{1,16}$/.test(value) ? Number(value) : chainKeys[value.toLowerCase()]
    const context = chainId === undefined ? undefined : chains.get(chainId)
    return context && isServedByAggregators(context) && settlers.has(context.chainId) ? context : undefined
  }

  async function answer(c: Context) {
    const parsed = parseLifiParams({ query: c.req.query() })
    if (!parsed.ok) return c.json(lifiError({ message: parsed.message, code: lifiErrorCode.validation }), 400)
    const params = parsed.params
    const fromContext = resolveChain(params.fromChain)
    if (!fromContext) {
      return c.json(
        lifiError({
          message: '/fromChain must be equal to one of the allowed values',
          code: lifiErrorCode.validation,
        }),
        400,
      )
    }
    const toContext = resolveChain(params.toChain)
    if (!toContext) {
      return c.json(
        lifiError({
          message: '/toChain must be equal to one of the allowed values',
          code: lifiErrorCode.validation,
        }),
        400,
      )
    }
    const [fromToken, toToken] = await Promise.all([
      resolveToken({ context: fromContext, value: params.fromToken }),
      resolveToken({ context: toContext, value: params.toToken }),
    ])
    if (!fromToken)
      return c.json(
        lifiError({ message: `Unknown fromToken ${params.fromToken}`, code: lifiErrorCode.validation }),
        400,
      )
    if (!toToken)
      return c.json(
        lifiError({ message: `Unknown toToken ${params.toToken}`, code: lifiErrorCode.validation }),
        400,
      )
    const overallPath = `${fromContext.chainId}:${fromToken.symbol}~${toContext.chainId}:${toToken.symbol}`
    const crossChain = fromContext !== toContext
    const bridgeContract = crossChain ? bridge?.contracts.get(fromContext.chainId) : undefined
    if (crossChain && (!bridgeContract || !bridge?.contracts.has(toContext.chainId))) {
      return c.json(lifiNoQuote({ overallPath, reason: 'NO_POSSIBLE_ROUTE' }), 404)
    }
    if (!crossChain && fromToken.address === toToken.address) {
      return c.json(lifiNoQuote({ overallPath, reason: 'NO_POSSIBLE_ROUTE' }), 404)
    }
    let feeSplit: IntegratorFeeSplit | undefined
    if (params.feePpm > 0) {
      const feeWallet = integratorFeeWallets(params.integrator)
      if (!feeWallet) {
        return c.json(
          lifiError({
            message: `Integrator "${params.integrator}" is not configured for collecting fees. Please sign up on https://portal.li.fi/ and configure your fee wallet.`,
            code: lifiErrorCode.validation,
          }),
          400,
        )
      }
      feeSplit = splitIntegratorFee({
        feeWallet,
        feePpm: params.feePpm,
        lifiSharePercent: integratorFeeSharePercent,
      })
    }
    if (crossChain) {
      const built = await buildBridgeStep({
        from: fromContext,
        to: toContext,
        params,
        fromToken,
        toToken,
        feeSplit,
        bridge: bridgeContract!,
        deadlineSeconds,
        executionDurationSeconds: bridge!.executionDurationSeconds,
      })
      if (!built.ok) {
        return c.json(lifiNoQuote({ overallPath, reason: built.reason, tool: SANDBOX_BRIDGE_TOOL.key }), 404)
      }
      return c.json(built.step)
    }
    const step = await buildStep({ context: fromContext, params, fromToken, toToken, feeSplit })
    if (!step) return c.json(lifiNoQuote({ overallPath, reason: 'INSUFFICIENT_LIQUIDITY' }), 404)
    return c.json(step)
  }

  async function resolveToken({
    context,
    value,
  }: {
    context: ChainContext
    value: string
  }): Promise<TokenInfo | undefined> {
    let address: Address | undefined
    if (/^0x[0-9a-fA-F]{40}$/.test(value)) {
      address =
        value.toLowerCase() === ZERO_ADDRESS || isNativePlaceholder(value)
          ? NATIVE_PLACEHOLDER
          : getAddress(value.toLowerCase())
    } else if (value.toUpperCase() === context.nativeSymbol.toUpperCase()) {
      address = NATIVE_PLACEHOLDER
    } else {
      const entry = Object.entries(context.sandbox.contracts.tokens).find(
        ([symbol]) => symbol.toUpperCase() === value.toUpperCase(),
      )
      address = entry ? getAddress(entry[1]) : undefined
    }
    return address ? readTokenInfo({ context, token: address }) : undefined
  }

  async function buildStep({
    context,
    params,
    fromToken,
    toToken,
    feeSplit,
  }: {
    context: ChainContext
    params: LifiParams
    fromToken: TokenInfo
    toToken: TokenInfo
    feeSplit: IntegratorFeeSplit | undefined
  }) {
    const settler = settlers.get(context.chainId)!
    const fees: SettlerFee[] = feeSplit
      ? [feeSplit.integrator, feeSplit.lifi]
          .filter((fee) => fee.ppm > 0)
          .map((fee) => ({ ...fee, inBuyToken: false }))
      : []
    const priced = await priceSettlerOrder({
      context,
      sellToken: fromToken.address,
      buyToken: toToken.address,
      sellAmount: params.fromAmount,
      fees,
    })
    if (!priced) return undefined
    // LI.FI's token prices are market prices, not the price this swap executes at: read the pools' mid.
    const [block, gasPrice, fromPriceE18, toPriceE18] = await Promise.all([
      context.publicClient.getBlock(),
      context.marketGasPrice(),
      readMidUsdPrice({ context, token: fromToken }),
      readMidUsdPrice({ context, token: toToken }),
    ])
    const priceOf = (info: TokenInfo) =>
      info === fromToken ? fromPriceE18 : info === toToken ? toPriceE18 : undefined
    const toAmountMin = (priced.buyAmount * BigInt(1_000_000 - params.slippagePpm)) / 1_000_000n
    const gasLimit = estimateSettlerGas({ hops: priced.route.path.length - 1 })
    const fromAddress = getAddress(params.fromAddress.toLowerCase())
    const toAddress = params.toAddress ? getAddress(params.toAddress.toLowerCase()) : fromAddress
    const nativeToken = (await readTokenInfo({ context, token: NATIVE_PLACEHOLDER }))!
    const data = encodeSettle({
      sellToken: fromToken.address,
      buyToken: toToken.address,
      sellAmount: params.fromAmount,
      minBuyAmount: toAmountMin,
      path: priced.route.path,
      recipient: toAddress,
      deadline: block.timestamp + BigInt(deadlineSeconds),
      fees,
    })
    const token = (info: TokenInfo) => toLifiToken({ context, info, priceE18: priceOf(info) })
    const usd = (amount: bigint, info: TokenInfo) =>
      toLifiUsd({ context, info, amount, priceE18: priceOf(info) })
    const integratorAmount = priced.feeAmounts[0] ?? 0n
    const lifiAmount = priced.feeAmounts[1] ?? 0n
    const feeAmount = integratorAmount + lifiAmount
    const feeCosts = feeSplit
      ? [
          {
            name: 'LIFI Fixed Fee',
            description: 'Fee charged on the input',
            percentage: String(params.fee),
            token: token(fromToken),
            amount: String(feeAmount),
            amountUSD: usd(feeAmount, fromToken),
            included: true,
            feeSplit: { lifiFee: String(lifiAmount), integratorFee: String(integratorAmount) },
          },
        ]
      : []
    // What the swap uses (marketModel) is the cost; the limit keeps its headroom.
    const gasEstimate = aggregatorSwapGas(priced.route.path.length - 1)
    const gasAmount = gasEstimate * gasPrice
    const gasCosts = [
      {
        type: 'SEND',
        price: String(gasPrice),
        estimate: String(gasEstimate),
        limit: String(gasLimit),
        amount: String(gasAmount),
        amountUSD: usd(gasAmount, nativeToken),
        token: token(nativeToken),
      },
    ]
    const action = {
      fromChainId: context.chainId,
      toChainId: context.chainId,
      fromToken: token(fromToken),
      toToken: token(toToken),
      fromAmount: String(params.fromAmount),
      slippage: params.slippage,
      fromAddress,
      toAddress,
    }
    const estimate = {
      tool: TOOL.key,
      fromAmount: String(params.fromAmount),
      fromAmountUSD: usd(params.fromAmount, fromToken),
      toAmount: String(priced.buyAmount),
      toAmountMin: String(toAmountMin),
      toAmountUSD: usd(priced.buyAmount, toToken),
      approvalAddress: settler,
      feeCosts,
      gasCosts,
      executionDuration: 0,
    }
    const includedSteps = [
      ...(feeSplit
        ? [
            {
              id: randomStepId(),
              type: 'protocol',
              tool: 'feeCollection',
              toolDetails: { key: 'feeCollection', name: 'Integrator Fee', logoURI: '' },
              action: { ...action, toToken: token(fromToken) },
              estimate: {
                tool: 'feeCollection',
                fromAmount: String(params.fromAmount),
                toAmount: String(priced.swapIn),
                toAmountMin: String(priced.swapIn),
                approvalAddress: settler,
                feeCosts,
                gasCosts: [],
                executionDuration: 0,
              },
            },
          ]
        : []),
      {
        id: randomStepId(),
        type: 'swap',
        tool: TOOL.key,
        toolDetails: TOOL,
        action: { ...action, fromAmount: String(priced.swapIn) },
        estimate: { ...estimate, fromAmount: String(priced.swapIn), feeCosts: [] },
      },
    ]
    return {
      id: randomStepId(),
      type: 'lifi',
      tool: TOOL.key,
      toolDetails: TOOL,
      integrator: params.integrator,
      ...(params.referrer ? { referrer: params.referrer } : {}),
      action,
      estimate,
      transactionRequest: {
        to: settler,
        from: fromAddress,
        data,
        value: toHex(fromToken.native ? params.fromAmount : 0n),
        gasLimit: toHex(gasLimit),
        gasPrice: toHex(gasPrice),
        chainId: context.chainId,
      },
      includedSteps,
    }
  }

  return { app }
}

function describePath(query: Record<string, string | undefined>): string {
  return `${query.fromChain ?? ''}:${query.fromToken ?? ''}~${query.toChain ?? ''}:${query.toToken ?? ''}`
}
