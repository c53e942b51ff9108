import { getAddress, toHex, type Address } from 'viem'
import { encodeBridgeDeposit, type BridgeFee } from '../bridge/encodeBridgeDeposit'
import { feeOf, type IntegratorFeeSplit } from './splitIntegratorFee'
import { findBridgedToken } from '../bridge/findBridgedToken'
import { quoteBridgeDelivery } from '../bridge/quoteBridgeDelivery'
import type { ChainContext } from '../chainContext'
import { findBestRoute, type Route } from '../pricing/findBestRoute'
import { isNativePlaceholder, NATIVE_PLACEHOLDER } from '../pricing/nativeToken'
import { readTokenInfo, type TokenInfo } from '../pricing/readTokenInfo'
import { sameAddress } from '../pricing/sameAddress'
import { getUsdPrice } from '../pricing/usdValue'
import { randomStepId } from '../randomId'
import type { LifiParams } from './parseLifiParams'
import { toLifiToken, toLifiUsd } from './toLifiToken'

/** The sandbox bridge as LI.FI names a bridge tool. */
export const SANDBOX_BRIDGE_TOOL = { key: 'sandboxbridge', name: 'Sandbox Bridge', logoURI: '' }

const SWAP_TOOL = { key: 'uniswap', name: 'Uniswap V2', logoURI: '' }

export type BuildBridgeStepParameters = {
  from: ChainContext
  to: ChainContext
  params: LifiParams
  fromToken: TokenInfo
  toToken: TokenInfo
  /** The integrator fee, split between the integrator's fee wallet and LI.FI, when `fee` was sent. */
  feeSplit: IntegratorFeeSplit | undefined
  /** The `SandboxBridge` on the source chain (`transactionRequest.to` and `approvalAddress`). */
  bridge: Address
  deadlineSeconds: number
  /** `estimate.executionDuration`: about the relayer's delivery delay. */
  executionDurationSeconds: number
}

export type BuildBridgeStepReturnType =
  | { ok: true; step: Record<string, unknown> }
  | { ok: false; reason: 'NO_POSSIBLE_ROUTE' | 'INSUFFICIENT_LIQUIDITY' | 'AMOUNT_TOO_LOW' }

/**
 * A cross-chain LI.FI step over the sandbox bridge: the integrator fee comes off `fromAmount` on the
 * source chain, an optional swap on the source chain's pools turns the rest into the bridged token
 * (USDC, USDT, or ETH between ETH-native chains), and the bridge delivers it on the destination
 * chain less its own fee (`quoteBridgeDelivery`). `toAmount` is net of both fees; `toAmountMin`
 * applies the slippage (to the source swap's output when there is one, else to `toAmount`), rounded
 * down. `includedSteps` are `protocol`/`feeCollection` (with a fee), `swap` (with a source swap) and
 * `cross`, as LI.FI lists them.
 */
