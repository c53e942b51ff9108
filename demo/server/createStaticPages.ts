import { serveStatic } from '@hono/node-server/serve-static'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Hono, type Context } from 'hono'
import { addToHead } from './addToHead'

/**
 * Serves the built demo site (`buildSite`'s output): the demo at `/`, the partner page at
 * `/partners`, and the hashed assets under `/assets/` (cached for a year, since their names change
 * with their content). Anything else falls through to the API's 404. `head` is added at the end of
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
  return new Hono()
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
}
