import { RUNE, type ThorAsset } from '../assets/thorAssets'

/** One RUNE-paired pool; depths in 1e8 units. */
export type ThorPool = {
  asset: ThorAsset
  assetDepth: bigint
  runeDepth: bigint
  /** `Staged` pools exist but do not trade (THORNode: `pool(X) is not available`). */
  status: 'Available' | 'Staged'
}

/** The sandbox's pools by asset notation (no entry for THOR.RUNE itself, which every pool pairs with). */
export type ThorPools = Map<string, ThorPool>

/**
 * Seeds one RUNE pool per listed asset, both sides worth `depthUsd` dollars at the sandbox's reference
 * prices (stablecoin pools `stableDepthUsd`), so each pool's spot price is the reference price.
 *
 * @example
 * const pools = createThorPools({ assets: listThorAssets({ evmChains: ['ETH'] }) })
 * pools.get('BTC.BTC')?.assetDepth // 33_333_333_333n (333.33 BTC for $20M)
 */
export function createThorPools({
  assets,
  depthUsd = 20_000_000n,
  stableDepthUsd = 10_000_000n,
}: {
  assets: readonly ThorAsset[]
  depthUsd?: bigint
  stableDepthUsd?: bigint
}): ThorPools {
  const rune = assets.find((asset) => asset.asset === RUNE)
  const runeUsdE4 = rune?.usdE4 ?? 10_000n
  const pools: ThorPools = new Map()
  for (const asset of assets) {
    if (asset.asset === RUNE) continue
    const usd = asset.contract ? stableDepthUsd : depthUsd
    pools.set(asset.asset, {
      asset,
      assetDepth: (usd * 10n ** 8n * 10_000n) / asset.usdE4,
      runeDepth: (usd * 10n ** 8n * 10_000n) / runeUsdE4,
      status: 'Available',
    })
  }
  return pools
}
