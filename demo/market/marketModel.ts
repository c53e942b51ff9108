/**
 * The sandbox market's parameters, in one place, each with where its number comes from. The venue
 * simulators read them so that net output ranks venues as it would live: gas is dear on Ethereum and
 * nearly free on rollups, CoW's user pays a batched share of gas instead of a whole transaction, and the
 * routing provider charges its own platform fee beside the integrator's affiliate fee.
 */

const GWEI = 1_000_000_000n

/**
 * Gas price the venues quote with, per chain id, in wei. Typical 2025–26 levels: Ethereum a few gwei
 * (Etherscan gas tracker), Base and Arbitrum about a hundredth of a gwei (basescan / arbiscan gas
 * trackers), BNB Chain 0.1 gwei after its 2025 minimum-gas-price cut (BEP-336 follow-ups, bscscan),
 * Avalanche C-Chain about 1 nAVAX after the Etna upgrade (ACP-125, snowtrace).
 */
export const MARKET_GAS_PRICE_WEI: Readonly<Record<number, bigint>> = {
  1: 5n * GWEI,
  8453: GWEI / 100n,
  42161: GWEI / 100n,
  56: GWEI / 10n,
  43114: GWEI,
  // Robinhood Chain is an Arbitrum Orbit chain: rollup-priced.
  4663: GWEI / 100n,
}

/** A chain the table does not name is priced like a rollup. */
export function marketGasPriceWei(chainId: number): bigint {
  return MARKET_GAS_PRICE_WEI[chainId] ?? GWEI / 100n
}

/**
 * The share of one order's settlement gas a CoW user pays, in percent: solvers settle orders in
 * batches and the network fee covers the order's share of the batch (docs.cow.fi, "Network costs":
 * fees are the estimated cost of including the order in a settlement). Batches of two to three orders
 * are common on Ethereum, hence 40%.
 */
export const COW_BATCH_GAS_SHARE_PERCENT = 40n

/**
 * SwapKit's own platform fee on its routes, bps (docs.swapkit.dev, "Fees": 0.15% on swaps), taken beside
 * the integrator's affiliate fee; in THORChain memos it is SwapKit's own affiliate entry.
 */
export const SWAPKIT_PLATFORM_FEE_BPS = 15

/**
 * Gas an aggregator swap uses, by pool hops, as venues estimate it for the network fee they state:
 * about 150k for one Uniswap V2 hop through an aggregator contract, 60k more per extra hop (0x and
 * LI.FI quotes of single-pool swaps state 130k–180k). The transaction's gas limit keeps its headroom.
 * A THORChain router deposit (`depositWithExpiry`) uses about 70k for the native coin, 100k for a token.
 */
export function aggregatorSwapGas(hops: number): bigint {
  return 150_000n + 60_000n * BigInt(Math.max(0, hops - 1))
}
export const THORCHAIN_ROUTER_DEPOSIT_GAS = { native: 70_000n, token: 100_000n } as const

/**
 * THORChain's minimum liquidity fee per pool swap, bps: the slip-based fee is floored at the mimir value
 * `L1SlipMinBps` (docs.thorchain.org, "Fees": the slip fee has a minimum for L1 swaps), so a same-chain
 * swap, a double swap through RUNE, pays it twice.
 */
export const THORCHAIN_MIN_SLIP_BPS = 5

/**
 * Dollars per side of the sandbox's major Uniswap pools (wrapped native, USDC, USDT) per chain: the
 * liquidity aggregators reach for a major pair is far deeper on Ethereum than on the smaller chains
 * (DefiLlama DEX liquidity by chain), so Ethereum's are deepest. THORChain's pools are $20M a side on
 * every chain (thorchain/pools/createThorPools.ts), which is why it wins mid-size swaps where the
 * chain's own DEX liquidity is thin, and loses them on Ethereum.
 */
export const MAJOR_POOL_DEPTH_USD: Readonly<Record<string, bigint>> = {
  ETH: 40_000_000n,
  BASE: 10_000_000n,
  ARB: 10_000_000n,
  BSC: 5_000_000n,
  AVAX: 3_000_000n,
}

export function majorPoolDepthUsd(chainSymbol: string): bigint {
  return MAJOR_POOL_DEPTH_USD[chainSymbol] ?? 5_000_000n
}
