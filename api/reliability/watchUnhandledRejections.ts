/**
 * Records every unhandled promise rejection and uncaught exception of this process until `stop()`
 * (tests only): a reliability test asserts the list stays empty.
 */
export function watchUnhandledRejections(): { seen: unknown[]; stop(): void } {
  const seen: unknown[] = []
  const onRejection = (reason: unknown) => seen.push(reason)
  const onException = (error: unknown) => seen.push(error)
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
  return {
    seen,
    stop() {
      process.off('unhandledRejection', onRejection)
      process.off('uncaughtException', onException)
    },
  }
}
