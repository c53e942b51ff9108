import { chainsOfAddress, isChainAddress } from '../addresses/isChainAddress'
import { chainParams, THORCHAIN_BLOCK_SECONDS } from '../assets/chainParams'
import { abbreviateThorAsset, resolveThorAsset } from '../assets/resolveThorAsset'
import { RUNE, type ThorAsset } from '../assets/thorAssets'
import { buildSwapMemo } from '../memo/buildSwapMemo'
import type { MemoAffiliate } from '../memo/parseSwapMemo'
import { convertAtSpot, outboundFeeOf, simulateSwap } from '../pools/simulateSwap'
import { isTradingHalted, type ThorchainState } from '../thorchainState'
import { thornodeError, type ThornodeError } from './thornodeError'

/** How long a quote is valid, like THORNode (now + 15 minutes). */
export const QUOTE_EXPIRY_SECONDS = 900

const WARNING = 'Do not cache this response. Do not send funds after the expiry.'

/** THORNode's chain-specific sending instructions (`notes`). */
export function inboundNotes(chain: string): string {
  if (chainParams[chain]?.gasRateUnits === 'gwei') {
    return 'Base Asset: Send the inbound_address the asset with the memo encoded in hex in the data field. Tokens: First approve router to spend tokens from user: asset.approve(router, amount). Then call router.depositWithExpiry(inbound_address, asset, amount, memo, expiry). Asset is the token contract address. Amount should be in native asset decimals (eg 1e18 for most tokens). Do not swap to smart contract addresses.'
  }
  if (chain === 'THOR')
    return 'Broadcast a MsgDeposit to the THORChain network with the appropriate memo. Do not use multi-in, multi-out transactions.'
  if (chain === 'GAIA')
    return 'Transfer the inbound_address the asset with the memo. Do not use multi-in, multi-out transactions.'
  return 'First output should be to inbound_address, second output should be change back to self, third output should be OP_RETURN, limited to 80 bytes. Do not send below the dust threshold. Do not use exotic spend scripts, locks or address formats.'
}

const thornamePattern = /^(?:[a-zA-Z0-9+_.-]{1,30}|thor1[02-9ac-hj-np-z]{38})$/

function readList(query: Record<string, string[]>, name: string): string[] {
  // Newer nodes take one `/`-separated value; v3.9 and older took the parameter repeated.
  return (query[name] ?? []).flatMap((value) => value.split('/')).filter((value) => value !== '')
}

function readUint(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined
  return /^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN
}

/** The most sub-swaps a streaming swap of `amount` may take: each must move at least 5 bps of the shallower pool. */
export function maxStreamingQuantity({
  state,
  from,
  to,
  amount,
}: {
  state: ThorchainState
  from: ThorAsset
  to: ThorAsset
  amount: bigint
}) {
  const depths = [from, to]
    .filter((asset) => asset.asset !== RUNE)
    .map((asset) => state.pools.get(asset.asset)?.runeDepth ?? 0n)
  const shallow = depths.reduce((min, depth) => (depth < min ? depth : min), depths[0] ?? 0n)
  const minSubSwap = (shallow * 5n) / 10_000n
  const runeValue = convertAtSpot({ pools: state.pools, amount, from: from.asset, to: RUNE })
  if (minSubSwap <= 0n) return 1
  const count = runeValue / minSubSwap
  return Number(count < 1n ? 1n : count > 100n ? 100n : count)
}

export type QuoteSwapResult =
  { ok: true; body: Record<string, unknown> } | { ok: false; error: ThornodeError }

/**
 * Answers `GET /thorchain/quote/swap` from the sandbox pools, with THORNode's fields, memo and
 * error messages (see `venues/thorchain.md`). `query` holds every value of each parameter, so both
 * the `/`-joined and the repeated multi-affiliate forms work.
 *
 * @example
 * quoteSwap({ state, query: { from_asset: ['ETH.ETH'], to_asset: ['BTC.BTC'], amount: ['100000000'] } })
 */
