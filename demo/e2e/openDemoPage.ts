import type { Locator, Page } from 'playwright-core'
import type { Quote } from '../../shared/schemas'

/** A `swap-quote:*` event as the page saw it, recorded in order (oldest first). */
export type RecordedWidgetEvent = {
  type: string
  quote?: Quote
  step?: { step: string; chainId?: number; txHash?: `0x${string}`; orderUid?: string }
  result?: {
    status: string
    route?: string
    sourceTx?: { chain: string; hash: string }
    destinationTx?: { chain: string; hash: string }
    deliveredAmount?: string
  }
  code?: string
  message?: string
}

/** The demo page, driven the way a user drives it, with what the widget and the panels show. */
export type DemoPage = {
  page: Page
  widget: Locator
  /** Problems the page reported: uncaught errors and console errors (not failed-resource lines). */
  problems: string[]
  /** Picks a chain in the widget's own chain picker (`ETH`, `RHD`, `BTC`, ...). */
  chooseChain(side: 'sell' | 'buy', chain: string): Promise<void>
  /** Picks a token by symbol in the widget's own token picker. */
  chooseToken(side: 'sell' | 'buy', symbol: string): Promise<void>
  /** Types an amount into the widget. */
  enterAmount(amount: string): Promise<void>
  /** Types into the widget's refund (`from`) or `recipient` address field. */
  enterAddress(field: 'from' | 'recipient', address: string): Promise<void>
  /** Waits until the widget shows an executable quote (its action button reads `action`) and returns the summary shown. */
  waitForQuote(action: string): Promise<{ provider: string; buyAmount: string; minBuyAmount: string }>
  actionButton(): Locator
  /** The widget's progress steps, in order (`data-step` of each line). */
  progressSteps(): Promise<string[]>
  /** The exact amount the balances panel shows for `symbol` on `chain` (its title holds every digit). */
  panelBalance(chain: string, symbol: string): Promise<string>
  /** The event-log panel's lines, oldest first. */
  eventLog(): Promise<{ name: string; summary: string }[]>
  /** Every widget event the page saw, oldest first. */
  recordedEvents(): Promise<RecordedWidgetEvent[]>
  /**
   * Each `data-state` the widget's delivery view showed (`awaiting`, `pending`, `inFlight`,
   * `delivered`, ...), in order, without repeats: what the user saw the swap go through.
   */
  deliveryStates(): Promise<string[]>
}

const widgetEventTypes = [
  'swap-quote:quote',
  'swap-quote:change',
  'swap-quote:connect',
  'swap-quote:before-execute',
  'swap-quote:step',
  'swap-quote:submitted',
  'swap-quote:done',
  'swap-quote:error',
]

/**
 * Opens the demo page at `url` in `page` and waits until the widget has its chains and the balances
 * panel shows all six sandbox chains. Every widget event is recorded from the first one on.
 *
 * @example
 * const demo = await openDemoPage({ page, url: sandbox.url })
 * await demo.chooseToken('buy', 'DAI')
 */
export async function openDemoPage({ page, url }: { page: Page; url: string }): Promise<DemoPage> {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    // A refused quote (404 NO_ROUTE while venues are faulted) is an answer, not a page problem.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(message.text())
  })
  await page.addInitScript((types: string[]) => {
    const recorded: unknown[] = []
    ;(window as unknown as { __widgetEvents: unknown[] }).__widgetEvents = recorded
    for (const type of types) {
      document.addEventListener(type, (event) => {
        const { quote, step, result, code, message } = event as Event & Record<string, unknown>
        recorded.push(JSON.parse(JSON.stringify({ type, quote, step, result, code, message })))
      })
    }
    const states: string[] = []
    ;(window as unknown as { __deliveryStates: string[] }).__deliveryStates = states
    // A state lasts at least one status poll (seconds): sampling this often sees every one.
    setInterval(() => {
      const state = document
        .querySelector('swap-quote')
        ?.shadowRoot?.querySelector('[data-testid="delivery"]')
        ?.getAttribute('data-state')
      if (state && states.at(-1) !== state) states.push(state)
    }, 50)
  }, widgetEventTypes)
  await page.goto(`${url}/`)
  const widget = page.locator('swap-quote')
  await widget.locator('button[name="sell-token"]', { hasText: 'on Ethereum' }).waitFor()
  await page.locator('.chain-balances').nth(5).waitFor()

  /** Opens one side's token picker, on `chain` when given, and clicks the option `option` selects. */
  const pick = async (side: 'sell' | 'buy', option: string, chain?: string) => {
    await widget.locator(`button[name="${side}-token"]`).click()
    if (chain) await widget.locator(`[part="picker-chain"][data-chain="${chain}"]`).click()
    await widget.locator(`[role="option"]${option}`).first().click()
    await widget.locator('dialog.picker').waitFor({ state: 'detached' })
  }
  const chainBalances = (chain: string) =>
    page.locator('.chain-balances', { has: page.locator('h3 span', { hasText: `${chain} · ` }) })

  return {
    page,
    widget,
    problems,
    async chooseChain(side, chain) {
      // A new chain starts on its native coin, as the host's attributes would set it.
      await pick(side, '[data-caip*="/slip44:"]', chain)
    },
    async chooseToken(side, symbol) {
      await pick(side, `[data-symbol="${symbol}"]`)
    },
    async enterAmount(amount) {
      await widget.locator('input[part="amount"]').fill(amount)
    },
    async enterAddress(field, address) {
      await widget.locator(`input[name="${field}"]`).fill(address)
    },
    async waitForQuote(action) {
      await widget.locator('button[part="action-button"]', { hasText: action }).waitFor({ timeout: 20_000 })
      const text = async (testId: string) =>
        ((await widget.locator(`[data-testid="${testId}"]`).textContent()) ?? '').trim()
      return {
        // The venue's id; the widget shows its display name (CoW Protocol for `cow`).
        provider: (await widget.locator('[data-testid="provider"]').getAttribute('data-provider')) ?? '',
        buyAmount: await text('buy-amount'),
        minBuyAmount: await text('min-buy-amount'),
      }
    },
    actionButton: () => widget.locator('button[part="action-button"]'),
    progressSteps: () =>
      widget
        .locator('[part="progress"] li[data-step]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-step') ?? '')),
    async panelBalance(chain, symbol) {
      const cell = chainBalances(chain).locator('tr', {
        has: page.locator(`td:first-child:text-is("${symbol}")`),
      })
      const amount = await cell.locator('td').nth(1).getAttribute('title')
      if (amount === null) throw new Error(`the balances panel shows no ${symbol} on ${chain}`)
      return amount
    },
    async eventLog() {
      const lines = await page.locator('#events li').evaluateAll((items) =>
        items.map((item) => ({
          name: item.querySelector('.tag')?.textContent?.trim() ?? '',
          summary: item.querySelector('.summary')?.textContent?.trim() ?? '',
        })),
      )
      return lines.reverse()
    },
    recordedEvents: () =>
      page.evaluate(() => (window as unknown as { __widgetEvents: RecordedWidgetEvent[] }).__widgetEvents),
    deliveryStates: () =>
      page.evaluate(() => (window as unknown as { __deliveryStates: string[] }).__deliveryStates),
  }
}
