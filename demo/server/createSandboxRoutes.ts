import { Hono } from 'hono'
import { isAddress, type Address, type PublicClient } from 'viem'
import { SwapError } from '../../shared'
import { forwardRpc } from './forwardRpc'
import { readBalances } from './readBalances'
import { readQuoteLogTail } from './readQuoteLogTail'

/** What the sandbox routes read: the running chains and the manifest (see `World`). */
export type SandboxRoutesWorld = {
  manifest: unknown
  chains: Record<string, { symbol: string; chainId: number; rpcUrl: string; publicClient: PublicClient }>
}

export type CreateSandboxRoutesParameters = {
  world: SandboxRoutesWorld
  /** The API's quote log (JSON lines). */
  quoteLogPath: string
  fetch?: typeof globalThis.fetch
}

const MAX_QUOTE_LOG_LIMIT = 200

/**
 * The sandbox server's own routes, served only by `npm start` / `npm run dev` (never `npm run serve`):
 *
 * - `GET /sandbox/world.json`: the world manifest;
 * - `GET /sandbox/balances?address=`: native and curated-token balances on every sandbox chain;
 * - `GET /sandbox/quote-log?limit=20`: the latest quote-log lines, newest first;
 * - `POST /sandbox/rpc/:chainId`: a JSON-RPC bridge to that chain's anvil, so the page's sandbox
 *   wallet makes no cross-origin calls. It requires `Content-Type: application/json`, which makes a
 *   browser preflight any cross-origin call (and the API's CORS allows only GET).
 *
 * Errors are `SwapError`s, answered as `{ error, code }` by the API's error handler.
 */
export function createSandboxRoutes({
  world,
  quoteLogPath,
  fetch = globalThis.fetch,
}: CreateSandboxRoutesParameters) {
  const chainsById = new Map(Object.values(world.chains).map((chain) => [String(chain.chainId), chain]))
  return new Hono()
    .use('/sandbox/*', async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/sandbox/world.json', (c) => c.json(world.manifest as object))
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
