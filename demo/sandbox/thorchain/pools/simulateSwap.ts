import { THORCHAIN_MIN_SLIP_BPS } from '../../../market/marketModel'
import { chainParams } from '../assets/chainParams'
import { gasAssets, RUNE, type ThorAsset } from '../assets/thorAssets'
import type { ThorPools } from './createThorPools'

/** A priced swap through the sandbox pools; amounts in 1e8 units of the target asset unless named. */
export type SwapSimulation = {
  from: ThorAsset
  to: ThorAsset
  amountIn: bigint
  /** Sub-swaps (1 unless streaming). */
  quantity: number
  /** What the pools emit, before the affiliate and outbound fees. */
  emit: bigint
  /** Output at spot prices without slip, minus `emit`. */
  liquidityFee: bigint
  /** One fee per affiliate, in the order given. */
  affiliateFees: bigint[]
  affiliateFee: bigint
  outboundFee: bigint
  /** `emit` less affiliate and outbound fees (0 when the fees eat it all). */
  expectedOut: bigint
  /** RUNE leaving the source pool and entering the target pool (0 when either side is RUNE). */
  runeMoved: bigint
}

/** THORChain's slip-based CLP output: `x·X·Y / (x + X)²`. */
export function clpOutput(x: bigint, X: bigint, Y: bigint): bigint {
  if (x <= 0n || X <= 0n || Y <= 0n) return 0n
  return (x * X * Y) / ((x + X) * (x + X))
}

/** Converts `amount` of `from` into `to` at the pools' spot prices (no slip), through RUNE. */
export function convertAtSpot({
  pools,
  amount,
  from,
  to,
}: {
  pools: ThorPools
  amount: bigint
  from: string
  to: string
}): bigint {
  if (from === to) return amount
  const source = pools.get(from)
  const rune = from === RUNE ? amount : source ? (amount * source.runeDepth) / source.assetDepth : 0n
  if (to === RUNE) return rune
  const target = pools.get(to)
  return target ? (rune * target.assetDepth) / target.runeDepth : 0n
}

/** The outbound fee THORChain charges to pay out `asset`, in 1e8 units of `asset`. */
export function outboundFeeOf({ pools, asset }: { pools: ThorPools; asset: ThorAsset }): bigint {
  const params = chainParams[asset.chain]
  if (!params) return 0n
  const gas = gasAssets.find((candidate) => candidate.chain === asset.chain)
  return gas ? convertAtSpot({ pools, amount: params.outboundFee, from: gas.asset, to: asset.asset }) : 0n
}

function emitOf({ pools, from, to, amount }: { pools: ThorPools; from: string; to: string; amount: bigint }) {
  const source = pools.get(from)
  const rune =
    from === RUNE ? amount : source ? poolSwapOutput(amount, source.assetDepth, source.runeDepth) : 0n
  if (to === RUNE) return { rune, out: rune }
  const target = pools.get(to)
  return { rune, out: target ? poolSwapOutput(rune, target.runeDepth, target.assetDepth) : 0n }
}

/**
 * One pool swap: the slip-based output, but never more than spot less THORChain's minimum liquidity
 * fee (`THORCHAIN_MIN_SLIP_BPS`), so a small swap still pays a floor fee.
 */
function poolSwapOutput(x: bigint, X: bigint, Y: bigint): bigint {
  const slipBased = clpOutput(x, X, Y)
  const floorFee = X > 0n ? (x * Y * BigInt(10_000 - THORCHAIN_MIN_SLIP_BPS)) / (X * 10_000n) : 0n
  return slipBased < floorFee ? slipBased : floorFee
}

/**
 * Prices a swap the way THORChain executes it: the CLP formula per pool (asset → RUNE → asset),
 * `quantity` equal sub-swaps for a streaming swap (each against the pool as arbitrage restores it,
 * so streaming lowers slip), then the affiliate fees (bps of the pools' output) and the target
 * chain's outbound fee. Pure: the pools are not changed (see `applySwap`).
 *
 * @example
 * simulateSwap({ pools, from: eth, to: btc, amountIn: 100_000_000n, affiliateBps: [15] })
 */
export function simulateSwap({
  pools,
  from,
  to,
  amountIn,
  quantity = 1,
  affiliateBps = [],
}: {
  pools: ThorPools
  from: ThorAsset
  to: ThorAsset
  amountIn: bigint
  quantity?: number
  affiliateBps?: readonly number[]
}): SwapSimulation {
  const count = BigInt(Math.max(1, quantity))
  const part = amountIn / count
  let emit = 0n
  let runeMoved = 0n
  for (let index = 0n; index < count; index++) {
    const amount = index === count - 1n ? amountIn - part * (count - 1n) : part
    const { rune, out } = emitOf({ pools, from: from.asset, to: to.asset, amount })
    emit += out
    runeMoved += rune
  }
  const spot = convertAtSpot({ pools, amount: amountIn, from: from.asset, to: to.asset })
  const affiliateFees = affiliateBps.map((bps) => (emit * BigInt(bps)) / 10_000n)
  const affiliateFee = affiliateFees.reduce((sum, fee) => sum + fee, 0n)
  const outboundFee = outboundFeeOf({ pools, asset: to })
  const net = emit - affiliateFee - outboundFee
  return {
    from,
    to,
    amountIn,
    quantity: Number(count),
    emit,
    liquidityFee: spot > emit ? spot - emit : 0n,
    affiliateFees,
    affiliateFee,
    outboundFee,
    expectedOut: net > 0n ? net : 0n,
    runeMoved: from.asset === RUNE || to.asset === RUNE ? 0n : runeMoved,
  }
}

/**
 * Books an executed swap into the pools: the input joins the source pool, the RUNE it bought joins
 * the target pool, and only what left the vault (`paidOut`) leaves the target pool; the affiliate
 * and outbound fees are swapped back to RUNE there (`runeOut` is the RUNE they took out).
 */
export function applySwap({
  pools,
  swap,
  paidOut,
  runeOut,
}: {
  pools: ThorPools
  swap: SwapSimulation
  paidOut: bigint
  runeOut: bigint
}): void {
  const source = pools.get(swap.from.asset)
  const target = pools.get(swap.to.asset)
  const runeIn = swap.from.asset === RUNE ? swap.amountIn : swap.runeMoved
  if (source) {
    source.assetDepth += swap.amountIn
    source.runeDepth -= swap.to.asset === RUNE ? swap.emit : swap.runeMoved
  }
  if (target) {
    target.runeDepth += runeIn - runeOut
    target.assetDepth -= paidOut
  }
}
