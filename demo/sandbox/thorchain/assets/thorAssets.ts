import { getAddress, type Address } from 'viem'
import { tokenLists } from '../../../../shared/tokens'

/** An asset THORChain lists in the sandbox, with what pricing and payouts need. */
export type ThorAsset = {
  /** THORNode notation, upper case: `BTC.BTC`, `ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48`. */
  asset: string
  /** THORChain chain code (the registry's chain symbol). */
  chain: string
  ticker: string
  /** Checksummed ERC-20 contract; absent for a chain's gas asset. */
  contract?: Address
  /** The asset's own decimals (amounts in the API and memos are always 1e8). */
  decimals: number
  /** Sandbox reference price in US dollars × 10_000 (DOGE at $0.15 is 1500). */
  usdE4: bigint
}

/** Gas assets of THORChain's chains in the sandbox, with the sandbox's reference prices. */
export const gasAssets: readonly ThorAsset[] = [
  { asset: 'BTC.BTC', chain: 'BTC', ticker: 'BTC', decimals: 8, usdE4: 600_000_000n },
  { asset: 'ETH.ETH', chain: 'ETH', ticker: 'ETH', decimals: 18, usdE4: 30_000_000n },
  { asset: 'BSC.BNB', chain: 'BSC', ticker: 'BNB', decimals: 18, usdE4: 6_000_000n },
  { asset: 'AVAX.AVAX', chain: 'AVAX', ticker: 'AVAX', decimals: 18, usdE4: 300_000n },
  { asset: 'BASE.ETH', chain: 'BASE', ticker: 'ETH', decimals: 18, usdE4: 30_000_000n },
  { asset: 'BCH.BCH', chain: 'BCH', ticker: 'BCH', decimals: 8, usdE4: 4_000_000n },
  { asset: 'LTC.LTC', chain: 'LTC', ticker: 'LTC', decimals: 8, usdE4: 800_000n },
  { asset: 'DOGE.DOGE', chain: 'DOGE', ticker: 'DOGE', decimals: 8, usdE4: 1_500n },
  { asset: 'GAIA.ATOM', chain: 'GAIA', ticker: 'ATOM', decimals: 6, usdE4: 50_000n },
  { asset: 'THOR.RUNE', chain: 'THOR', ticker: 'RUNE', decimals: 8, usdE4: 10_000n },
]

/** The asset everything is paired with. */
export const RUNE = 'THOR.RUNE'

/** THORChain's EVM chains; the sandbox lists one only while its anvil runs. */
export const thorchainEvmChains: readonly string[] = ['ETH', 'BSC', 'AVAX', 'BASE']

/** The tokens THORChain pools in the sandbox, on each of its EVM chains that lists them. */
const pooledTokens = ['USDC', 'USDT']

/**
 * The assets the sandbox's THORChain lists: every gas asset (the EVM ones only for chains in
 * `evmChains`) and USDC/USDT on those EVM chains, at the real contract addresses of the shared
 * token lists.
 *
 * @example
 * listThorAssets({ evmChains: ['ETH'] }).map((asset) => asset.asset)
 * // ['BTC.BTC', 'ETH.ETH', 'BCH.BCH', …, 'ETH.USDC-0XA0B8…', 'ETH.USDT-0XDAC1…']
 */
export function listThorAssets({ evmChains }: { evmChains: readonly string[] }): ThorAsset[] {
  const live = thorchainEvmChains.filter((chain) => evmChains.includes(chain))
  const gas = gasAssets.filter(
    (asset) => !thorchainEvmChains.includes(asset.chain) || live.includes(asset.chain),
  )
  const tokens = live.flatMap((chain) =>
    (tokenLists[chain] ?? [])
      .filter((token) => pooledTokens.includes(token.symbol))
      .map((token) => ({
        asset: `${chain}.${token.symbol}-${token.contract.toUpperCase()}`,
        chain,
        ticker: token.symbol,
        contract: getAddress(token.contract),
        decimals: token.decimals,
        usdE4: 10_000n,
      })),
  )
  return [...gas, ...tokens]
}

/** Converts an amount in the asset's own decimals to THORChain's 1e8 units (rounded down). */
export function toThorAmount(amount: bigint, decimals: number): bigint {
  return decimals >= 8 ? amount / 10n ** BigInt(decimals - 8) : amount * 10n ** BigInt(8 - decimals)
}

/** Converts a 1e8 amount to the asset's own decimals (rounded down). */
export function fromThorAmount(amount: bigint, decimals: number): bigint {
  return decimals >= 8 ? amount * 10n ** BigInt(decimals - 8) : amount / 10n ** BigInt(8 - decimals)
}
