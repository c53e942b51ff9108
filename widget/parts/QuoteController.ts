import { initialState, Task, TaskStatus } from '@lit/task'
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { QuoteClient } from '../../shared/client'
import type { Quote, QuoteParams } from '../../shared/schemas'
import { delay, realTimers, type DelayTimers } from './delay'
import type { QuoteProblem } from './describeQuoteError'
import { describeQuoteErrorLazily } from './loadQuoteProblems'
import { getRetryDelayMs } from './getRetryDelayMs'

/** One quote request: the service's base URL and the contract's parameters. */
export type QuoteRequest = { apiBase: string; params: QuoteParams }
/** The answer on offer and the request it answers. */
export type QuoteResult = { quote: Quote; request: QuoteRequest; address: string }
/** A problem shown in place of a quote, with the request it answers. */
export type QuoteProblemFor = QuoteProblem & { request: QuoteRequest }
type QuoteOutcome = { request: QuoteRequest; quote?: Quote; problem?: QuoteProblem }

/**
 * Whether two requests ask the same: the same service and the same parameters. A request's
 * parameters are flat strings, so one pass over the keys of each compares them by value (lit's
 * general deep comparison costs more bytes on the first load, and a JSON key would depend on key order).
 */
function sameRequest(a: QuoteRequest | undefined, b: QuoteRequest | undefined): boolean {
  if (!a || !b) return a === b
  if (a.apiBase !== b.apiBase) return false
  const left = a.params as Record<string, unknown>
  const right = b.params as Record<string, unknown>
  const keys = Object.keys(left)
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key])
}

/**
 * The pause in typing before a typed change is quoted: typing an amount asks once, not per key. Only
 * typing waits; the first quote, the host's attributes, a pick from a list and a refresh ask at once.
 */
export const QUOTE_DEBOUNCE_MS = 300

/**
 * The soonest a quote is refreshed after the previous one arrived. A client clock running fast makes
 * every quote look already expired; without a floor that would re-quote in a tight loop.
 */
const REFRESH_FLOOR_MS = 3000

/** Failures that say nothing about the inputs, so trying again later may work. */
const TRANSIENT: readonly string[] = ['NETWORK', 'UPSTREAM_ERROR', 'INTERNAL', 'STORE_UNAVAILABLE']

/** After `NO_ROUTE` the same inputs are asked again this much later: liquidity comes and goes. */
export const NO_ROUTE_RETRY_MS = 30_000

/** Timers the controller schedules with; tests pass their own. */
export type QuoteTimers = DelayTimers & { now: () => number }

export type QuoteControllerOptions = {
  /** The request for the current inputs, or undefined while they are incomplete or invalid. */
  request: () => QuoteRequest | undefined
  /**
   * The client for a service. Returned as it is (not a promise), the first request leaves within the
   * host's update, before it renders: no await stands between the inputs and `fetch`.
   */
  client: (apiBase: string) => QuoteClient | Promise<QuoteClient>
  /**
   * True while a request would soon be replaced: the host's wallet is still telling its account, and
   * a quote for the preview address would be thrown away. Nothing is asked until it turns false.
   */
  held?: () => boolean
  /**
   * True from a Swap press until its outcome is dismissed: nothing is asked then, and an answer already on
   * its way is dropped ("New quote" asks again).
   */
  paused: () => boolean
  /** Whether the element is in the page. */
  connected: () => boolean
  onQuote: (quote: Quote) => void
  onProblem: (problem: QuoteProblem) => void
  timers?: QuoteTimers
}

/**
 * Quoting for the element: one Task keyed on the request itself (compared by value; typing is debounced,
 * anything else asks at once, so the first quote leaves during the first update, before it renders; a newer
 * run aborts the older one's request and stale answers are dropped), the quote on offer or the problem
 * in its place, and the schedule of what comes next: a refresh shortly before the quote expires, a retry
 * with backoff after a transient failure, `Retry-After` after a rate limit, 30 s after `NO_ROUTE`. Removing the element stops it;
 * putting it back keeps a pending refresh's time, or asks again for a request it cut off.
 *
 * @example
 * private readonly quotes = new QuoteController(this, { request: () => this.quoteRequest(), client, paused, connected, onQuote, onProblem })
 */
export class QuoteController implements ReactiveController {
  result: QuoteResult | undefined
  problem: QuoteProblemFor | undefined
  /** When the pending retry is due (clock ms), for the countdown shown with a problem. */
  retryAt: number | undefined

  private readonly host: ReactiveControllerHost
  private readonly options: QuoteControllerOptions
  private readonly timers: QuoteTimers
  private refreshCount = 0
  private refreshTimer: unknown
  /** When the pending refresh or retry is due, so a move in the page keeps its timing. */
  private refreshAt: number | undefined
  /** Failed attempts in a row for the current inputs, for the retry backoff. */
  private failures = 0
  /** Whether a request was cut off by the last disconnect, so connecting again must re-quote. */
  private cutOff = false
  private started = false
  /** Set by `typed()`: the next request waits for a pause in typing. */
  private typing = false

  /**
   * Back online: a request that failed for the connection or the service goes again now, not at the end
   * of its backoff (up to 30 s). A rate limit's or a `NO_ROUTE`'s wait is the service's, and stands.
   */
  private readonly online = () => {
    if (TRANSIENT.includes(this.problem?.code!) && this.retryAt !== undefined && !this.options.paused()) {
      this.refresh()
    }
  }

  private readonly task: Task<readonly [QuoteRequest | undefined, number], QuoteOutcome | typeof initialState>

