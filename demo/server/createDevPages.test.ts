import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, silentLogger, startApiServer, type ApiServer } from '../../api'
import { createDevPages } from './createDevPages'

let vite: ViteDevServer
let server: ApiServer

beforeAll(async () => {
  vite = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    server: { middlewareMode: true, hmr: false },
    logLevel: 'silent',
  })
  server = await startApiServer({
    config: loadConfig({ HOST: '127.0.0.1', PORT: '0' }),
    logger: silentLogger,
    site: createDevPages({ vite }),
  })
})

afterAll(async () => {
  await server?.close()
  await vite?.close()
})

describe('createDevPages (npm run dev)', () => {
  it('serves the demo page through Vite, with its client and the page module', async () => {
    const response = await fetch(`${server.url}/`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('/@vite/client')
    expect(html).toContain('main.ts')
  })

  it('serves the partner page at /partners', async () => {
    const html = await (await fetch(`${server.url}/partners`)).text()
    expect(html).toContain('Fees by venue')
  })

  it('serves the page’s TypeScript modules compiled by Vite', async () => {
    const response = await fetch(`${server.url}/main.ts`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('javascript')
    expect(await response.text()).not.toContain(': Promise<void>')
  })

  it('still answers the API, and leaves unknown paths to the API’s JSON 404', async () => {
    expect((await fetch(`${server.url}/api/sdk/v1/chains`)).status).toBe(200)
    const response = await fetch(`${server.url}/no-such-page`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' })
  })
})
