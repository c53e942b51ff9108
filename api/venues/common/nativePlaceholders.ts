/** How 0x and CoW spell a native coin. */
export const NATIVE_EEEE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const

/** How LI.FI and the THORChain router spell a native coin. */
export const NATIVE_ZERO = '0x0000000000000000000000000000000000000000' as const

/** True for either spelling of a native coin (lower-case input). */
export function isNativePlaceholder(address: string): boolean {
  return address === NATIVE_ZERO || address === NATIVE_EEEE.toLowerCase()
}
