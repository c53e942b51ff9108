/** The timer functions `delay` schedules with; tests pass their own. */
export type DelayTimers = {
  setTimeout: (run: () => void, ms: number) => unknown
  clearTimeout: (timer: unknown) => void
}

/** The page's own timers. */
export const realTimers: DelayTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts (for debouncing a task). */
export function delay(ms: number, signal: AbortSignal, timers: DelayTimers = realTimers): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = timers.setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        timers.clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })
}
