import type { Page } from 'playwright-core'

/**
 * Waits for the page to report a time by `console.debug(label, performance.now())` and returns it
 * in milliseconds. Set it up before `page.goto`. Waiting this way puts nothing into the page while
 * it loads: Playwright's own page script (a locator, `waitForFunction`) costs the page's main thread
 * 15 to 25 ms here, and it would land in the middle of the time being measured.
 *
 * @example
 * const shown = awaitReportedTime(page, 'first-quote')
 * await page.goto(url, { waitUntil: 'commit' })
 * const ms = await shown
 */
export async function awaitReportedTime(page: Page, label: string, timeoutMs = 30_000): Promise<number> {
  const prefix = `${label} `
  const message = await page.waitForEvent('console', {
    predicate: (candidate) => candidate.type() === 'debug' && candidate.text().startsWith(prefix),
    timeout: timeoutMs,
  })
  const ms = Number(message.text().slice(prefix.length))
  if (!Number.isFinite(ms)) throw new Error(`the page reported ${label} as "${message.text()}"`)
  return ms
}
