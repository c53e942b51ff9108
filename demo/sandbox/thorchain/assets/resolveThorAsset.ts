import type { ThorPools } from '../pools/createThorPools'
import { RUNE, type ThorAsset } from './thorAssets'

/** Memo short codes (THORChain `concepts/memo-length-reduction`). */
export const shortAssetCodes: Readonly<Record<string, string>> = {
  r: RUNE,
  rune: RUNE,
  a: 'AVAX.AVAX',
  b: 'BTC.BTC',
  c: 'BCH.BCH',
  e: 'ETH.ETH',
  g: 'GAIA.ATOM',
  s: 'BSC.BNB',
  d: 'DOGE.DOGE',
  l: 'LTC.LTC',
  f: 'BASE.ETH',
  x: 'XRP.XRP',
  tr: 'TRON.TRX',
}

/** THORNode's chain codes (`common/chain.go`). */
export const thorChainCodes: ReadonlySet<string> = new Set([
  'BTC',
  'ETH',
  'BSC',
  'AVAX',
  'BASE',
  'BCH',
  'LTC',
  'DOGE',
  'GAIA',
  'THOR',
  'XRP',
  'TRON',
  'NOBLE',
  'SOL',
])

/** How an asset string resolved: a listed asset, a well-formed asset nobody pools, or garbage. */
export type ResolvedThorAsset =
  | { kind: 'listed'; asset: ThorAsset }
  | { kind: 'unknown'; notation: string }
  | { kind: 'invalid'; reason: string }

const symbolPattern = /^[A-Z0-9]+(?:-[A-Z0-9]+)?$/

/**
 * Resolves THORChain asset notation as THORNode does: case-insensitive, memo short codes (`b`,
 * `e`, …), the full `CHAIN.TICKER-0XCONTRACT` form, and the fuzzy forms `CHAIN.TICKER` and
 * `CHAIN.TICKER-SUFFIX` (the deepest matching pool wins). Synth, trade and secured assets are not
 * simulated and count as unknown.
 *
 * @example
 * resolveThorAsset({ text: 'ETH.USDC-EB48', assets, pools }) // { kind: 'listed', asset: ETH.USDC-0XA0B8… }
 */
export function resolveThorAsset({
  text,
  assets,
  pools,
}: {
  text: string
  assets: readonly ThorAsset[]
  pools: ThorPools
}): ResolvedThorAsset {
  const trimmed = text.trim()
  const short = shortAssetCodes[trimmed.toLowerCase()]
  const notation = (short ?? trimmed).toUpperCase()
  const separator = /[./~]/.exec(notation)
  if (!separator) return { kind: 'invalid', reason: 'invalid symbol' }
  const chain = notation.slice(0, separator.index)
  const symbol = notation.slice(separator.index + 1)
  if (!thorChainCodes.has(chain)) return { kind: 'invalid', reason: `invalid chain (${chain.slice(0, 12)})` }
  if (!symbolPattern.test(symbol.replace(/-0X/, '-'))) return { kind: 'invalid', reason: 'invalid symbol' }
  if (separator[0] !== '.') return { kind: 'unknown', notation }
  const exact = assets.find((asset) => asset.asset === notation)
  if (exact) return { kind: 'listed', asset: exact }
  const [ticker, suffix] = symbol.split('-') as [string, string | undefined]
  const candidates = assets.filter(
    (asset) =>
      asset.chain === chain &&
      asset.ticker === ticker &&
      asset.contract !== undefined &&
      (suffix === undefined || asset.contract.toUpperCase().endsWith(suffix.replace(/^0X/, ''))),
  )
  const deepest = candidates.sort((a, b) =>
    Number((pools.get(b.asset)?.runeDepth ?? 0n) - (pools.get(a.asset)?.runeDepth ?? 0n)),
  )[0]
  return deepest ? { kind: 'listed', asset: deepest } : { kind: 'unknown', notation }
}

/**
 * The shortest notation a memo may carry for `asset`: a short code for gas assets, `CHAIN.TICKER`
 * for a token whose ticker is unique on its chain, else the full notation.
 */
export function abbreviateThorAsset({
  asset,
  assets,
}: {
  asset: ThorAsset
  assets: readonly ThorAsset[]
}): string {
  const code = Object.entries(shortAssetCodes).find(([key, value]) => value === asset.asset && key !== 'rune')
  if (code) return code[0]
  if (!asset.contract) return asset.asset
  const sameTicker = assets.filter((other) => other.chain === asset.chain && other.ticker === asset.ticker)
  return sameTicker.length === 1 ? `${asset.chain}.${asset.ticker}` : asset.asset
}
