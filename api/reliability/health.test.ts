import { Agent, get } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { startRedis, type TestRedis } from '../testing/startRedis'
import { quotePath, startTestServer } from '../testing/testServer'

/*
 * What a load balancer or an orchestrator points at, over real HTTP: /healthz (the process answers)
 * and /readyz (send it traffic), never rate limited or cached; /readyz says when the shared store is
 * away (still 200: every instance shares it) and turns 503 as soon as a shutdown begins, while
 * requests are still served.
 */

const venue = fakeVenue({ id: 'cow', answer: (request) => priced(request, 'cow', 1_000_000n) })
let redis: TestRedis

beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await redis?.stop()
})

describe('/healthz and /readyz', () => {
  it('answer 200, never cached and never rate limited, with no detail', async () => {
    const server = await startTestServer({ venues: [venue] })
    try {
      const statuses: number[] = []
      for (let index = 0; index < 70; index += 1) {
        for (const path of ['/healthz', '/readyz']) {
          const response = await fetch(`${server.url}${path}`, {
            headers: { 'X-Forwarded-For': '198.51.100.1' },
          })
          expect(response.headers.get('cache-control')).toBe('no-store')
          expect(response.headers.get('ratelimit-limit')).toBeNull()
          statuses.push(response.status)
          expect(Object.keys(await response.json())).toEqual(['status'])
        }
      }
      expect(statuses.every((status) => status === 200)).toBe(true)
    } finally {
      await server.close()
    }
  })

  it('/readyz stays 200 while the shared store is away, and says so: every instance shares it', async () => {
    const server = await startTestServer({ venues: [venue], env: { REDIS_URL: redis.url } })
    try {
      const ready = async () => {
        const response = await fetch(`${server.url}/readyz`)
        return { status: response.status, body: (await response.json()) as Record<string, string> }
      }
      expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } })
      await redis.stop()
      // A 503 here would take every instance out of the balancer at once, while each still serves.
      expect(await ready()).toEqual({ status: 200, body: { status: 'ready', store: 'unavailable' } })
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      // Quotes are still served meanwhile (the rate limit fails open to this instance's memory).
      expect((await fetch(`${server.url}/api/sdk/v1/chains`)).status).toBe(200)
      await redis.restart()
      let body: Record<string, string> = { store: 'unavailable' }
      for (let attempt = 0; body.store !== undefined && attempt < 100; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        body = (await ready()).body
      }
      expect(body).toEqual({ status: 'ready' })
    } finally {
      await server.close()
    }
  })

  it('/readyz turns 503 as soon as shutdown begins, while requests are still served', async () => {
    const server = await startTestServer({ venues: [venue], env: { SHUTDOWN_DELAY_MS: '400' } })
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const closing = server.close()
    const draining = await fetch(`${server.url}/readyz`)
    expect(draining.status).toBe(503)
    expect(await draining.json()).toEqual({ status: 'draining' })
    expect((await fetch(`${server.url}/api/sdk/v1/chains`)).status).toBe(200)
    await closing
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  })

  it('ends every connection once shutdown begins, so a pooled socket is not reused into the close', async () => {
    const server = await startTestServer({ venues: [venue], env: { SHUTDOWN_DELAY_MS: '400' } })
    // As a load balancer keeps them: pooled keep-alive sockets.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const connection = (path: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        get(`${server.url}${path}`, { agent }, (response) => {
          response.resume()
          response.on('end', () => resolve(response.headers.connection))
        }).on('error', reject)
      })
    try {
      const paths = ['/api/sdk/v1/chains', `/api/sdk/v1${quotePath()}`, '/readyz', '/api/sdk/v1/nope']
      for (const path of paths) expect(await connection(path), path).toBe('keep-alive')
      const closing = server.close()
      for (const path of paths) expect(await connection(path), `${path} while draining`).toBe('close')
      await closing
    } finally {
      agent.destroy()
    }
  })
})
