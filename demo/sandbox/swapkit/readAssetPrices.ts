import type { ChainContext } from '../simulators/chainContext'
import { NATIVE_PLACEHOLDER } from '../simulators/pricing/nativeToken'
import { readMidUsdPrice } from '../simulators/pricing/readMidUsdPrice'
import type { SwapkitAsset } from './swapkitAssets'

/**
 * SwapKit's `meta.assets` of a same-chain route: each asset with its USD price as a number (v3 quote
 * response, `{ asset, price, image }`), here the sandbox pools' mid price, never the route's executed
 * price. An asset no pool prices is left out.
 */
export async function readAssetPrices({
  context,
  assets,
}: {
  context: ChainContext
  assets: readonly SwapkitAsset[]
}): Promise<{ asset: string; price: number; image: string }[]> {
  const priced = await Promise.all(
    assets.map(async (asset) => {
      const priceE18 = await readMidUsdPrice({
        context,
        token: {
          address: asset.contract ?? NATIVE_PLACEHOLDER,
          symbol: asset.ticker,
          name: asset.ticker,
          decimals: asset.decimals,
          native: asset.contract === undefined,
        },
      })
      // Micro-dollar precision is plenty for a JSON number, as SwapKit's own prices are.
      return priceE18 === undefined
        ? undefined
        : { asset: asset.identifier, price: Number(priceE18 / 10n ** 12n) / 1e6, image: '' }
    }),
  )
  return priced.filter((entry) => entry !== undefined)
}
