import type { QuoteProblem } from './describeQuoteError'
import type { Translate } from './translate'

/**
 * The action button's words when a quote failed: what is wrong, and when the widget asks again.
 *
 * @example
 * describeProblemAction({ code: 'UPSTREAM_ERROR', message }, 8, t) // 'Service unavailable, retrying in 8 s'
 */
export function describeProblemAction(
  problem: QuoteProblem,
  retryInSeconds: number | undefined,
  t: Translate,
): string {
  const labels: Partial<Record<QuoteProblem['code'], string>> = {
    NO_ROUTE: t('No route for this pair'),
    UNKNOWN_TOKEN: t('Token not found'),
    UNSUPPORTED_PAIR: t('This pair cannot be swapped'),
    BAD_REQUEST: t('Check the amount and addresses'),
    RATE_LIMITED: t('Too many requests'),
  }
  const label = labels[problem.code] ?? t('Service unavailable')
  return retryInSeconds === undefined || problem.code === 'NO_ROUTE'
    ? label
    : t('{problem}, retrying in {seconds} s', { problem: label, seconds: retryInSeconds })
}