export async function buildBridgeStep({
  from,
  to,
  params,
  fromToken,
  toToken,
  feeSplit,
  bridge,
  deadlineSeconds,
  executionDurationSeconds,
}: BuildBridgeStepParameters): Promise<BuildBridgeStepReturnType> {
  const bridged = findBridgedToken({ from, to, toToken: toToken.address })
  if (!bridged) return { ok: false, reason: 'NO_POSSIBLE_ROUTE' }
  const swapFirst = !sameAddress(bridged, fromToken.address)
  // A source swap ends in an ERC-20; the bridge carries the native coin only as the native coin.
  if (swapFirst && isNativePlaceholder(bridged)) return { ok: false, reason: 'NO_POSSIBLE_ROUTE' }

  const fees: BridgeFee[] = feeSplit ? [feeSplit.integrator, feeSplit.lifi].filter((fee) => fee.ppm > 0) : []
  // Each transfer floored, as the contract computes it.
  const integratorAmount = feeSplit ? feeOf(params.fromAmount, feeSplit.integrator.ppm) : 0n
  const lifiAmount = feeSplit ? feeOf(params.fromAmount, feeSplit.lifi.ppm) : 0n
  const feeAmount = integratorAmount + lifiAmount
  const afterFee = params.fromAmount - feeAmount
  let route: Route | undefined
  if (swapFirst) {
    route = await findBestRoute({
      context: from,
      sellToken: fromToken.address,
      buyToken: bridged,
      amountIn: afterFee,
    })
    if (!route || route.path.length < 2) return { ok: false, reason: 'INSUFFICIENT_LIQUIDITY' }
  }
  const bridgedInfo = swapFirst ? (await readTokenInfo({ context: from, token: bridged }))! : fromToken
  const bridgeAmount = route ? route.amountOut : afterFee
  const deliver = (lockedAmount: bigint) =>
    quoteBridgeDelivery({
      lockedAmount,
      fromDecimals: bridgedInfo.decimals,
      toDecimals: toToken.decimals,
      priceUsd: getUsdPrice({ context: from, token: bridgedInfo }),
    })
  const delivery = deliver(bridgeAmount)
  if (delivery.amountOut === 0n) return { ok: false, reason: 'AMOUNT_TOO_LOW' }
  const slip = (amount: bigint) => (amount * BigInt(1_000_000 - params.slippagePpm)) / 1_000_000n
  const minBridgeAmount = route ? slip(route.amountOut) : 0n
  const toAmount = delivery.amountOut
  // With a source swap, the floor is what the bridge delivers for the swap's own floor.
  const toAmountMin = route ? deliver(minBridgeAmount).amountOut : slip(toAmount)

  const [block, gasPrice, nativeToken] = await Promise.all([
    from.publicClient.getBlock(),
    from.marketGasPrice(),
    readTokenInfo({ context: from, token: NATIVE_PLACEHOLDER }),
  ])
  const fromAddress = getAddress(params.fromAddress.toLowerCase())
  const toAddress = params.toAddress ? getAddress(params.toAddress.toLowerCase()) : fromAddress
  const data = encodeBridgeDeposit({
    sellToken: fromToken.address,
    sellAmount: params.fromAmount,
    path: route?.path ?? [],
    minBridgeAmount,
    destinationChainId: to.chainId,
    destinationToken: toToken.address,
    recipient: toAddress,
    amountOut: toAmount,
    minAmountOut: toAmountMin,
    deadline: block.timestamp + BigInt(deadlineSeconds),
    fees,
  })
  // Measured: about 115k (native) to 185k (ERC-20 with a fee to a fresh wallet) for the deposit, and
  // about 130k more per pool hop (a pair's first swap in a block also writes its price accumulators).
  const gasLimit = 250_000n + 140_000n * BigInt(route ? route.path.length - 1 : 0)
  const gasAmount = gasLimit * gasPrice

  const fromLifi = toLifiToken({ context: from, info: fromToken })
  const bridgedLifi = toLifiToken({ context: from, info: bridgedInfo })
  const toLifi = toLifiToken({ context: to, info: toToken })
  const integratorFeeCost = feeSplit
    ? {
        name: 'LIFI Fixed Fee',
        description: 'Fee charged on the input',
        percentage: String(params.fee),
        token: fromLifi,
        amount: String(feeAmount),
        amountUSD: toLifiUsd({ context: from, info: fromToken, amount: feeAmount }),
        included: true,
        feeSplit: { lifiFee: String(lifiAmount), integratorFee: String(integratorAmount) },
      }
    : undefined
  const bridgeFeeCost = {
    name: 'Bridge Fee',
    description: 'The sandbox bridge: 5 bps of the bridged amount plus a 5-cent relayer fee',
    percentage: ratio(delivery.bridgeFee, bridgeAmount),
    token: bridgedLifi,
    amount: String(delivery.bridgeFee),
    amountUSD: toLifiUsd({ context: from, info: bridgedInfo, amount: delivery.bridgeFee }),
    included: true,
  }
  const gasCosts = [
    {
      type: 'SEND',
      price: String(gasPrice),
      estimate: String(gasLimit),
      limit: String(gasLimit),
      amount: String(gasAmount),
      amountUSD: toLifiUsd({ context: from, info: nativeToken!, amount: gasAmount }),
      token: toLifiToken({ context: from, info: nativeToken! }),
    },
  ]
  const action = {
    fromChainId: from.chainId,
    toChainId: to.chainId,
    fromToken: fromLifi,
    toToken: toLifi,
    fromAmount: String(params.fromAmount),
    slippage: params.slippage,
    fromAddress,
    toAddress,
  }
  const estimate = {
    tool: SANDBOX_BRIDGE_TOOL.key,
    fromAmount: String(params.fromAmount),
    fromAmountUSD: toLifiUsd({ context: from, info: fromToken, amount: params.fromAmount }),
    toAmount: String(toAmount),
    toAmountMin: String(toAmountMin),
    toAmountUSD: toLifiUsd({ context: to, info: toToken, amount: toAmount }),
    approvalAddress: bridge,
    feeCosts: [...(integratorFeeCost ? [integratorFeeCost] : []), bridgeFeeCost],
    gasCosts,
    executionDuration: executionDurationSeconds,
  }
  const sameChainAction = { ...action, toChainId: from.chainId, toAddress: fromAddress }
  const includedSteps = [
    ...(integratorFeeCost
      ? [
          {
            id: randomStepId(),
            type: 'protocol',
            tool: 'feeCollection',
            toolDetails: { key: 'feeCollection', name: 'Integrator Fee', logoURI: '' },
            action: { ...sameChainAction, toToken: fromLifi },
            estimate: {
              tool: 'feeCollection',
              fromAmount: String(params.fromAmount),
              toAmount: String(afterFee),
              toAmountMin: String(afterFee),
              approvalAddress: bridge,
              feeCosts: [integratorFeeCost],
              gasCosts: [],
              executionDuration: 0,
            },
          },
        ]
      : []),
    ...(route
      ? [
          {
            id: randomStepId(),
            type: 'swap',
            tool: SWAP_TOOL.key,
            toolDetails: SWAP_TOOL,
            action: { ...sameChainAction, fromAmount: String(afterFee), toToken: bridgedLifi },
            estimate: {
              tool: SWAP_TOOL.key,
              fromAmount: String(afterFee),
              toAmount: String(route.amountOut),
              toAmountMin: String(minBridgeAmount),
              approvalAddress: bridge,
              feeCosts: [],
              gasCosts: [],
              executionDuration: 0,
            },
          },
        ]
      : []),
    {
      id: randomStepId(),
      type: 'cross',
      tool: SANDBOX_BRIDGE_TOOL.key,
      toolDetails: SANDBOX_BRIDGE_TOOL,
      action: { ...action, fromToken: bridgedLifi, fromAmount: String(bridgeAmount) },
      estimate: {
        ...estimate,
        fromAmount: String(bridgeAmount),
        fromAmountUSD: toLifiUsd({ context: from, info: bridgedInfo, amount: bridgeAmount }),
        feeCosts: [bridgeFeeCost],
      },
    },
  ]
  return {
    ok: true,
    step: {
      id: randomStepId(),
      type: 'lifi',
      tool: SANDBOX_BRIDGE_TOOL.key,
      toolDetails: SANDBOX_BRIDGE_TOOL,
      integrator: params.integrator,
      ...(params.referrer ? { referrer: params.referrer } : {}),
      action,
      estimate,
      transactionRequest: {
        to: bridge,
        from: fromAddress,
        data,
        value: toHex(fromToken.native ? params.fromAmount : 0n),
        gasLimit: toHex(gasLimit),
        gasPrice: toHex(gasPrice),
        chainId: from.chainId,
      },
      includedSteps,
    },
  }
}

/** `part / whole` as a decimal fraction string with up to 6 decimals, rounded up (LI.FI's `percentage`). */
function ratio(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0'
  const ppm = (part * 1_000_000n + whole - 1n) / whole
  const fraction = String(ppm % 1_000_000n)
    .padStart(6, '0')
    .replace(/0+$/, '')
  return fraction ? `${ppm / 1_000_000n}.${fraction}` : String(ppm / 1_000_000n)
}
