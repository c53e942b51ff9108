/**
 * An attribute the site owner set that cannot work: what is wrong (`kind`), the attribute, and the
 * value it has (for `order`, the warning's value then the confirmation's).
 */
export type SetupProblem = [
  kind: 'api-base' | 'slippage' | 'percent' | 'bps' | 'partner' | 'order' | 'chain',
  name: string,
  value: string,
]

/**
 * A set-up problem in words for the site owner, saying what to fix.
 *
 * @example
 * describeSetupProblem(['slippage', 'slippage', '80']) // 'slippage="80" is not a percentage above 0 and at most 50, such as 0.5.'
 */
export function describeSetupProblem([kind, name, value]: SetupProblem): string {
  switch (kind) {
    case 'api-base':
      return `${value ? `api-base="${value}" has` : "api-base is not set, and this page's origin has"} no /api/sdk/v1: set it to the quote service's URL.`
    case 'slippage':
      return `slippage="${value}" is not a percentage above 0 and at most 50, such as 0.5.`
    case 'percent':
      return `${name}="${value}" is not a percentage from 0 to 100, such as 5.`
    case 'bps':
      return `${name}="${value}" is not a whole number from 0 to 100, such as 25.`
    case 'partner':
      return `partner-fee-bps="${value}" needs partner, your partner id: without it no fee is collected.`
    case 'order':
      return `price-impact-warning="${name}" must not be above price-impact-confirm="${value}".`
    case 'chain':
      return `${name}="${value}" is not a chain in this quote service's /chains.`
  }
}
