import type { ReactiveController, ReactiveControllerHost } from 'lit'

/**
 * Re-renders its host once a second while connected, for countdowns. `now()` is the clock the
 * host reads; it is `Date.now` unless a test passes another.
 */
export class ClockController implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined
  private readonly host: ReactiveControllerHost
  now: () => number

  constructor(host: ReactiveControllerHost, now: () => number = Date.now) {
    this.host = host
    this.now = now
    host.addController(this)
  }

  hostConnected(): void {
    this.timer = setInterval(() => this.host.requestUpdate(), 1000)
  }

  hostDisconnected(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }
}
