import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { awaitReportedTime } from '../demo/e2e/awaitReportedTime'
import { launchChromium } from '../demo/e2e/launchChromium'

export type MeasureFirstQuoteFloorParameters = {
  /** Page loads to time, each in a fresh tab. */
  runs?: number
  /** How long the server waits before it answers the JSON, as the venue simulators do. */
  latencyMs?: number
}

export type MeasureFirstQuoteFloorReturnType = {
  /** Per run: milliseconds from the start of navigation to the answer shown in the page. */
  samplesMs: number[]
  medianMs: number
  latencyMs: number
}

/**
 * The page: one inline module that fetches `/floor.json` and writes what it says into the page. No
 * framework, no bundle, nothing to check: what the first quote could cost at best on this machine.
 */
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>floor</title>
    <script type="module">
      const answer = await (await fetch('/floor.json')).json()
      const output = document.createElement('output')
      output.textContent = answer.buyAmount
      document.body.append(output)
      console.debug('shown', performance.now())
    </script>
  </head>
  <body></body>
</html>
`

/**
 * Times the floor under the first-quote figures: navigation to a value shown by a page that only
 * fetches a static JSON from its own server, which answers after `latencyMs` (50 ms, the simulators'
 * latency in those figures). Same browser set-up and clock as `measureTimeToFirstQuote`: headless
 * Chromium, a fresh tab per run, the page's own `performance.now()` once the value is in the page.
 *
 * @example
 * const { medianMs } = await measureFirstQuoteFloor({ runs: 5, latencyMs: 50 })
 */
export async function measureFirstQuoteFloor({
  runs = 5,
  latencyMs = 50,
}: MeasureFirstQuoteFloorParameters = {}): Promise<MeasureFirstQuoteFloorReturnType> {
  const server = createServer((request, response) => {
    if (request.url === '/floor.json') {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        response.end(JSON.stringify({ buyAmount: '301.234567' }))
      }, latencyMs)
      return
    }
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
      response.end(page)
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const browser = await launchChromium()
  try {
    const { port } = server.address() as AddressInfo
    const samplesMs: number[] = []
    for (let run = 0; run < runs; run++) {
      const tab = await browser.context.newPage()
      try {
        const shown = awaitReportedTime(tab, 'shown')
        // Handled here too, so a failed navigation leaves no unhandled rejection behind.
        shown.catch(() => undefined)
        await tab.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'commit' })
        samplesMs.push(Math.round(await shown))
      } finally {
        await tab.close()
      }
    }
    const sorted = [...samplesMs].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    const medianMs =
      sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2)
    return { samplesMs, medianMs, latencyMs }
  } finally {
    await browser.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
