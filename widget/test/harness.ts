import '../swap-quote'
import type { SwapQuote, SwapQuoteClock } from '../swap-quote'

type Suite = (name: string, body: () => void) => void
type Test = (name: string, body: () => Promise<void> | void, timeoutMs?: number) => void
type Hook = (body: () => Promise<void> | void) => void

/** Mocha's globals, as @web/test-runner installs them. */
const mocha = globalThis as unknown as {
  describe: Suite
  it: (name: string, body: () => Promise<void> | void) => { timeout(ms: number): void }
  afterEach: Hook
  beforeEach: Hook
}
export const describe: Suite = (name, body) => mocha.describe(name, body)
/** A test; `timeoutMs` overrides the run's timeout (the sandbox's chains need longer). */
export const it: Test = (name, body, timeoutMs) => {
  const test = mocha.it(name, body)
  if (timeoutMs !== undefined) test.timeout(timeoutMs)
}
export const afterEach: Hook = (body) => mocha.afterEach(body)

/** Throws with `message` unless `condition` holds. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

/** Throws unless `actual` equals `expected` (compared as JSON). */
export function assertEqual(actual: unknown, expected: unknown, message = 'values differ'): void {
  const a = JSON.stringify(actual)
  const b = JSON.stringify(expected)
  if (a !== b) throw new Error(`${message}: expected ${b}, got ${a}`)
}

/**
 * Polls `check` until it returns a truthy value, then returns it; fails with `message` after `timeoutMs`
 * (a function: what the page shows then, read at the failure).
 */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  message: string | (() => string),
  timeoutMs = 5000,
): Promise<NonNullable<T>> {
  const started = performance.now()
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (performance.now() - started > timeoutMs)
      throw new Error(`timed out: ${typeof message === 'function' ? message() : message}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

let apiUrl: string | undefined

/** A fresh base URL of the fake API in `scenario`, with its own request log. */
export async function scenarioBase(scenario: string): Promise<string> {
  apiUrl ??= ((await (await fetch('/__fake-api.json')).json()) as { url: string }).url
  return `${apiUrl}/s/${scenario}~${Math.random().toString(36).slice(2)}`
}

/** The quote requests the fake API received under `base`. */
export async function quoteLog(
  base: string,
): Promise<{ query: Record<string, string>; finished: boolean }[]> {
  return (await fetch(`${base}/__log`)).json()
}

/**
 * The clock every mounted element gets (its `clock` property): the page's time and timers, until a
 * test moves it. `advance(ms)` moves it on (or back) at once, as time passing or a computer clock
 * that runs fast would, and runs every timer that falls due; `pending()` counts timers not yet run.
 */
export type TestClock = SwapQuoteClock & { advance(byMs: number): void; pending(): number }

function createTestClock(): TestClock {
  let offsetMs = 0
  const timers = new Map<object, { dueMs: number; run: () => void; real: ReturnType<typeof setTimeout> }>()
  const clock: TestClock = {
    now: () => Date.now() + offsetMs,
    setTimeout(run, ms) {
      const id = {}
      const fire = () => {
        clearTimeout(timers.get(id)?.real)
        if (timers.delete(id)) run()
      }
      timers.set(id, { dueMs: clock.now() + ms, run: fire, real: setTimeout(fire, ms) })
      return id
    },
    clearTimeout(id) {
      clearTimeout(timers.get(id as object)?.real)
      timers.delete(id as object)
    },
    advance(byMs) {
      offsetMs += byMs
      // In due order; a timer a run schedules that is already due runs too.
      for (;;) {
        const due = [...timers.values()].filter((timer) => timer.dueMs <= clock.now())
        if (due.length === 0) return
        due.sort((a, b) => a.dueMs - b.dueMs)[0]!.run()
      }
    },
    pending: () => timers.size,
  }
  return clock
}

const mounted: HTMLElement[] = []
const clocks = new WeakMap<SwapQuote, TestClock>()

/** The test clock of a mounted element. */
export function clockOf(element: SwapQuote): TestClock {
  const clock = clocks.get(element)
  assert(clock, 'not mounted by mount()')
  return clock
}

/**
 * Mounts `<swap-quote>` with `attributes` into the page, on a test clock (`clockOf`), removed again
 * after the test. `before` runs before it connects (to move its clock ahead, or hand in a provider).
 */
export async function mount(
  attributes: Record<string, string>,
  before?: (clock: TestClock, element: SwapQuote) => void,
): Promise<SwapQuote> {
  const element = document.createElement('swap-quote')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  const clock = createTestClock()
  clocks.set(element, clock)
  element.clock = clock
  before?.(clock, element)
  document.body.append(element)
  mounted.push(element)
  await element.updateComplete
  return element
}

afterEach(() => {
  for (const element of mounted.splice(0)) element.remove()
})

/**
 * Moves `element`'s clock on by `byMs` (`TestClock.advance`), then lets what that set off start: its
 * update, and the requests it issues (one turn of the page's task queue, no waiting on time).
 */
export async function advanceClock(element: SwapQuote, byMs: number): Promise<void> {
  clockOf(element).advance(byMs)
  await element.updateComplete
  await new Promise((resolve) => setTimeout(resolve))
}

/** The first element matching `selector` in the widget's shadow root. */
export function $<E extends Element = HTMLElement>(element: SwapQuote, selector: string): E | null {
  return element.shadowRoot!.querySelector<E>(selector)
}

/** Text of the element matching `selector` in the shadow root, whitespace collapsed. */
export function textOf(element: SwapQuote, selector: string): string {
  return ($(element, selector)?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** Types into an input the way a user does: sets the value and fires `input`. */
export function typeInto(input: HTMLInputElement | null, value: string): void {
  assert(input, 'input not found')
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

/** Picks an option of a select the way a user does: sets the value and fires `change`. */
export function choose(select: HTMLSelectElement | null, value: string): void {
  assert(select, 'select not found')
  select.value = value
  select.dispatchEvent(new Event('change', { bubbles: true, composed: true }))
}

/** Waits until the widget shows a quote, and returns the estimate's text. */
export function waitForQuote(element: SwapQuote): Promise<string> {
  return waitUntil(() => textOf(element, '[data-testid="buy-amount"]'), 'a quote is shown')
}

/** Opens the quote's route details (fees, minimum, alternatives) and waits until they show. */
export async function openRouteDetail(element: SwapQuote): Promise<void> {
  const details = await waitUntil(
    () => $<HTMLDetailsElement>(element, '[part="route-detail"]'),
    'route details',
  )
  details.open = true
  await waitUntil(() => $(element, '[data-testid="route-detail"]'), 'the route detail shows', 10_000)
}
