import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize } from 'node:path'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/**
 * A static file server for a built app or page on a free loopback port (`/` is `index.html`), for
 * tests that open a build in Chromium. Close it with `server.close()`.
 *
 * @example
 * const server = await serveDirectory(join(app, 'dist'))
 * const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
 */
export async function serveDirectory(dir: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://app').pathname))
    const file = join(dir, path === '/' ? 'index.html' : path)
    try {
      if (!file.startsWith(dir)) throw new Error('outside the app')
      const body = await readFile(file)
      response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' })
      response.end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}
