import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PublicClient } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp, loadConfig } from '../../api'
import { createSandboxRoutes, sandboxPreflight } from './createSandboxRoutes'

const dir = mkdtempSync(join(tmpdir(), 'sandbox-routes-'))
const quoteLogPath = join(dir, 'quotes.jsonl')
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const rpcCalls: string[] = []
const fakeAnvil: typeof fetch = async (_url, init) => {
  rpcCalls.push(String(init?.body))
  return new Response('{"jsonrpc":"2.0","id":1,"result":"0x1"}', {
    headers: { 'content-type': 'application/json' },
  })
}
const world = {
  manifest: { startedAt: '2025-01-01T00:00:00.000Z', chains: {} },
  chains: {
    ETH: { symbol: 'ETH', chainId: 1, rpcUrl: 'http://127.0.0.1:1', publicClient: {} as PublicClient },
  },
}
const app = createApp({
  config: loadConfig({}),
  site: createSandboxRoutes({ world, quoteLogPath, fetch: fakeAnvil }),
  sitePreflight: sandboxPreflight,
})
const rpc = (chainId: string, body: string, contentType = 'application/json') =>
  app.request(`/sandbox/rpc/${chainId}`, { method: 'POST', headers: { 'content-type': contentType }, body })

describe('sandbox routes', () => {
  it("lets any origin post and put to the CoW order book, as CoW's own does; the API keeps the contract's CORS", async () => {
    const preflight = (path: string, method: string) =>
      app.request(path, {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example', 'access-control-request-method': method },
      })
    const order = await preflight('/sandbox/cow/mainnet/api/v1/app_data/0xabc', 'PUT')
    expect(order.status).toBe(204)
    expect(order.headers.get('access-control-allow-origin')).toBe('*')
    expect(order.headers.get('access-control-allow-methods')?.split(', ')).toEqual(
      expect.arrayContaining(['POST', 'PUT']),
    )
    const quote = await preflight('/api/sdk/v1/quote', 'GET')
    expect(quote.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS')
    const rpcPath = await preflight('/sandbox/rpc/1', 'POST')
    expect(rpcPath.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS')
  })

  it('serves the manifest at /sandbox/world.json, never cached, to a page of any origin', async () => {
    const response = await app.request('/sandbox/world.json', {
      headers: { Origin: 'http://localhost:5173' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.json()).toEqual(world.manifest)
  })

  it('answers a bad balances address with 400 BAD_REQUEST', async () => {
    for (const query of ['', '?address=', '?address=0x123', '?address=vitalik.eth']) {
      const response = await app.request(`/sandbox/balances${query}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' })
    }
  })

  it('returns the latest quote-log lines newest first, skipping a torn line', async () => {
    writeFileSync(quoteLogPath, ['{"n":1}', '{"n":2}', '{"n":', '{"n":3}', ''].join('\n'))
    const response = await app.request('/sandbox/quote-log?limit=2')
    expect(await response.json()).toEqual({ entries: [{ n: 3 }, { n: 2 }] })
    expect(await (await app.request('/sandbox/quote-log')).json()).toEqual({
      entries: [{ n: 3 }, { n: 2 }, { n: 1 }],
    })
  })

  it('rejects a quote-log limit outside 1..200', async () => {
    for (const limit of ['0', '201', '-1', '2.5', 'all']) {
      const response = await app.request(`/sandbox/quote-log?limit=${limit}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' })
    }
  })

  it('forwards eth_ calls to the chain’s anvil and answers with anvil’s reply', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'
    const response = await rpc('1', body)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(rpcCalls.at(-1)).toBe(body)
  })

  it('refuses anvil cheat codes, non-JSON bodies and other content types without reaching anvil', async () => {
    const before = rpcCalls.length
    const refused = [
      await rpc('1', '{"jsonrpc":"2.0","id":1,"method":"anvil_setBalance","params":[]}'),
      await rpc(
        '1',
        '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","id":2,"method":"evm_mine"}]',
      ),
      await rpc('1', 'not json'),
      await rpc('1', '[]'),
      await rpc('1', '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', 'text/plain'),
    ]
    for (const response of refused) {
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' })
    }
    expect(rpcCalls.length).toBe(before)
  })

  it('answers an unknown chain id with 404 UNKNOWN_CHAIN', async () => {
    const response = await rpc('8453', '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'UNKNOWN_CHAIN' })
  })

  it('leaves the API’s own 404 for paths it does not serve', async () => {
    const response = await app.request('/sandbox/nothing')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' })
  })
})
