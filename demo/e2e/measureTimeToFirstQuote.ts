import type { BrowserContext } from 'playwright-core'
import { WorldManifestSchema } from '../sandbox/worldManifest'
import { awaitReportedTime } from './awaitReportedTime'
import { launchChromium } from './launchChromium'
import { setSimulatorFaults, type SimulatorFault } from './setSimulatorFaults'

export type MeasureTimeToFirstQuoteParameters = {
  /** A running sandbox's URL (`startSandbox(...).url` or the `ready` line of `npm start`). */
  url: string
  /** The page to time; default the sandbox's demo page (`${url}/`). Any page with a `<swap-quote>`. */
  pageUrl?: string
  /** Page loads to time, each in a fresh tab. */
  runs?: number
  /** The fixed latency every venue simulator answers with while measuring. */
  simulatorLatencyMs?: number
}

export type MeasureTimeToFirstQuoteReturnType = {
  /** Per run: milliseconds from the start of navigation to the first quote rendered in the widget. */
  samplesMs: number[]
  medianMs: number
  simulatorLatencyMs: number
}

/**
 * The venues the API asks for a quote. Not THORNode: the API never asks it for a quote, SwapKit does
 * (for its THORChain routes), so a latency on THORNode too was added to SwapKit's own and SwapKit
 * answered the API after about 60 ms, not 50.
 */
const latencySimulators: SimulatorFault['simulator'][] = ['zerox', 'lifi', 'cow', 'swapkit']

/**
 * Times a page (the demo page unless `pageUrl` names another) from navigation to its first rendered quote in headless Chromium: every venue
 * the API asks answers after a fixed latency (through the sandbox's fault control APIs), each run opens
 * the page in a fresh tab, and the time is the page's own `performance.now()` (zero at the start of
 * navigation) when the widget has rendered the quote of its first `swap-quote:quote` event. The
 * simulators' faults are cleared afterwards, also on failure.
 */
export async function measureTimeToFirstQuote({
  url,
  pageUrl = `${url}/`,
  runs = 5,
  simulatorLatencyMs = 50,
}: MeasureTimeToFirstQuoteParameters): Promise<MeasureTimeToFirstQuoteReturnType> {
  if (!Number.isInteger(runs) || runs < 1)
    throw new RangeError(`runs must be a positive integer, got ${runs}`)
  return withQuoteLatency({ url, simulatorLatencyMs }, async () => {
    const browser = await launchChromium()
    try {
      const samplesMs: number[] = []
      for (let run = 0; run < runs; run++) samplesMs.push(await timeFirstQuoteInTab(browser.context, pageUrl))
      return { samplesMs, medianMs: medianOf(samplesMs), simulatorLatencyMs }
    } finally {
      await browser.close()
    }
  })
}

/**
 * Runs `measure` while every venue the sandbox at `url` simulates answers after `simulatorLatencyMs`,
 * and clears those faults afterwards, also on failure.
 */
export async function withQuoteLatency<T>(
  { url, simulatorLatencyMs }: { url: string; simulatorLatencyMs: number },
  measure: () => Promise<T>,
): Promise<T> {
  const manifest = WorldManifestSchema.parse(await (await fetch(`${url}/sandbox/world.json`)).json())
  await setSimulatorFaults({
    manifest,
    faults: latencySimulators.map((simulator) => ({
      simulator,
      mode: 'latency',
      latencyMs: simulatorLatencyMs,
    })),
  })
  try {
    return await measure()
  } finally {
    await setSimulatorFaults({ manifest, faults: [] })
  }
}

/**
 * Opens `pageUrl` in a fresh tab of `context` and resolves to the page's own `performance.now()` when
 * its widget has rendered the quote of its first `swap-quote:quote` event, rounded to the millisecond;
 * the tab is closed again.
 */
export async function timeFirstQuoteInTab(context: BrowserContext, pageUrl: string): Promise<number> {
  const page = await context.newPage()
  try {
    await page.addInitScript(() => {
      document.addEventListener(
        'swap-quote:quote',
        (event) => {
          const element = event.target as HTMLElement & { updateComplete?: Promise<unknown> }
          void (element.updateComplete ?? Promise.resolve()).then(() => {
            console.debug('first-quote', performance.now())
          })
        },
        { once: true },
      )
    })
    const shown = awaitReportedTime(page, 'first-quote')
    // Handled here too, so a failed navigation leaves no unhandled rejection behind.
    shown.catch(() => undefined)
    await page.goto(pageUrl, { waitUntil: 'commit' })
    const ms = await shown
    // What the event announced is on screen (checked once the time is taken).
    await page.locator('swap-quote .summary .big > bdi:first-child').waitFor({ timeout: 5_000 })
    return Math.round(ms)
  } finally {
    await page.close()
  }
}

/** The median of `samples`, the mean of the middle two when their number is even, rounded. */
export function medianOf(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2)
}
