import { describe, expect, it } from 'vitest'
import { createCrossChainFaultController } from '../thorchain/faults/crossChainFaults'
import { createSwapkitSimulator } from './createSwapkitSimulator'
import type { ThornodeQuote } from './thorchainRoute'

const thornodeUrl = 'http://thornode.test'

const quote: ThornodeQuote = {
  inbound_address: 'bc1qinbound0000000000000000000000000000000',
  memo: '=:ETH.ETH:0x0000000000000000000000000000000000000001:0/1/0:sk:15',
  expected_amount_out: '150000000',
  expiry: 1_900_000_000,
  fees: {
    asset: 'ETH.ETH',
    affiliate: '0',
    outbound: '100000',
    liquidity: '200000',
    total: '300000',
    slippage_bps: 5,
    total_bps: 10,
  },
  total_swap_seconds: 600,
}

/**
 * A THORNode that answers the quote only after the test lets it, and notes which of its calls
 * arrived while the quote was still open.
 */
function heldThornode() {
  const calls: { path: string; whileQuoteOpen: boolean }[] = []
  let quoteOpen = false
  const fetch = (async (input: string | URL | Request) => {
    const path = new URL(String(input)).pathname
    if (path === '/thorchain/quote/swap') {
      quoteOpen = true
      calls.push({ path, whileQuoteOpen: true })
      // Answered once everything already under way has run: a call made only after the quote
      // came back would see it closed.
      await new Promise((resolve) => setImmediate(resolve))
      quoteOpen = false
      return Response.json(quote)
    }
    calls.push({ path, whileQuoteOpen: quoteOpen })
    return Response.json({ asset_tor_price: '6000000000000' })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

describe('SwapKit simulator, THORChain routes', () => {
  it('reads the pools’ prices alongside THORNode’s quote, so a route costs one THORNode round trip', async () => {
    const thornode = heldThornode()
    const { app } = createSwapkitSimulator({
      thornodeUrl,
      chains: new Map(),
      faults: createCrossChainFaultController(),
      fetch: thornode.fetch,
    })
    const response = await app.request('/v3/quote', {
      method: 'POST',
      headers: { 'x-api-key': 'key', 'content-type': 'application/json' },
      body: JSON.stringify({ sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '0.1' }),
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { routes: { meta: { assets: { asset: string }[] } }[] }
    expect(body.routes[0]?.meta.assets.map((entry) => entry.asset)).toEqual(['BTC.BTC', 'ETH.ETH'])
    const pools = thornode.calls.filter((call) => call.path.startsWith('/thorchain/pool/'))
    expect(pools).toHaveLength(2)
    expect(pools.every((call) => call.whileQuoteOpen)).toBe(true)
  })
})
