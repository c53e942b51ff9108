import { Hono } from 'hono'
import { corsPreflightHeaders } from '../../api/middleware/cors'
import { isAddress, isHash, type Address, type PublicClient } from 'viem'
import { findChain, SwapError } from '../../shared'
import { forwardOrderBook } from './forwardOrderBook'
import { forwardRpc } from './forwardRpc'
import { readBalances } from './readBalances'
import { readQuoteLogTail } from './readQuoteLogTail'
import { readSandboxTransaction } from './readSandboxTransaction'
import { renderTransactionPage } from './renderTransactionPage'

/** What the sandbox routes read: the running chains and the manifest (see `World`). */
export type SandboxRoutesWorld = {
  manifest: unknown
  chains: Record<string, { symbol: string; chainId: number; rpcUrl: string; publicClient: PublicClient }>
}

export type CreateSandboxRoutesParameters = {
  world: SandboxRoutesWorld
  /** The API's quote log (JSON lines). */
  quoteLogPath: string
  /** The CoW simulator's base URL, served same-origin at `/sandbox/cow` (absent: no such route). */
  cowUrl?: string
  fetch?: typeof globalThis.fetch
}

const MAX_QUOTE_LOG_LIMIT = 200

/**
 * The preflight of the sandbox's CoW order book: the API's (contract 8), with POST and PUT as well, as
 * CoW's own order book answers (the CoW Swap app and widget post orders to it from their own sites), so
 * a page on another origin can place an order, not only the demo page. Other paths: the API's.
 */
export function sandboxPreflight(path: string): Record<string, string> | undefined {
  if (!path.startsWith('/sandbox/cow/')) return undefined
  return { ...corsPreflightHeaders, 'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS' }
}

/**
 * The sandbox server's own routes, served only by `npm start` / `npm run dev` (never `npm run serve`):
 *
 * - `GET /sandbox/world.json`: the world manifest, open to any origin;
 * - `GET /sandbox/balances?address=`: native and curated-token balances on every sandbox chain;
 * - `GET /sandbox/quote-log?limit=20`: the latest quote-log lines, newest first;
 * - `GET /sandbox/tx/:chainId/:hash`: a transaction page (status, transfers, fee), the sandbox's
 *   block explorer, which the demo page hands to the widget as its `explorer-url`; 404 page when the
 *   chain has no such transaction;
 * - `POST /sandbox/rpc/:chainId`: a JSON-RPC bridge to that chain's anvil, so the page's sandbox
 *   wallet makes no cross-origin calls. It requires `Content-Type: application/json`, which makes a
 *   browser preflight any cross-origin call (and the API's CORS allows only GET);
 * - `GET|POST|PUT /sandbox/cow/{network}/api/...`: the CoW simulator's order book, on the API's origin (the
 *   sandbox's API config uses it as the CoW base URL, so a quote's order URLs point here), open to other
 *   origins as CoW's own is (`sandboxPreflight`).
 *
 * Errors are `SwapError`s, answered as `{ error, code }` by the API's error handler.
 */
export function createSandboxRoutes({
  world,
  quoteLogPath,
  cowUrl,
  fetch = globalThis.fetch,
}: CreateSandboxRoutesParameters) {
  const chainsById = new Map(Object.values(world.chains).map((chain) => [String(chain.chainId), chain]))
  return new Hono()
    .use('/sandbox/*', async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/sandbox/world.json', (c) => {
      // Open to any origin: a page of yours on another port reads the chains' RPC URLs from it (the
      // README's stand-in wallet). It holds nothing that is not public: sandbox URLs and dev accounts.
      c.header('Access-Control-Allow-Origin', '*')
      return c.json(world.manifest as object)
    })
    .get('/sandbox/balances', async (c) => {
      const address = c.req.query('address')
      if (!address || !isAddress(address, { strict: false })) {
        throw new SwapError({
          code: 'BAD_REQUEST',
          message: 'address must be a 0x address of 40 hex characters',
        })
      }
      const chains = await readBalances({ chains: Object.values(world.chains), address: address as Address })
      return c.json({ address, chains })
    })
    .get('/sandbox/quote-log', async (c) => {
      const raw = c.req.query('limit') ?? '20'
      const limit = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN
      if (!(limit >= 1 && limit <= MAX_QUOTE_LOG_LIMIT)) {
        throw new SwapError({
          code: 'BAD_REQUEST',
          message: `limit must be an integer from 1 to ${MAX_QUOTE_LOG_LIMIT}`,
        })
      }
      return c.json({ entries: await readQuoteLogTail({ path: quoteLogPath, limit }) })
    })
    .get('/sandbox/tx/:chainId/:hash', async (c) => {
      const chain = chainsById.get(c.req.param('chainId'))
      if (!chain) {
        throw new SwapError({
          code: 'UNKNOWN_CHAIN',
          message: `No sandbox chain with chain id ${c.req.param('chainId').slice(0, 20)}`,
        })
      }
      const hash = c.req.param('hash')
      if (!isHash(hash)) {
        throw new SwapError({ code: 'BAD_REQUEST', message: 'hash must be 0x and 64 hex characters' })
      }
      const transaction = await readSandboxTransaction({ chain, hash })
      if (transaction) return c.html(renderTransactionPage({ kind: 'found', transaction }))
      const chainName = findChain(chain.chainId)?.name ?? chain.symbol
      return c.html(renderTransactionPage({ kind: 'missing', chainName, chainId: chain.chainId, hash }), 404)
    })
    .on(['GET', 'POST', 'PUT'], '/sandbox/cow/*', async (c) => {
      if (!cowUrl) throw new SwapError({ code: 'NOT_FOUND', message: 'This sandbox has no CoW order book' })
      const url = new URL(c.req.url)
      return forwardOrderBook({
        cowUrl,
        method: c.req.method,
        path: url.pathname.slice('/sandbox/cow'.length),
        search: url.search,
        contentType: c.req.header('content-type'),
        body: c.req.method === 'GET' ? undefined : await c.req.text(),
        fetch,
        signal: c.req.raw.signal,
      })
    })
    .post('/sandbox/rpc/:chainId', async (c) => {
      const chain = chainsById.get(c.req.param('chainId'))
      if (!chain) {
        throw new SwapError({
          code: 'UNKNOWN_CHAIN',
          message: `No sandbox chain with chain id ${c.req.param('chainId').slice(0, 20)}`,
        })
      }
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
        throw new SwapError({ code: 'BAD_REQUEST', message: 'Content-Type must be application/json' })
      }
      return forwardRpc({ rpcUrl: chain.rpcUrl, body: await c.req.text(), fetch, signal: c.req.raw.signal })
    })
}
