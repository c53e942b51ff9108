import { getRequestListener } from '@hono/node-server'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainDefinitions } from '../../shared'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { listenOnLoopback as listen, sendRaw as send, type RawAnswer } from '../testing/rawHttp'
import { startTestServer } from '../testing/testServer'
import { recordCachedReads, registryReadTargets, serveCachedReads } from './cachedReads'

/** Everything but what differs per request or per connection. */
function comparable({ status, headers, body }: RawAnswer) {
  const kept = Object.entries(headers).filter(
    ([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name),
  )
  return { status, headers: Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b))), body }
}

describe('registry reads answered before routing', () => {
  let ids = 0
  let server: Awaited<ReturnType<typeof startTestServer>>
  let uncachedUrl: string
  let uncached: Server
  beforeAll(async () => {
    server = await startTestServer({ generateRequestId: () => `generated-${(ids += 1)}` })
    // The same app through the plain Hono listener: what these reads answered before the cache.
    uncached = createServer(getRequestListener(server.app.fetch))
    uncachedUrl = await listen(uncached)
  })
  afterAll(async () => {
    await new Promise((resolve) => uncached.close(resolve))
    await server.close()
  })

  it('serves /chains and /tokens of every chain from recorded answers (EVM by id, others by symbol)', () => {
    const targets = [
      '/api/sdk/v1/chains',
      ...chainDefinitions.map((chain) => `/api/sdk/v1/tokens?chainId=${chain.chainId ?? chain.symbol}`),
    ]
    expect(targets).toContain('/api/sdk/v1/tokens?chainId=BTC')
    expect(registryReadTargets()).toEqual(targets)
    expect(server.cachedReadTargets).toEqual(targets)
  })

  it('answers every read, 200 and 304, with the app’s own status, headers and body', async () => {
    for (const target of registryReadTargets()) {
      const fresh = await send(`${server.url}${target}`)
      expect(fresh.status).toBe(200)
      expect(comparable(fresh)).toEqual(comparable(await send(`${uncachedUrl}${target}`)))
      const etag = fresh.headers.etag as string
      for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
        const cached = await send(`${server.url}${target}`, { 'If-None-Match': ifNoneMatch })
        expect(cached.status).toBe(304)
        expect(comparable(cached)).toEqual(
          comparable(await send(`${uncachedUrl}${target}`, { 'If-None-Match': ifNoneMatch })),
        )
      }
      expect((await send(`${server.url}${target}`, { 'If-None-Match': '"stale"' })).status).toBe(200)
      const repeated = await send(`${server.url}${target}`, { 'If-None-Match': ['"stale"', etag] })
      expect(repeated.status).toBe(304)
    }
  })

  it('gives every answer its own request id, keeping a well-formed one the caller sent', async () => {
    const first = await send(`${server.url}/api/sdk/v1/chains`)
    const second = await send(`${server.url}/api/sdk/v1/chains`)
    expect(first.headers['x-request-id']).toMatch(/^generated-\d+$/)
    expect(second.headers['x-request-id']).toMatch(/^generated-\d+$/)
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id'])
    const kept = await send(`${server.url}/api/sdk/v1/tokens?chainId=1`, {
      'X-Request-Id': 'partner-trace-0001',
    })
    expect(kept.headers['x-request-id']).toBe('partner-trace-0001')
    const replaced = await send(`${server.url}/api/sdk/v1/chains`, { 'X-Request-Id': 'bad id <script>' })
    expect(replaced.headers['x-request-id']).toMatch(/^generated-\d+$/)
  })
})

describe('serveCachedReads', () => {
  const app = createApp({ config: loadConfig({}) })
  let fellThrough: string[] = []
  let server: Server
  let url: string
  beforeAll(async () => {
    const reads = await recordCachedReads(app.request, ['/api/sdk/v1/chains', '/api/sdk/v1/tokens?chainId=1'])
    const appListener = getRequestListener(app.fetch)
    server = createServer(
      serveCachedReads(
        reads,
        () => 'generated-id',
        (incoming, outgoing) => {
          fellThrough.push(`${incoming.method} ${incoming.url}`)
          return appListener(incoming, outgoing)
        },
      ),
    )
    url = await listen(server)
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('answers only GET of a recorded target itself; the app answers anything else as before', async () => {
    fellThrough = []
    expect((await send(`${url}/api/sdk/v1/chains`)).status).toBe(200)
    expect((await send(`${url}/api/sdk/v1/tokens?chainId=1`)).status).toBe(200)
    expect(fellThrough).toEqual([])

    const tokens = await send(`${url}/api/sdk/v1/tokens?chainId=1`)
    const others: [string, string, number, string][] = [
      ['HEAD', '/api/sdk/v1/chains', 200, ''],
      ['POST', '/api/sdk/v1/chains', 405, 'METHOD_NOT_ALLOWED'],
      ['OPTIONS', '/api/sdk/v1/chains', 204, ''],
      ['GET', '/api/sdk/v1/tokens?chainId=8453', 200, '"chainId":8453'],
      ['GET', '/api/sdk/v1/tokens?chain=ETH', 200, tokens.body],
      ['GET', '/api/sdk/v1/tokens?chainId=1&chain=BASE', 400, 'BAD_REQUEST'],
      ['GET', '/api/sdk/v1/chains/', 404, 'NOT_FOUND'],
    ]
    for (const [method, target, status, body] of others) {
      const answer = await send(`${url}${target}`, {}, method)
      expect(answer.status, `${method} ${target}`).toBe(status)
      expect(answer.body).toContain(body)
    }
    expect(fellThrough).toEqual(others.map(([method, target]) => `${method} ${target}`))
  })

  it('hands the request to the app when answering it fails', async () => {
    const reads = await recordCachedReads(app.request, ['/api/sdk/v1/chains'])
    const appListener = getRequestListener(app.fetch)
    let calls = 0
    const failing = createServer(
      serveCachedReads(
        reads,
        () => {
          calls += 1
          throw new Error('no id today')
        },
        appListener,
      ),
    )
    const failingUrl = await listen(failing)
    try {
      const answer = await send(`${failingUrl}/api/sdk/v1/chains`)
      expect(answer.status).toBe(200)
      expect(calls).toBe(1)
      // The app's answer, with the app's own request id.
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      expect(JSON.parse(answer.body)).toHaveProperty('chains')
    } finally {
      await new Promise((resolve) => failing.close(resolve))
    }
  })

  it('keeps only targets the app answers with a 200, an ETag and a 304', async () => {
    const reads = await recordCachedReads(app.request, [
      '/api/sdk/v1/chains',
      '/api/sdk/v1/tokens?chainId=999999',
      '/api/sdk/v1/tokens',
      '/api/sdk/v1/openapi.json',
    ])
    expect([...reads.keys()]).toEqual(['/api/sdk/v1/chains'])
  })
})
