/** EIP-1193's "user rejected the request". */
export const USER_REJECTED_CODE = 4001

/**
 * True when an error, or any error in its `cause` chain, is EIP-1193 code 4001: the user declined
 * in the wallet. viem wraps provider errors, so the code may sit a few causes deep.
 */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === USER_REJECTED_CODE) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
