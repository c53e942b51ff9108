/**
 * Whether `value` is the contract's slippage: a percentage above 0 and at most 50, written as the API
 * reads it (up to three whole digits and eight decimals).
 *
 * @example
 * isSlippagePercent('0.5') // true
 * isSlippagePercent('51') // false
 */
export function isSlippagePercent(value: string): boolean {
  return /^(0|[1-9][0-9]{0,2})(\.[0-9]{1,8})?$/.test(value) && Number(value) > 0 && Number(value) <= 50
}
