/**
 * Takes the README's pictures of the token picker in headless Chromium (Debian's, or CHROME_PATH):
 * the widget built from source, against the browser tests' fake API (its /tokens and real logo files).
 *
 * Run: npx tsx scripts/screenshots.ts   (writes docs/images/picker-light.png and picker-dark.png)
 */
import { mkdir } from 'node:fs/promises'
import { serve } from '@hono/node-server'
import { build } from 'esbuild'
import { Hono } from 'hono'
import { chromium } from 'playwright-core'
import { createServedLogos } from '../api/testing/createServedLogos'
import { createFakeApi } from '../widget/test/fakeApi'

const bundle = await build({
  entryPoints: ['widget/swap-quote.ts'],
  bundle: true,
  format: 'esm',
  minify: true,
  write: false,
  splitting: false,
})
const app = new Hono()
app.get('/', (c) =>
  c.html(`<!doctype html><html lang="en"><body style="margin:0;padding:16px;background:${c.req.query('bg')}">
    <swap-quote api-base="${new URL(c.req.url).origin}/s/ok~shots" theme="${c.req.query('theme')}"
      sell-chain="ETH" sell-token="ETH" buy-chain="BASE" buy-token="USDC" amount="1"></swap-quote>
    <script type="module" src="/widget.js"></script></body></html>`),
)
app.get('/widget.js', (c) => c.body(bundle.outputFiles[0]!.text, 200, { 'content-type': 'text/javascript' }))
app.route('/', createFakeApi({ logos: createServedLogos() }))

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
await new Promise((resolve) => server.once('listening', resolve))
const { port } = server.address() as { port: number }
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  await mkdir('docs/images', { recursive: true })
  for (const [theme, bg] of [
    ['light', '#e9ecf2'],
    ['dark', '#0b0d11'],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 480, height: 720 }, deviceScaleFactor: 1 })
    await page.goto(`http://127.0.0.1:${port}/?theme=${theme}&bg=${encodeURIComponent(bg)}`)
    await page.locator('swap-quote button[name="buy-token"] img').waitFor()
    await page.locator('swap-quote button[name="buy-token"]').click()
    await page.locator('swap-quote [role="option"][data-symbol="cbBTC"]').waitFor()
    // Dark: a search under way; light: the list as it opens, popular tokens first.
    if (theme === 'dark') await page.locator('swap-quote [part="picker-search"]').fill('us')
    await page.waitForFunction(() =>
      [...(document.querySelector('swap-quote')?.shadowRoot?.querySelectorAll('img') ?? [])].every(
        (img) => img.complete,
      ),
    )
    await page.screenshot({ path: `docs/images/picker-${theme}.png` })
    await page.close()
  }
} finally {
  await browser.close()
  server.close()
}
