import type { SwapRecord } from './swapRecords'

/** Where the user's past swaps on this site are kept in `localStorage` (apart from the swap followed now). */
export const HISTORY_KEY = 'swap-quote-history'

/** The most swaps kept: the oldest goes when a newer one would make more. */
export const HISTORY_LIMIT = 20

/**
 * A swap in the history: the tracked record as last seen (a deposit's instructions left out: once
 * the swap is history they are no use) and when it was first kept, in clock milliseconds.
 */
export type SwapHistoryEntry = Omit<SwapRecord, 'deposit'> & {
  sentAtMs: number
  /** A deposit route whose deposit `/status` has not seen yet. */
  awaitingDeposit?: boolean | undefined
}

/**
 * The swaps kept for this site, newest first, skipping any entry that does not read as one. Storage
 * that cannot be read holds none.
 */
export function readSwapHistory(): SwapHistoryEntry[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]')
    return Array.isArray(list)
      ? list.filter(
          (entry): entry is SwapHistoryEntry =>
            typeof entry?.quoteId === 'string' &&
            typeof entry.state === 'string' &&
            typeof entry.sentAtMs === 'number',
        )
      : []
  } catch {
    return []
  }
}

export type RecordSwapHistoryParameters = {
  /** A tracked swap as it stands, or a history entry brought up to date. */
  record: SwapRecord | SwapHistoryEntry
  /** Clock milliseconds now: a new entry's `sentAtMs` (an entry already kept keeps its own). */
  nowMs: number
}

/**
 * Keeps `record` in the history, newest first and at most `HISTORY_LIMIT` entries: a swap already
 * there is updated in place (its state, transactions, amounts), a new one goes first. Returns the
 * history as kept. Storage that refuses it keeps nothing, and the swap goes on regardless.
 *
 * @example
 * recordSwapHistory({ record, nowMs: clock.now() })
 */
export function recordSwapHistory({ record, nowMs }: RecordSwapHistoryParameters): SwapHistoryEntry[] {
  const {
    deposit,
    awaitingDeposit,
    sentAtMs: _sentAtMs,
    ...kept
  } = record as SwapRecord & Partial<SwapHistoryEntry>
  const history = readSwapHistory()
  const index = history.findIndex((entry) => entry.quoteId === record.quoteId)
  const entry: SwapHistoryEntry = {
    ...kept,
    sentAtMs: history[index]?.sentAtMs ?? nowMs,
    ...(deposit || awaitingDeposit ? { awaitingDeposit: true } : {}),
  }
  if (index >= 0) history[index] = entry
  else history.unshift(entry)
  history.sort((a, b) => b.sentAtMs - a.sentAtMs)
  history.length = Math.min(history.length, HISTORY_LIMIT)
  try {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(history))
  } catch {
    // Full or blocked storage: no history, the swap itself is unaffected.
  }
  return history
}
