import { isSlippagePercent } from './isSlippagePercent'
import { SLIPPAGE_KEY } from './settingsStore'

/**
 * Keeps the user's slippage for this site, or forgets it (`undefined`: back to auto). Returns whether
 * the value is now the one in force: a value outside the contract's range is refused and nothing
 * changes; storage that refuses it still lets the value apply while the page stays open.
 *
 * @example
 * saveSlippage('0.7') // true
 * saveSlippage('60') // false
 */
export function saveSlippage(value: string | undefined): boolean {
  if (value !== undefined && !isSlippagePercent(value)) return false
  try {
    if (value === undefined) localStorage.removeItem(SLIPPAGE_KEY)
    else localStorage.setItem(SLIPPAGE_KEY, value)
  } catch {
    // Full or blocked storage: the choice lasts until the page goes.
  }
  return true
}
