import { launchChromium } from '../demo/e2e/launchChromium'
import { medianOf, timeFirstQuoteInTab, withQuoteLatency } from '../demo/e2e/measureTimeToFirstQuote'
import { timeFloorInTab } from './startFloorPage'
import { percentile } from './summarize'

/** One page's loads: milliseconds from the start of navigation to the value shown, one per round. */
export type PageSamples = { samplesMs: number[]; medianMs: number }

/** A page measured beside the floor: also each round's sample divided by the floor's of that round. */
export type PageBesideFloor = PageSamples & { ratiosToFloor: number[]; medianRatioToFloor: number }

export type PageRoundsFigures = {
  floor: PageSamples
  demo: PageBesideFloor
  bare: PageBesideFloor
  rounds: number
  simulatorLatencyMs: number
}

export type MeasurePageRoundsParameters = {
  /** A running sandbox: its demo page is timed, its simulators get the latency. */
  sandboxUrl: string
  /** `startFloorPage(...).url`: the floor, served with the same latency. */
  floorUrl: string
  /** `startBarePage(...).url`. */
  barePageUrl: string
  rounds?: number
  simulatorLatencyMs?: number
}

/**
 * Times the floor, the demo page and the bare page in turn, a fresh tab each, `rounds` times, in one
 * headless Chromium, with every venue the sandbox simulates answering after `simulatorLatencyMs`. A
 * page and its floor are loaded seconds apart, so each round's ratio to the floor holds the machine's
 * state of that moment: on a shared machine the floor's own loads spread twofold over an hour, and
 * pages timed a minute after their floor carried that spread into their ratio. A first, uncounted round
 * takes the browser's cold start and each page's first download of its scripts (1 to 1.5 s for the
 * demo page): every counted load is a returning visitor's.
 *
 * @example
 * const { bare } = await measurePageRounds({ sandboxUrl, floorUrl: floor.url, barePageUrl: bare.url })
 */
export async function measurePageRounds({
  sandboxUrl,
  floorUrl,
  barePageUrl,
  rounds = 7,
  simulatorLatencyMs = 50,
}: MeasurePageRoundsParameters): Promise<PageRoundsFigures> {
  return withQuoteLatency({ url: sandboxUrl, simulatorLatencyMs }, async () => {
    const browser = await launchChromium()
    try {
      // Uncounted: the browser's cold start, and each page's first download and compile of its scripts.
      await timeFloorInTab(browser.context, floorUrl)
      await timeFirstQuoteInTab(browser.context, `${sandboxUrl}/`)
      await timeFirstQuoteInTab(browser.context, barePageUrl)
      const floor: number[] = []
      const demo: number[] = []
      const bare: number[] = []
      for (let round = 0; round < rounds; round++) {
        floor.push(await timeFloorInTab(browser.context, floorUrl))
        demo.push(await timeFirstQuoteInTab(browser.context, `${sandboxUrl}/`))
        bare.push(await timeFirstQuoteInTab(browser.context, barePageUrl))
      }
      const besideFloor = (samplesMs: number[]): PageBesideFloor => {
        const ratiosToFloor = samplesMs.map((sample, round) => sample / floor[round]!)
        return {
          samplesMs,
          medianMs: medianOf(samplesMs),
          ratiosToFloor,
          medianRatioToFloor: percentile(ratiosToFloor, 0.5),
        }
      }
      return {
        floor: { samplesMs: floor, medianMs: medianOf(floor) },
        demo: besideFloor(demo),
        bare: besideFloor(bare),
        rounds,
        simulatorLatencyMs,
      }
    } finally {
      await browser.close()
    }
  })
}
