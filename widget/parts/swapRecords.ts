import type { StatusTx, SwapState } from '../../shared/schemas'
import type { DepositInstructions } from '../../shared/wallet'
import { SWAP_RECORD_PREFIX } from './hasSwapRecord'

/**
 * A swap the widget follows to delivery, as kept in `localStorage` under its quote id, so that a
 * reload picks it up again. Amounts are the quote's decimal strings, never numbers.
 */
export type SwapRecord = {
  quoteId: string
  /** The `api-base` whose `/status` answers for it, and the page (path) it was made on. */
  apiBase: string
  page: string
  route: 'tx' | 'order' | 'deposit'
  /** The swap transaction's hash or the order's uid; a deposit's once `/status` has seen it. */
  hash?: string | undefined
  sellChain: string
  sellSymbol: string
  sellAmount: string
  buyChain: string
  buySymbol: string
  /** The guaranteed minimum, or the estimate when the quote names no minimum. */
  minBuyAmount: string
  /** A deposit's instructions, kept until the deposit is seen. */
  deposit?: DepositInstructions | undefined
  state: SwapState
  destinationTx?: StatusTx | undefined
  deliveredAmount?: string | undefined
  reason?: string | undefined
}

/** Keeps `record` (replacing the one of its quote id); storage that refuses it keeps nothing. */
export function saveSwapRecord(record: SwapRecord): void {
  try {
    localStorage.setItem(SWAP_RECORD_PREFIX + record.quoteId, JSON.stringify(record))
  } catch {
    // Full or blocked storage: the swap is still followed while the page stays open.
  }
}

/** Forgets the swap of `quoteId`. */
export function removeSwapRecord(quoteId: string): void {
  try {
    localStorage.removeItem(SWAP_RECORD_PREFIX + quoteId)
  } catch {
    // Nothing was kept.
  }
}

/** Every swap record in storage, skipping any that does not read as one. */
export function readSwapRecords(): SwapRecord[] {
  const records: SwapRecord[] = []
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(SWAP_RECORD_PREFIX)) continue
      try {
        const record = JSON.parse(localStorage.getItem(key) ?? '') as SwapRecord
        if (typeof record?.quoteId === 'string' && typeof record.state === 'string') records.push(record)
      } catch {
        // Another version's or a damaged entry: not ours to follow.
      }
    }
  } catch {
    // Unreadable storage holds nothing.
  }
  return records
}
