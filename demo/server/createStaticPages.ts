import { serveStatic } from '@hono/node-server/serve-static'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono, type Context } from 'hono'
import { addToHead } from './addToHead'
import { WIDGET_DIR } from './buildSite'

/**
 * Serves the built demo site (`buildSite`'s output): the demo at `/`, the partner page at
 * `/partners`, the hashed assets under `/assets/` (cached for a year, since their names change
 * with their content), and the published widget at `/swap-quote.js` with its `/chunks/`, to any origin. Anything else falls through to the API's 404. `head` is added at the end of
 * each page's `<head>` (the sandbox wallet's start, `renderSandboxStart`).
 *
 * @example
 * const pages = createStaticPages({ dir: '.sandbox/site', head: () => renderSandboxStart({ manifest }) })
 */
export function createStaticPages({ dir, head = () => '' }: { dir: string; head?: () => string }) {
  const page = (file: string) => async (c: Context) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(addToHead(await readFile(join(dir, file), 'utf8'), head()))
  }
  const widgetFiles = (cacheControl: string) =>
    serveStatic({
      root: join(dir, WIDGET_DIR),
      onFound: (_path, c) => {
        c.header('Access-Control-Allow-Origin', '*')
        c.header('Cache-Control', cacheControl)
      },
    })
  return (
    new Hono()
      .get('/', page('index.html'))
      .get('/partners', page('partners.html'))
      .use(
        '/assets/*',
        serveStatic({
          root: dir,
          onFound: (_path, c) => {
            c.header('Cache-Control', 'public, max-age=31536000, immutable')
          },
        }),
      )
      // The published widget (`swap-quote.js` and its hashed chunks) for the embed snippet, to any origin:
      // a module script from another origin loads only with CORS.
      .use('/swap-quote.js', widgetFiles('no-cache'))
      .use('/chunks/*', widgetFiles('public, max-age=31536000, immutable'))
  )
}
