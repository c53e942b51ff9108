import type { HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import type { ViteDevServer } from 'vite'
import { addToHead } from './addToHead'

const pages: Record<string, string> = {
  '/': fileURLToPath(new URL('../index.html', import.meta.url)),
  '/partners': fileURLToPath(new URL('../partners.html', import.meta.url)),
}

/**
 * `npm run dev`: the demo pages through Vite's dev server in middleware mode. `/` and `/partners`
 * are the HTML entries run through `transformIndexHtml` (which injects the hot-reload client); every
 * other path is offered to Vite's middlewares (modules, `/@vite/client`, ...) and falls through to
 * the API's 404 when Vite does not take it. `head` is added at the end of each page's `<head>`.
 *
 * @example
 * const vite = await createServer({ configFile: 'demo/vite.config.ts', server: { middlewareMode: true } })
 * const pages = createDevPages({ vite })
 */
export function createDevPages({ vite, head = () => '' }: { vite: ViteDevServer; head?: () => string }) {
  const app = new Hono()
  for (const [path, file] of Object.entries(pages)) {
    app.get(path, async (c) => {
      const html = await vite.transformIndexHtml(c.req.path, await readFile(file, 'utf8'))
      c.header('Cache-Control', 'no-cache')
      return c.html(addToHead(html, head()))
    })
  }
  app.use('*', async (c, next) => {
    const { incoming, outgoing } = c.env as HttpBindings & { outgoing: import('node:http').ServerResponse }
    if (!incoming || !outgoing) return next()
    const handled = await new Promise<boolean>((resolve) => {
      outgoing.once('finish', () => resolve(true))
      outgoing.once('close', () => resolve(true))
      vite.middlewares(incoming, outgoing, () => resolve(false))
    })
    if (handled) return RESPONSE_ALREADY_SENT
    return next()
  })
  return app
}
