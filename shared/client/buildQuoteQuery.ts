import type { QuoteParams } from '../schemas'

const QUOTE_PARAM_NAMES = [
  'sellChain',
  'sellToken',
  'buyChain',
  'buyToken',
  'amount',
  'address',
  'recipient',
  'hubAddress',
  'slippage',
  'partner',
  'partnerFeeBps',
  'include',
] as const satisfies ReadonlyArray<keyof QuoteParams>

/**
 * The query string of `GET /quote` (contract 4.3), in the contract's parameter order. Values go as
 * written; `undefined` ones are left out, so the server applies its own defaults.
 *
 * @example
 * buildQuoteQuery({ sellChain: 'ETH', sellToken: 'ETH', buyChain: 'ETH', buyToken: 'USDC', amount: '0.1', address })
 * // 'sellChain=ETH&sellToken=ETH&buyChain=ETH&buyToken=USDC&amount=0.1&address=0x…'
 */
export function buildQuoteQuery(params: QuoteParams): string {
  const query = new URLSearchParams()
  for (const name of QUOTE_PARAM_NAMES) {
    const value = params[name]
    if (value !== undefined) query.set(name, String(value))
  }
  return query.toString()
}
