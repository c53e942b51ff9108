import type { Address } from 'viem'

/** A token as pool planning needs it. */
export type PoolToken = { symbol: string; address: Address; decimals: number }

/** One Uniswap V2 pool to create and the reserves to seed it with (base units). */
export type PoolPlan = { tokenA: PoolToken; tokenB: PoolToken; amountA: bigint; amountB: bigint }

/**
 * Whole-dollar reference prices of the sandbox (ETH 3000, BTC 60000, BNB 600, AVAX 30, stables 1).
 * Every curated token needs an entry, so a new token cannot silently get an arbitrary price.
 */
export const sandboxUsdPrices: Readonly<Record<string, bigint>> = {
  USDC: 1n,
  USDT: 1n,
  DAI: 1n,
  USDG: 1n,
  WETH: 3_000n,
  WBTC: 60_000n,
  cbBTC: 60_000n,
  BTCB: 60_000n,
  'BTC.b': 60_000n,
  WBNB: 600n,
  WAVAX: 30n,
}

/** The base-unit amount of `token` worth `usd` dollars at its sandbox price (rounded down). */
export function amountForUsd(token: Pick<PoolToken, 'symbol' | 'decimals'>, usd: bigint): bigint {
  const price = sandboxUsdPrices[token.symbol]
  if (price === undefined)
    throw new Error(`sandbox: no reference price for ${token.symbol}; add it to sandboxUsdPrices`)
  return (usd * 10n ** BigInt(token.decimals)) / price
}

export type PlanPoolsParameters = {
  /** The chain's curated tokens, the wrapped native among them. */
  tokens: readonly PoolToken[]
  wrappedNative: PoolToken
  /** Dollars per side of the pools among the wrapped native, USDC and USDT. */
  majorDepthUsd?: bigint
  /** Dollars per side of every other pool. */
  minorDepthUsd?: bigint
}

/**
 * Plans the pools of one chain so every curated token trades against the wrapped native and against
 * USDC (where the chain has USDC). Both sides of a pool hold the same dollar value, so the pool's spot
 * price is the reference price, and its depth makes price impact grow with trade size.
 *
 * @example
 * planPools({ tokens, wrappedNative: weth }) // WETH/USDC, WETH/USDT, ..., USDC/USDT, USDC/DAI, ...
 */
export function planPools({
  tokens,
  wrappedNative,
  majorDepthUsd = 5_000_000n,
  minorDepthUsd = 2_000_000n,
}: PlanPoolsParameters): PoolPlan[] {
  const usdc = tokens.find((token) => token.symbol === 'USDC')
  const major = new Set([wrappedNative.symbol, 'USDC', 'USDT'])
  const pool = (tokenA: PoolToken, tokenB: PoolToken): PoolPlan => {
    const depthUsd = major.has(tokenA.symbol) && major.has(tokenB.symbol) ? majorDepthUsd : minorDepthUsd
    return {
      tokenA,
      tokenB,
      amountA: amountForUsd(tokenA, depthUsd),
      amountB: amountForUsd(tokenB, depthUsd),
    }
  }
  const others = tokens.filter((token) => token.address.toLowerCase() !== wrappedNative.address.toLowerCase())
  const againstNative = others.map((token) => pool(wrappedNative, token))
  const againstUsdc = usdc ? others.filter((token) => token !== usdc).map((token) => pool(usdc, token)) : []
  return [...againstNative, ...againstUsdc]
}
