/** Where tracked swaps are kept in `localStorage`: this prefix, then the quote id. */
export const SWAP_RECORD_PREFIX = 'swap-quote:swap:'

/**
 * Whether `localStorage` holds a tracked swap, so the element loads the execution chunk on connect
 * only then. Storage that cannot be read (blocked, sandboxed frame) holds nothing.
 */
export function hasSwapRecord(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(SWAP_RECORD_PREFIX))
  } catch {
    return false
  }
}