  constructor(host: ReactiveControllerHost, options: QuoteControllerOptions) {
    this.host = host
    this.options = options
    this.timers = options.timers ?? { ...realTimers, now: () => Date.now() }
    host.addController(this)
    this.task = new Task(host, {
      task: async ([request], { signal }) => {
        const typing = this.typing
        this.typing = false
        if (!request || !this.options.connected() || this.options.paused()) return initialState
        if (typing) await delay(QUOTE_DEBOUNCE_MS, signal, this.timers)
        try {
          // Every venue of the race comes with the quote, for the route details to compare.
          const params = { ...request.params, include: 'alternatives' } as const
          const client = this.options.client(request.apiBase)
          const quote = await (client instanceof Promise
            ? client.then((ready) => ready.quote(params, { signal }))
            : client.quote(params, { signal }))
          return { request, quote }
        } catch (error) {
          if (signal.aborted) throw error
          return { request, problem: await describeQuoteErrorLazily(error) }
        }
      },
      args: () => [this.options.held?.() ? undefined : this.options.request(), this.refreshCount] as const,
      argsEqual: ([request, refresh], [previous, previousRefresh]) =>
        refresh === previousRefresh && sameRequest(request, previous),
      onComplete: (outcome) => this.onOutcome(outcome as QuoteOutcome),
    })
  }

  hostConnected(): void {
    addEventListener('online', this.online)
    if (!this.started) {
      this.started = true
      return
    }
    // Put back, or moved (removed and added again): a pending refresh or retry keeps its time; a
    // request cut off by the removal is made again now.
    if (this.options.paused()) return
    if (this.refreshAt === undefined || this.cutOff) this.refresh()
    else this.scheduleRefreshAt(Math.max(this.timers.now(), this.refreshAt))
  }

  hostDisconnected(): void {
    removeEventListener('online', this.online)
    this.timers.clearTimeout(this.refreshTimer)
    this.cutOff = this.task.status === TaskStatus.PENDING
    this.task.abort()
  }

  /**
   * The user typed into a field the request reads (call it before the change lands): the request it
   * makes waits `QUOTE_DEBOUNCE_MS`, and another key in that time starts the wait again.
   */
  typed(): void {
    this.typing = true
  }

  /** Asks again for the current inputs. */
  refresh(): void {
    this.refreshCount++
    this.host.requestUpdate()
  }

  /** Drops the scheduled refresh or retry. */
  private cancelRefresh(): void {
    this.timers.clearTimeout(this.refreshTimer)
    this.refreshAt = undefined
  }

  /** Whether a request is on its way. */
  get pending(): boolean {
    return this.task.status === TaskStatus.PENDING
  }

  /** The quote on offer when it answers `request`. */
  resultFor(request: QuoteRequest | undefined): QuoteResult | undefined {
    return request && this.result && sameRequest(this.result.request, request) ? this.result : undefined
  }

  /** The problem shown when it answers `request`. */
  problemFor(request: QuoteRequest | undefined): QuoteProblemFor | undefined {
    return request && this.problem && sameRequest(this.problem.request, request) ? this.problem : undefined
  }

  /**
   * Shows a request's answer and schedules the next request: shortly before the quote expires, or,
   * after a failure, a retry. A failure replaces the quote it was refreshing, so an expired quote is
   * never left on offer.
   */
  private onOutcome({ request, quote, problem }: QuoteOutcome): void {
    // A refresh already under way when the user pressed Swap: the quote on screen is the one being
    // executed, and a newer answer or failure beside its progress would only mislead.
    if (this.options.paused()) return
    const now = this.timers.now()
    // Each answer decides what comes next; a timer left from earlier inputs must not fire.
    this.cancelRefresh()
    if (quote) {
      this.result = { quote, request, address: request.params.address }
      this.problem = undefined
      this.retryAt = undefined
      this.failures = 0
      this.host.requestUpdate()
      this.options.onQuote(quote)
      const expiresAtMs = Date.parse(quote.expiresAt)
      const leadMs = Math.min(5000, Math.max(0, (expiresAtMs - now) / 2))
      this.scheduleRefreshAt(Math.max(now + REFRESH_FLOOR_MS, expiresAtMs - leadMs))
      return
    }
    const failed = problem as QuoteProblem
    const refreshing = this.result !== undefined && sameRequest(this.result.request, request)
    // The backoff grows only while the same inputs keep failing.
    if (!this.problemFor(request) || this.retryAt === undefined) this.failures = 0
    this.result = undefined
    this.problem = { ...failed, request }
    this.retryAt =
      failed.code === 'RATE_LIMITED'
        ? // The contract's window is 60 s; Retry-After, when sent, is more precise.
          now + (failed.retryAfterSeconds ?? 60) * 1000
        : failed.code === 'NO_ROUTE'
          ? now + NO_ROUTE_RETRY_MS
          : refreshing || this.failures > 0 || TRANSIENT.includes(failed.code)
            ? now + getRetryDelayMs(this.failures++)
            : undefined
    this.host.requestUpdate()
    this.options.onProblem(failed)
    if (this.retryAt !== undefined) this.scheduleRefreshAt(this.retryAt)
  }

  private scheduleRefreshAt(atMs: number): void {
    this.timers.clearTimeout(this.refreshTimer)
    this.refreshAt = atMs
    // A removed element asks for nothing; connecting again re-quotes.
    if (!this.options.connected()) return
    this.refreshTimer = this.timers.setTimeout(() => {
      this.refreshAt = undefined
      if (!this.options.paused()) this.refresh()
    }, atMs - this.timers.now())
  }
}
