/** The first retry's delay; each failure in a row doubles it, up to `MAX_RETRY_DELAY_MS`. */
export const FIRST_RETRY_DELAY_MS = 2000

/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 30_000

/**
 * How long to wait before retrying a quote after `failures` failed retries in a row: 2 s, 4 s, 8 s,
 * 16 s, then 30 s each time, so a service that is down is asked at most twice a minute.
 *
 * @example
 * getRetryDelayMs(0) // 2000
 * getRetryDelayMs(9) // 30000
 */
export function getRetryDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** failures)
}