export function quoteSwap({
  state,
  query,
}: {
  state: ThorchainState
  query: Record<string, string[]>
}): QuoteSwapResult {
  const fail = (kind: 'invalid' | 'unknown', message: string): QuoteSwapResult => ({
    ok: false,
    error: thornodeError(kind, message),
  })
  const one = (name: string) => query[name]?.[0]
  const fromText = one('from_asset')
  const toText = one('to_asset')
  const amountText = one('amount')
  if (!fromText) return fail('invalid', 'missing from_asset parameter')
  if (!toText) return fail('invalid', 'missing to_asset parameter')
  if (!amountText) return fail('invalid', 'missing amount parameter')
  if (!/^[0-9]{1,30}$/.test(amountText) || BigInt(amountText) === 0n) return fail('invalid', 'bad amount')
  const amount = BigInt(amountText)

  const tolerance = readUint(one('tolerance_bps'))
  const liquidityTolerance = readUint(one('liquidity_tolerance_bps'))
  if (tolerance !== undefined && liquidityTolerance !== undefined) {
    return fail('invalid', 'must only include one of: tolerance_bps or liquidity_tolerance_bps')
  }
  if (tolerance !== undefined && !(tolerance <= 10_000))
    return fail('invalid', 'tolerance basis points must be less than 10000')
  if (liquidityTolerance !== undefined && !(liquidityTolerance < 10_000)) {
    return fail('invalid', 'liquidity tolerance basis points must be less than 10000')
  }
  const interval = readUint(one('streaming_interval'))
  const requestedQuantity = readUint(one('streaming_quantity'))
  if (Number.isNaN(interval) || Number.isNaN(requestedQuantity))
    return fail('invalid', 'bad streaming parameters')

  const affiliateNames = readList(query, 'affiliate')
  const affiliateBps = readList(query, 'affiliate_bps')
  if (affiliateBps.length > 0 || affiliateNames.length > 0) {
    if (affiliateNames.length !== affiliateBps.length) {
      return fail(
        'invalid',
        `bad affiliate params: mismatch between number of affiliates (${affiliateNames.length}) and BPS values (${affiliateBps.length})`,
      )
    }
    if (affiliateNames.some((name) => !thornamePattern.test(name)))
      return fail('invalid', 'bad affiliate params: invalid affiliate')
    if (affiliateBps.some((bps) => !/^[0-9]{1,5}$/.test(bps)))
      return fail('invalid', 'bad affiliate params: invalid affiliate bps')
  }
  const affiliates: MemoAffiliate[] = affiliateNames.map((name, index) => ({
    name,
    bps: Number(affiliateBps[index]),
  }))
  if (affiliates.reduce((sum, affiliate) => sum + affiliate.bps, 0) > 1000) {
    return fail('invalid', 'total affiliate fee must not be more than 1000 bps')
  }

  const from = resolveThorAsset({ text: fromText, assets: state.assets, pools: state.pools })
  if (from.kind === 'invalid') return fail('invalid', `bad from asset: ${from.reason}`)
  const to = resolveThorAsset({ text: toText, assets: state.assets, pools: state.pools })
  if (to.kind === 'invalid') return fail('invalid', `bad to asset: ${to.reason}`)
  for (const side of [from, to]) {
    if (side.kind === 'unknown') return fail('invalid', `pool ${side.notation} doesn't exist`)
    if (side.asset.asset !== RUNE && state.pools.get(side.asset.asset)?.status !== 'Available') {
      return fail('invalid', `pool(${side.asset.asset}) is not available`)
    }
  }
  if (from.kind !== 'listed' || to.kind !== 'listed') return fail('invalid', 'bad asset')
  const source = from.asset
  const target = to.asset
  if (source.asset === target.asset) return fail('invalid', 'bad to asset: same as from asset')
  if (isTradingHalted(state, source.chain) || isTradingHalted(state, target.chain)) {
    return fail('unknown', "failed to simulate swap: trading is halted, can't process swap")
  }

  const destination = one('destination')
  const refundAddress = one('refund_address')
  if (destination !== undefined && !isChainAddress(target.chain, destination)) {
    return chainsOfAddress(destination).length > 0
      ? fail(
          'unknown',
          'failed to validate message: swap destination address is not the same chain as the target asset',
        )
      : fail('invalid', 'bad destination address')
  }
  if (refundAddress !== undefined && !isChainAddress(source.chain, refundAddress))
    return fail('invalid', 'bad refund address')

  const sourceParams = chainParams[source.chain]!
  if (amount < sourceParams.dustThreshold) return fail('invalid', 'amount less than dust threshold')

  const streaming = interval !== undefined && interval > 0
  const maxQuantity = maxStreamingQuantity({ state, from: source, to: target, amount })
  const quantity = streaming
    ? requestedQuantity
      ? Math.min(requestedQuantity, maxQuantity)
      : maxQuantity
    : 1
  const swap = simulateSwap({
    pools: state.pools,
    from: source,
    to: target,
    amountIn: amount,
    quantity,
    affiliateBps: affiliates.map((affiliate) => affiliate.bps),
  })
  const sourceFee = outboundFeeOf({ pools: state.pools, asset: source })
  const targetFeeInSource = convertAtSpot({
    pools: state.pools,
    amount: swap.outboundFee,
    from: target.asset,
    to: source.asset,
  })
  const recommendedMin = 3n * (sourceFee > targetFeeInSource ? sourceFee : targetFeeInSource)
  if (amount < recommendedMin || swap.expectedOut === 0n) {
    return fail('invalid', `amount less than min swap amount (recommended_min_amount_in: ${recommendedMin})`)
  }

  const spot = convertAtSpot({ pools: state.pools, amount, from: source.asset, to: target.asset })
  const limit =
    liquidityTolerance !== undefined
      ? (swap.expectedOut * BigInt(10_000 - liquidityTolerance)) / 10_000n
      : tolerance !== undefined
        ? (spot * BigInt(10_000 - tolerance)) / 10_000n
        : 0n
  const memo =
    destination === undefined
      ? undefined
      : buildSwapMemo({
          asset: abbreviateThorAsset({ asset: target, assets: state.assets }),
          destination,
          refundAddress,
          limit,
          streaming: streaming ? { interval: interval!, quantity: requestedQuantity ?? 0 } : undefined,
          affiliates,
        })
  if (
    memo &&
    new TextEncoder().encode(memo).length > sourceParams.memoLimitBytes &&
    one('extended') !== 'true'
  ) {
    return fail('invalid', 'generated memo too long for source chain')
  }

  const total = swap.liquidityFee + swap.affiliateFee + swap.outboundFee
  const inboundSeconds = sourceParams.confirmationBlocks * sourceParams.blockSeconds
  const streamingBlocks = streaming ? interval! * (quantity - 1) : 0
  const streamingSeconds = streamingBlocks * THORCHAIN_BLOCK_SECONDS
  const evmSource = sourceParams.gasRateUnits === 'gwei'
  const body: Record<string, unknown> = {
    // RUNE is deposited with MsgDeposit: there is no inbound address.
    inbound_address: source.chain === 'THOR' ? '' : (state.vaults[source.chain] ?? ''),
    ...(evmSource && state.routers[source.chain] ? { router: state.routers[source.chain] } : {}),
    inbound_confirmation_blocks: sourceParams.confirmationBlocks,
    inbound_confirmation_seconds: inboundSeconds,
    outbound_delay_blocks: 0,
    outbound_delay_seconds: 0,
    fees: {
      asset: target.asset,
      affiliate: String(swap.affiliateFee),
      outbound: String(swap.outboundFee),
      liquidity: String(swap.liquidityFee),
      total: String(total),
      slippage_bps: Number((swap.liquidityFee * 10_000n) / (swap.emit + swap.liquidityFee || 1n)),
      total_bps: Number((total * 10_000n) / (swap.expectedOut + total || 1n)),
    },
    expiry: Math.floor(state.now() / 1000) + QUOTE_EXPIRY_SECONDS,
    warning: WARNING,
    notes: inboundNotes(source.chain),
    dust_threshold: String(sourceParams.dustThreshold),
    recommended_min_amount_in: String(recommendedMin),
    recommended_gas_rate: sourceParams.gasRate,
    gas_rate_units: sourceParams.gasRateUnits,
    ...(memo === undefined ? {} : { memo }),
    expected_amount_out: String(swap.expectedOut),
    max_streaming_quantity: maxQuantity,
    streaming_swap_blocks: streamingBlocks,
    streaming_swap_seconds: streamingSeconds,
    total_swap_seconds: inboundSeconds + Math.max(streamingSeconds, 0),
  }
  return { ok: true, body }
}
