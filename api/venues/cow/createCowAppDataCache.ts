import type { BuildCowAppDataParameters, CowAppData } from './buildCowAppData'
import { buildCowAppData } from './buildCowAppData'

/** How many fee and slippage combinations one CoW venue keeps serialised and hashed. */
export const COW_APP_DATA_CACHE_SIZE = 256

/**
 * `buildCowAppData` remembered per parameter set: the app data of a given appCode, slippage, fees
 * and recipients never changes, and serialising and hashing it (keccak256) was the CoW adapter's
 * largest own cost per quote. At most `size` sets are kept; the oldest is dropped first, so a caller
 * cycling through slippages cannot grow memory. The returned objects are shared: do not mutate them.
 *
 * @example
 * const appDataFor = createCowAppDataCache()
 * const appData = appDataFor({ appCode: 'SwapQuote', slippageBps: 50, policies: [{ volumeBps: 30, recipient }] })
 */
export function createCowAppDataCache(size = COW_APP_DATA_CACHE_SIZE) {
  const cache = new Map<string, CowAppData>()
  return (parameters: BuildCowAppDataParameters): CowAppData => {
    const key = JSON.stringify([
      parameters.appCode,
      parameters.slippageBps,
      parameters.policies.map((policy) => [policy.volumeBps, policy.recipient]),
    ])
    const cached = cache.get(key)
    if (cached) return cached
    const appData = buildCowAppData(parameters)
    if (cache.size >= size) cache.delete(cache.keys().next().value as string)
    cache.set(key, appData)
    return appData
  }
}
