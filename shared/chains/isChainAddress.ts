import type { ChainDefinition } from './chainDefinition'

/**
 * Whether `address` has the shape of an address on `chain` (its `addressPattern`): the one address
 * rule of the API, the widget and the sandbox. A format check, not a checksum check; surrounding
 * spaces are not trimmed here, so a caller that trims must also send the trimmed address.
 *
 * @example
 * isChainAddress(bitcoin, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // true
 * isChainAddress(litecoin, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // false
 */
export function isChainAddress(chain: Pick<ChainDefinition, 'addressPattern'>, address: string): boolean {
  return chain.addressPattern.test(address)
}
