import { Hono } from 'hono'
import { z } from 'zod'
import { SwapError } from '../../shared'

export type CreateLedgerWalletRoutesParameters = {
  /** The simulated ledger's base URL (`crossChain.ledgerUrl`). */
  ledgerUrl: string
  /** The demo account's address per ledger chain (`BTC`, `LTC`, `DOGE`, `BCH`, `GAIA`, `THOR`). */
  accounts: Record<string, string>
  fetch?: typeof globalThis.fetch
}

const SendSchema = z.object({
  to: z.string().min(1).max(128),
  amount: z.string().regex(/^[0-9]{1,30}$/, 'a positive integer of base units'),
  memo: z.string().max(250).optional(),
})

/**
 * The demo account's wallet on the sandbox's simulated UTXO/Cosmos ledger, same-origin for the demo
 * page, so a deposit route (BTC → ETH and the like) can be completed from the page:
 *
 * - `GET /sandbox/ledger/:chain`: the demo account's address and balance (`{ chain, address, asset, decimals, balance }`, base units);
 * - `POST /sandbox/ledger/:chain/send { to, amount, memo }`: a transfer from the demo account, as its
 *   own wallet would send it (`amount` in base units); the ledger's answer or refusal is passed on.
 *
 * Bad input is a `SwapError` (`BAD_REQUEST`, `UNKNOWN_CHAIN`); an unreachable ledger is `UPSTREAM_ERROR`.
 *
 * @example
 * app.route('/', createLedgerWalletRoutes({ ledgerUrl: crossChain.ledgerUrl, accounts: { BTC: 'bc1q…' } }))
 */
export function createLedgerWalletRoutes({
  ledgerUrl,
  accounts,
  fetch = globalThis.fetch,
}: CreateLedgerWalletRoutesParameters) {
  const accountOf = (chainParam: string) => {
    const chain = chainParam.toUpperCase()
    const address = accounts[chain]
    if (!address) {
      throw new SwapError({
        code: 'UNKNOWN_CHAIN',
        message: `The sandbox ledger has no chain ${chainParam.slice(0, 12)}`,
      })
    }
    return { chain, address }
  }
  const ask = async (path: string, init?: RequestInit) => {
    let answer: Response
    try {
      answer = await fetch(`${ledgerUrl}${path}`, init)
    } catch (cause) {
      throw new SwapError({ code: 'UPSTREAM_ERROR', message: 'The sandbox ledger did not answer', cause })
    }
    return new Response(await answer.text(), {
      status: answer.status,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    })
  }
  return new Hono()
    .get('/sandbox/ledger/:chain', (c) => {
      const { chain, address } = accountOf(c.req.param('chain'))
      return ask(`/ledger/${chain}/${encodeURIComponent(address)}`)
    })
    .post('/sandbox/ledger/:chain/send', async (c) => {
      const { chain, address } = accountOf(c.req.param('chain'))
      const parsed = SendSchema.safeParse(await c.req.json().catch(() => undefined))
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new SwapError({
          code: 'BAD_REQUEST',
          message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
        })
      }
      return ask(`/ledger/${chain}/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: address, ...parsed.data }),
      })
    })
}
