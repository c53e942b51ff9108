import { Hono } from 'hono'
import { z } from 'zod'
import { isChainAddress } from '../addresses/isChainAddress'
import { isLedgerChain } from '../addresses/sandboxAddress'
import { gasAssets } from '../assets/thorAssets'
import type { PayoutRecord } from '../observer/payoutRecord'
import { isLedgerRefusal, type Ledger } from './createLedger'

const SendSchema = z.object({
  from: z.string().min(1).max(128),
  /** Optional on THOR only: a RUNE deposit is a `MsgDeposit`, which has no recipient. */
  to: z.string().min(1).max(128).optional(),
  amount: z.string().regex(/^[0-9]{1,30}$/, 'a positive integer of base units'),
  memo: z.string().max(250).optional(),
})

/**
 * The simulated ledger's HTTP API (the manifest's `simulators.thorchainLedger`):
 * - `GET /ledger/{chain}/{address}` → `{ chain, address, asset, decimals, balance }` (base units);
 * - `POST /ledger/{chain}/send { from, to, amount, memo }` → the transaction, standing in for a user's
 *   BTC/LTC/DOGE/BCH/ATOM/RUNE transfer (to a vault it is a THORChain inbound; on THOR, leaving out
 *   `to` is a `MsgDeposit`);
 * - `GET /payouts[?txId=…]` → `{ payouts }`, the sandbox THORChain's accounting of every inbound,
 *   with each affiliate's share.
 * Errors are `{ error, code }`: 400 `BAD_REQUEST` / `INSUFFICIENT_FUNDS`, 404 `NOT_FOUND`.
 */
export function createLedgerApp({
  ledger,
  payouts,
  depositAddress,
}: {
  ledger: Ledger
  payouts: () => PayoutRecord[]
  /** Where a THOR `MsgDeposit` lands (the asgard module). */
  depositAddress: string
}): Hono {
  const app = new Hono()
  app.get('/ledger/:chain/:address', (c) => {
    const chain = c.req.param('chain').toUpperCase()
    const address = c.req.param('address')
    if (!isLedgerChain(chain))
      return c.json(
        { error: `chain ${chain.slice(0, 12)} is not on the sandbox ledger`, code: 'NOT_FOUND' },
        404,
      )
    if (!isChainAddress(chain, address))
      return c.json({ error: `address: not a ${chain} address`, code: 'BAD_REQUEST' }, 400)
    const asset = gasAssets.find((candidate) => candidate.chain === chain)!
    return c.json({
      chain,
      address,
      asset: asset.asset,
      decimals: asset.decimals,
      balance: String(ledger.balanceOf(chain, address)),
    })
  })
  app.post('/ledger/:chain/send', async (c) => {
    const chain = c.req.param('chain').toUpperCase()
    const parsed = SendSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return c.json(
        { error: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`, code: 'BAD_REQUEST' },
        400,
      )
    }
    const { from, to, amount, memo } = parsed.data
    if (to === undefined && chain !== 'THOR')
      return c.json({ error: 'to: required', code: 'BAD_REQUEST' }, 400)
    const result = ledger.transfer({
      chain,
      from,
      to: to ?? depositAddress,
      amount: BigInt(amount),
      ...(memo === undefined ? {} : { memo }),
    })
    if (isLedgerRefusal(result)) return c.json({ error: result.error, code: result.code }, result.status)
    return c.json({ ...result, amount: String(result.amount) })
  })
  app.get('/payouts', (c) => {
    const txId = c.req.query('txId')?.replace(/^0x/i, '').toLowerCase()
    const all = payouts()
    return c.json({
      payouts: txId
        ? all.filter((record) => record.inbound.txId.replace(/^0x/i, '').toLowerCase() === txId)
        : all,
    })
  })
  app.notFound((c) => c.json({ error: 'not found', code: 'NOT_FOUND' }, 404))
  app.onError((error, c) => {
    console.error('[sandbox ledger]', error)
    return c.json({ error: 'internal error', code: 'INTERNAL' }, 500)
  })
  return app
}
