import '../swap-quote'
import type { SwapQuote } from '../swap-quote'

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

/** Polls `check` until it returns a truthy value, then returns it; fails with `message` after `timeoutMs`. */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  message: string,
  timeoutMs = 5000,
): Promise<NonNullable<T>> {
  const started = performance.now()
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (performance.now() - started > timeoutMs) throw new Error(`timed out: ${message}`)
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

const mounted: HTMLElement[] = []

/** Mounts `<swap-quote>` with `attributes` into the page, removed again after the test. */
export async function mount(attributes: Record<string, string>): Promise<SwapQuote> {
  const element = document.createElement('swap-quote')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  mounted.push(element)
  await element.updateComplete
  return element
}

const realNow = Date.now
let clockOffsetMs = 0

/**
 * Moves the page's clock (`Date.now`) on by `byMs`, as a computer clock that runs fast, or time
 * passing, would; undone after the test. Code that took `Date.now` before the first call keeps the
 * real clock: an element reads its clock when it is created, `executeQuote` when it starts, so call
 * `shiftClock(0)` before either to let a later shift reach it.
 */
export function shiftClock(byMs: number): void {
  clockOffsetMs += byMs
  Date.now = () => realNow.call(Date) + clockOffsetMs
}

afterEach(() => {
  for (const element of mounted.splice(0)) element.remove()
  clockOffsetMs = 0
  Date.now = realNow
})

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
