import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, normalize } from 'node:path'
import { build, type InlineConfig } from 'vite'
import widgetConfig, { minifyLiterals } from '../widget/vite.config'
import type { ServedPage } from './startFloorPage'

/**
 * The page an integrator writes: only `<swap-quote>` and the built `swap-quote.js`, pointed at the
 * sandbox's API on another origin (the contract's CORS answers it; the widget sends no header that
 * would need a preflight).
 */
function barePage(apiBase: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>swap-quote, bare</title>
    <script type="module" src="/swap-quote.js"></script>
  </head>
  <body>
    <swap-quote api-base="${apiBase}" sell-chain="ETH" sell-token="ETH" buy-chain="ETH" buy-token="USDC" amount="0.1"></swap-quote>
  </body>
</html>
`
}

/**
 * Serves the bare page: builds the self-contained widget (`widget/vite.config.ts`, as `npm run build`
 * makes `dist/`) into a temporary directory and serves it and the page from a tiny static server on
 * its own port (the script with an entity tag, so later tabs revalidate it). `close` stops the server
 * and removes the build. Timed with `timeFirstQuoteInTab`.
 *
 * @example
 * const bare = await startBarePage({ sandboxUrl: sandbox.url })
 */
export async function startBarePage({ sandboxUrl }: { sandboxUrl: string }): Promise<ServedPage> {
  const outDir = await mkdtemp(join(tmpdir(), 'swap-quote-bare-page-'))
  // Each built file with its entity tag, read once: the server answers as a static file server or a
  // CDN would, with a validator, so a tab opened later revalidates (304) and Chromium can use the
  // script's compiled code from its cache, as a returning visitor's browser does.
  const files = new Map<string, Promise<{ body: Buffer; etag: string } | undefined>>()
  const readBuilt = (file: string) => {
    let read = files.get(file)
    if (!read) {
      read = readFile(file).then(
        (body) => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` }),
        () => undefined,
      )
      files.set(file, read)
    }
    return read
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
      response.end(barePage(sandboxUrl))
      return
    }
    const file = normalize(join(outDir, path))
    if (!file.startsWith(outDir) || !file.endsWith('.js')) {
      response.writeHead(404).end()
      return
    }
    void readBuilt(file).then((built) => {
      if (!built) return response.writeHead(404).end()
      // The file's URL carries no version (`swap-quote.js`), so every use revalidates.
      const headers = { 'cache-control': 'no-cache', etag: built.etag }
      if (request.headers['if-none-match'] === built.etag) return response.writeHead(304, headers).end()
      response.writeHead(200, { ...headers, 'content-type': 'text/javascript' })
      response.end(built.body)
    })
  })
  const close = async () => {
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
    await rm(outDir, { recursive: true, force: true })
  }
  try {
    const config = widgetConfig as InlineConfig
    await build({
      ...config,
      configFile: false,
      plugins: [minifyLiterals()],
      logLevel: 'error',
      build: { ...config.build, outDir, emptyOutDir: true },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  } catch (error) {
    await close()
    throw error
  }
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close }
}
