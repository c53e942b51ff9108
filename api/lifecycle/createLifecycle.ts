/** One part of a running service, stopped on shutdown. */
export type LifecyclePart = { name: string; stop: () => Promise<void> | void }

export type Lifecycle = {
  /** True from the moment shutdown begins, before any part stops (readiness reads it). */
  readonly draining: boolean
  /** Adds a part; on shutdown parts stop in reverse order of adding (last started, first stopped). */
  add(name: string, stop: LifecyclePart['stop']): void
  /**
   * Shuts down once (later calls return the same promise): marks the service draining, then stops
   * each part in turn. A part that fails is reported to `onPartError` and does not keep the others
   * from stopping; the promise rejects afterwards with the first failure.
   */
  stop(): Promise<void>
}

export type CreateLifecycleParameters = {
  /** Told about each part that failed to stop; by default nothing is said. */
  onPartError?: (name: string, error: unknown) => void
}

/**
 * The one owner of shutdown order. The API server adds its HTTP drain, quote-log flush and store;
 * the sandbox adds its chains, simulators and the API itself; `stopOnSignals` turns SIGINT and SIGTERM
 * into one `stop()` and an exit code.
 *
 * @example
 * const lifecycle = createLifecycle()
 * lifecycle.add('store', () => store.close())
 * lifecycle.add('http', () => drainHttpServer(server))
 * await lifecycle.stop() // drains HTTP first, then closes the store
 */
export function createLifecycle({
  onPartError = () => undefined,
}: CreateLifecycleParameters = {}): Lifecycle {
  const parts: LifecyclePart[] = []
  let draining = false
  let stopping: Promise<void> | undefined
  return {
    get draining() {
      return draining
    },
    add(name, stop) {
      parts.push({ name, stop })
    },
    stop() {
      draining = true
      stopping ??= (async () => {
        let firstFailure: { error: unknown } | undefined
        // Parts added while stopping (a late start finishing) are stopped too.
        for (let part = parts.pop(); part !== undefined; part = parts.pop()) {
          try {
            await part.stop()
          } catch (error) {
            onPartError(part.name, error)
            firstFailure ??= { error }
          }
        }
        if (firstFailure) throw firstFailure.error
      })()
      return stopping
    },
  }
}

export type StopOnSignalsParameters = {
  stop: () => Promise<void>
  /** Said once a signal arrives, e.g. `SIGTERM: shutting down`. */
  say: (line: string) => void
  /** A shutdown still running after this long exits 1 anyway. */
  forceAfterMs: number
  exit?: (code: number) => void
  signals?: readonly NodeJS.Signals[]
}

/**
 * SIGINT or SIGTERM stops the service once and exits 0 (1 when a part failed to stop, or when the
 * shutdown outlasts `forceAfterMs`). A second signal while stopping changes nothing. Returns a function
 * that removes the handlers.
 */
export function stopOnSignals({
  stop,
  say,
  forceAfterMs,
  exit = (code) => process.exit(code),
  signals = ['SIGINT', 'SIGTERM'],
}: StopOnSignalsParameters): () => void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    say(`${signal}: shutting down`)
    const forced = setTimeout(() => exit(1), forceAfterMs)
    forced.unref()
    stop().then(
      () => exit(0),
      () => exit(1),
    )
  }
  for (const signal of signals) process.on(signal, onSignal)
  return () => {
    for (const signal of signals) process.off(signal, onSignal)
  }
}
