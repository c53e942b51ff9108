import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { awaitReportedTime } from '../demo/e2e/awaitReportedTime'
import type { BrowserContext } from 'playwright-core'

/** A page being served until `close`. */
export type ServedPage = { url: string; close(): Promise<void> }

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
 * Serves the floor under the first-quote figures: a page that only fetches a static JSON from its own
 * server, which answers after `latencyMs` (50 ms, the simulators' latency in those figures). Timed with
 * `timeFloorInTab`, in the same browser and the same rounds as the pages it is the floor of.
 *
 * @example
 * const floor = await startFloorPage({ latencyMs: 50 })
 */
export async function startFloorPage({ latencyMs = 50 }: { latencyMs?: number } = {}): Promise<ServedPage> {
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
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Opens the floor page in a fresh tab and resolves to the page's own `performance.now()` once the
 * value is in the page, rounded to the millisecond; the tab is closed again.
 */
export async function timeFloorInTab(context: BrowserContext, url: string): Promise<number> {
  const tab = await context.newPage()
  try {
    const shown = awaitReportedTime(tab, 'shown')
    // Handled here too, so a failed navigation leaves no unhandled rejection behind.
    shown.catch(() => undefined)
    await tab.goto(url, { waitUntil: 'commit' })
    return Math.round(await shown)
  } finally {
    await tab.close()
  }
}
