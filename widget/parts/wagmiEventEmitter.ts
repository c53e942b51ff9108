/**
 * Stands in, in the widget's build, for `eventemitter3` where @wagmi/core's `Emitter` imports it (and
 * only there: the WalletConnect and Coinbase Wallet chunks keep the real one). `Emitter` calls `on`,
 * `once`, `off`, `emit` and `listenerCount`; these behave as eventemitter3's do: listeners run in the
 * order they were added, an `emit` calls the listeners there were when it began, a `once` listener is
 * removed before it runs, and `off` removes every listener with that function. eventemitter3 is a
 * CommonJS module, so the wallet chunk also loaded the bundler's interop runtime for it: together
 * about 1.3 KB of gzip on every page that offers a wallet. `wagmiEventEmitter.test.ts` runs the same
 * calls on both and compares.
 */
type Listener = { fn: (...args: unknown[]) => void; once: boolean }

export class EventEmitter {
  private readonly events = new Map<string | symbol, Listener[]>()

  on(event: string | symbol, fn: Listener['fn']): this {
    return this.add(event, { fn, once: false })
  }

  once(event: string | symbol, fn: Listener['fn']): this {
    return this.add(event, { fn, once: true })
  }

  off(event: string | symbol, fn?: Listener['fn']): this {
    return this.keep(event, (listener) => fn !== undefined && listener.fn !== fn)
  }

  emit(event: string | symbol, ...args: unknown[]): boolean {
    const listeners = this.events.get(event)
    if (!listeners) return false
    for (const listener of listeners) {
      if (listener.once) this.keep(event, (other) => other !== listener)
      listener.fn(...args)
    }
    return true
  }

  listenerCount(event: string | symbol): number {
    return this.events.get(event)?.length ?? 0
  }

  private add(event: string | symbol, listener: Listener): this {
    this.events.set(event, [...(this.events.get(event) ?? []), listener])
    return this
  }

  /** Keeps the listeners of `event` that pass `test`, in a new array (an `emit` under way keeps its own). */
  private keep(event: string | symbol, test: (listener: Listener) => boolean): this {
    const kept = (this.events.get(event) ?? []).filter(test)
    if (kept.length > 0) this.events.set(event, kept)
    else this.events.delete(event)
    return this
  }
}
