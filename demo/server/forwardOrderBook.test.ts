import { describe, expect, it } from 'vitest'
import { isSwapError } from '../../shared'
import { forwardOrderBook } from './forwardOrderBook'

const cowUrl = 'http://127.0.0.1:9'

function recordingFetch(answer: Response) {
  const calls: { url: string; init: RequestInit | undefined }[] = []
  const fetch: typeof globalThis.fetch = async (url, init) => {
    calls.push({ url: String(url), init })
    return answer
  }
  return { calls, fetch }
}

describe('forwardOrderBook', () => {
  it('forwards an order post with its body, content type and query, and answers as the order book did', async () => {
    const { calls, fetch } = recordingFetch(
      new Response('{"errorType":"InsufficientAllowance"}', {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    )
    const response = await forwardOrderBook({
      cowUrl,
      method: 'POST',
      path: '/mainnet/api/v1/orders',
      search: '?x=1',
      contentType: 'application/json',
      body: '{"sellToken":"0x"}',
      fetch,
    })
    expect(calls).toEqual([
      {
        url: `${cowUrl}/mainnet/api/v1/orders?x=1`,
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"sellToken":"0x"}' },
      },
    ])
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ errorType: 'InsufficientAllowance' })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('refuses other methods and paths outside the order book with BAD_REQUEST, sending nothing', async () => {
    const { calls, fetch } = recordingFetch(new Response('{}'))
    const attempts = [
      { method: 'DELETE', path: '/mainnet/api/v1/orders/0xabc' },
      { method: 'GET', path: '/faults' },
      { method: 'GET', path: '/mainnet/api/v1/../../faults' },
      { method: 'GET', path: '//evil.example/api/v1/x' },
    ]
    for (const attempt of attempts) {
      const error = await forwardOrderBook({
        cowUrl,
        ...attempt,
        search: '',
        contentType: undefined,
        body: undefined,
        fetch,
      }).catch((caught: unknown) => caught)
      expect(isSwapError(error) && error.code).toBe('BAD_REQUEST')
    }
    expect(calls).toEqual([])
  })

  it('answers UPSTREAM_ERROR when the order book does not answer', async () => {
    const error = await forwardOrderBook({
      cowUrl,
      method: 'GET',
      path: '/mainnet/api/v1/orders/0xabc',
      search: '',
      contentType: undefined,
      body: undefined,
      fetch: async () => {
        throw new TypeError('fetch failed')
      },
    }).catch((caught: unknown) => caught)
    expect(isSwapError(error) && error.code).toBe('UPSTREAM_ERROR')
  })

  it('passes on the abort, not UPSTREAM_ERROR, when the caller hung up while the order book was slow', async () => {
    const caller = new AbortController()
    const forwarding = forwardOrderBook({
      cowUrl,
      method: 'POST',
      path: '/mainnet/api/v1/quote',
      search: '',
      contentType: 'application/json',
      body: '{}',
      signal: caller.signal,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    }).catch((caught: unknown) => caught)
    caller.abort()
    const error = await forwarding
    expect(isSwapError(error)).toBe(false)
    expect((error as Error).name).toBe('AbortError')
  })
})
