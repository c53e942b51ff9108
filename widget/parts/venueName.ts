/** How people know each venue, by the quote's `provider` id; an id not listed shows as it is. */
const names: Record<string, string> = {
  '0x': '0x',
  lifi: 'LI.FI',
  cow: 'CoW Protocol',
  thorchain: 'THORChain',
  swapkit: 'SwapKit',
  router: 'Direct router on Robinhood Chain',
}

/**
 * The venue's display name for a quote's `provider`.
 *
 * @example
 * venueName('swapkit') // 'SwapKit'
 */
export function venueName(provider: string): string {
  return names[provider] ?? provider
}
