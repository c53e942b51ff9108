import { describe, expect, it } from 'vitest'
import { createApp, loadConfig } from '../../api'
import { createLedgerWalletRoutes } from './createLedgerWalletRoutes'

const ledgerUrl = 'http://127.0.0.1:9'
const demoBtc = 'bc1qng5unhva3g26m9fld3f9tnnqhy3aaxxhwgsa9p'
const calls: { url: string; body: unknown }[] = []
const fakeLedger: typeof fetch = async (url, init) => {
  calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined })
  return new Response(JSON.stringify({ txId: 'abc', amount: '1000000' }), {
    headers: { 'content-type': 'application/json' },
  })
}
const app = createApp({
  config: loadConfig({}),
  site: createLedgerWalletRoutes({ ledgerUrl, accounts: { BTC: demoBtc }, fetch: fakeLedger }),
})
const send = (chain: string, body: unknown) =>
  app.request(`/sandbox/ledger/${chain}/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('the demo account’s ledger wallet routes', () => {
  it('sends from the demo account only, whatever the body says, and passes the ledger’s answer on', async () => {
    calls.length = 0
    const response = await send('btc', {
      to: 'bc1qvault',
      amount: '1000000',
      memo: '=:e:0xabc',
      from: 'bc1qother',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ txId: 'abc', amount: '1000000' })
    expect(calls).toEqual([
      {
        url: `${ledgerUrl}/ledger/BTC/send`,
        body: { from: demoBtc, to: 'bc1qvault', amount: '1000000', memo: '=:e:0xabc' },
      },
    ])
  })

  it('reads the demo account on a chain', async () => {
    calls.length = 0
    await app.request('/sandbox/ledger/BTC')
    expect(calls.map((call) => call.url)).toEqual([`${ledgerUrl}/ledger/BTC/${demoBtc}`])
  })

  it('answers a chain without a demo account with UNKNOWN_CHAIN and bad bodies with BAD_REQUEST', async () => {
    calls.length = 0
    const unknown = await send('XMR', { to: 'x', amount: '1' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'UNKNOWN_CHAIN' })
    for (const body of [{ to: 'x', amount: '0.5' }, { amount: '1' }, { to: 'x', amount: '-1' }, 'not json']) {
      const response = await send('BTC', body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' })
    }
    expect(calls).toEqual([])
  })
})
