import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSwapError } from '../../../shared'
import { fetchVenueJson } from './fetchVenueJson'
import { createVenueFetch } from './venueFetch'

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string; port: number }

describe('createVenueFetch (over real HTTP)', () => {
  const seen: Seen[] = []
  let server: Server
  let url: string

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        port: request.socket.remotePort ?? 0,
      })
      if (request.url === '/hang') return
      if (request.url?.startsWith('/huge')) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(20_000)}"`)
        return
      }
      if (request.url === '/missing') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"reason":"no route"}')
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"price":"1.5"}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('sends the method, headers and body, and answers the status and the text', async () => {
    const venueFetch = createVenueFetch()
    const answer = await venueFetch(`${url}/quote?sellToken=USDC`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', '0x-api-key': 'key-1' },
      body: '{"amount":"100"}',
    })
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe('{"price":"1.5"}')
    const call = seen.at(-1)!
    expect(call).toMatchObject({ method: 'POST', url: '/quote?sellToken=USDC', body: '{"amount":"100"}' })
    expect(call.headers).toMatchObject({ '0x-api-key': 'key-1', 'user-agent': 'swap-quote' })
  })

  it('keeps connections open for the next calls to the same venue', async () => {
    const venueFetch = createVenueFetch()
    for (let call = 0; call < 10; call += 1) await venueFetch(`${url}/call-${call}`)
    // A call made the moment the previous one resolved may find its connection not yet released.
    expect(new Set(seen.slice(-10).map((call) => call.port)).size).toBeLessThanOrEqual(2)
  })

  it('answers a non-2xx status as it came, for the adapter to classify', async () => {
    const answer = await fetchVenueJson({
      venueName: 'LI.FI',
      fetch: createVenueFetch(),
      url: `${url}/missing`,
      signal: new AbortController().signal,
    })
    expect(answer).toEqual({ status: 404, body: { reason: 'no route' } })
  })

  it('gives up on a call whose signal aborts, and the race sees its own abort', async () => {
    const controller = new AbortController()
    const call = fetchVenueJson({
      venueName: '0x',
      fetch: createVenueFetch(),
      url: `${url}/hang`,
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 20)
    const error = await call.catch((caught: unknown) => caught)
    expect(controller.signal.aborted).toBe(true)
    expect(isSwapError(error)).toBe(false)
  })

  it('treats an answer longer than the limit as an unreachable venue, without the URL in the message', async () => {
    const error = await fetchVenueJson({
      venueName: 'CoW',
      fetch: createVenueFetch({ maxResponseBytes: 10_000 }),
      url: `${url}/huge?apiKey=secret`,
      signal: new AbortController().signal,
    }).catch((caught: unknown) => caught)
    expect(isSwapError(error) && error.code).toBe('UPSTREAM_ERROR')
    expect(String((error as Error).message)).not.toContain('secret')
  })

  it('refuses a closed port as unreachable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await fetchVenueJson({
      venueName: '0x',
      fetch: createVenueFetch(),
      url: `http://127.0.0.1:${port}/quote`,
      signal: new AbortController().signal,
    }).catch((caught: unknown) => caught)
    expect(isSwapError(error) && error.code).toBe('UPSTREAM_ERROR')
  })
})
