import type { Fault, SimulatorName } from './fault'

/** The fault state shared by the simulators and the control API. */
export type FaultController = {
  /** Sets (replaces) the fault of one simulator. */
  set(fault: Fault): void
  /** Clears one simulator's fault, or all of them. */
  clear(simulator?: SimulatorName): void
  /** The active faults. */
  list(): Fault[]
  /** The fault to apply to one request of `simulator` (counts it against `times`). */
  take(simulator: SimulatorName): Fault | undefined
  /** Resolves when the simulators stop: hung requests wait on it. */
  stopped: Promise<void>
  /** Releases hung requests; called by `stop()`. */
  stop(): void
}

/**
 * Creates the fault state. Faults given here are active from the start.
 *
 * @example
 * const faults = createFaultController({ initial: [{ simulator: 'zerox', mode: 'http500' }] })
 */
export function createFaultController({ initial = [] }: { initial?: Fault[] } = {}): FaultController {
  const active = new Map<SimulatorName, Fault & { remaining?: number }>()
  let release: () => void = () => {}
  const stopped = new Promise<void>((resolve) => (release = resolve))
  const controller: FaultController = {
    set(fault) {
      active.set(fault.simulator, {
        ...fault,
        ...(fault.times === undefined ? {} : { remaining: fault.times }),
      })
    },
    clear(simulator) {
      if (simulator) active.delete(simulator)
      else active.clear()
    },
    list() {
      return [...active.values()].map(({ remaining, ...fault }) =>
        remaining === undefined ? fault : { ...fault, times: remaining },
      )
    },
    take(simulator) {
      const fault = active.get(simulator)
      if (!fault) return undefined
      if (fault.remaining !== undefined) {
        fault.remaining -= 1
        if (fault.remaining <= 0) active.delete(simulator)
      }
      const { remaining: _remaining, ...rest } = fault
      return rest
    },
    stopped,
    stop: () => release(),
  }
  for (const fault of initial) controller.set(fault)
  return controller
}
