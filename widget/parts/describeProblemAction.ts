import type { QuoteProblem } from './describeQuoteError'

const labels: Partial<Record<QuoteProblem['code'], string>> = {
  NO_ROUTE: 'No route for this pair',
  UNKNOWN_TOKEN: 'Token not found',
  UNSUPPORTED_PAIR: 'This pair cannot be swapped',
  BAD_REQUEST: 'Check the amount and addresses',
  RATE_LIMITED: 'Too many requests',
}

/**
 * The action button's words when a quote failed: what is wrong, and when the widget asks again.
 *
 * @example
 * describeProblemAction({ code: 'UPSTREAM_ERROR', message }, 8) // 'Service unavailable, retrying in 8 s'
 */
export function describeProblemAction(problem: QuoteProblem, retryInSeconds: number | undefined): string {
  const label = labels[problem.code] ?? 'Service unavailable'
  return retryInSeconds === undefined || problem.code === 'NO_ROUTE'
    ? label
    : `${label}, retrying in ${retryInSeconds} s`
}
