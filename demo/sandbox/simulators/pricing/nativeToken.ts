import type { Address } from 'viem'

/** The native-coin placeholder of 0x and CoW. */
export const NATIVE_PLACEHOLDER: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** The native-coin address of LI.FI. */
export const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000'

/** Whether an address is the 0x/CoW native placeholder (any letter case). */
export function isNativePlaceholder(address: string): boolean {
  return address.toLowerCase() === NATIVE_PLACEHOLDER.toLowerCase()
}
