import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { QuoteTimers } from './QuoteController'

/**
 * Re-renders its host once a second while connected, for countdowns, on the host's clock (`clock()`,
 * read at every tick, so a clock swapped in later, by a test, takes over from the next tick).
 */
export class ClockController implements ReactiveController {
  private timer: unknown
  private readonly host: ReactiveControllerHost
  private readonly clock: () => QuoteTimers

  constructor(host: ReactiveControllerHost, clock: () => QuoteTimers) {
    this.host = host
    this.clock = clock
    host.addController(this)
  }

  hostConnected(): void {
    this.timer = this.clock().setTimeout(() => {
      this.host.requestUpdate()
      this.hostConnected()
    }, 1000)
  }

  hostDisconnected(): void {
    this.clock().clearTimeout(this.timer)
  }
}
