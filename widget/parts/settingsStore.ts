import { isSlippagePercent } from './isSlippagePercent'

/** Where the user's own slippage is kept in `localStorage`: one value per site, shared by its widgets. */
export const SLIPPAGE_KEY = 'swap-quote-slippage'

/**
 * The slippage the user chose on this site (percent, as typed), or `undefined` for auto: the host's
 * `slippage` attribute, else each venue's own floor. A stored value that is not the contract's
 * slippage (another version's, edited by hand) counts as auto. Storage that cannot be read holds none.
 */
export function readStoredSlippage(): string | undefined {
  try {
    const value = localStorage.getItem(SLIPPAGE_KEY)
    return value && isSlippagePercent(value) ? value : undefined
  } catch {
    return undefined
  }
}
