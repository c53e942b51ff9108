import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QuoteSchema } from '../../shared'
import { bytes32Result, decimalsResult, erc20Node, rpcAnswers, stringResult } from '../testing/erc20Node'
import { fakeVenue, priced } from '../testing/fakeVenue'
import type { JsonRpcNode } from '../testing/startJsonRpcNode'
import { startJsonRpcNode } from '../testing/startJsonRpcNode'
import { quotePath, startTestServer } from '../testing/testServer'

/*
 * Unlisted ERC-20s quoted by address, read on chain through the default reader over real HTTP: a
 * bytes32 symbol (MKR) and a token without a readable symbol both resolve, because decimals are what
 * the amount needs.
 */

const MKR = '0x9f8F72aA9304c8B593d555F12eF6589cC3A579A2'
const NO_SYMBOL = '0x5555555555555555555555555555555555555555'
/** Tokens whose symbols pass for a listed one on screen, and one that passes for none. */
const LOOKALIKES = {
  cyrillic: { address: '0x6666666666666666666666666666666666666601', symbol: 'USDС' },
  zeroWidth: { address: '0x6666666666666666666666666666666666666602', symbol: 'US\u200bDC' },
  fullwidth: { address: '0x6666666666666666666666666666666666666603', symbol: 'ＵＳＤＣ' },
  greekEth: { address: '0x6666666666666666666666666666666666666604', symbol: 'ΕΤΗ' },
  override: { address: '0x6666666666666666666666666666666666666605', symbol: '\u202eCDSU' },
  own: { address: '0x6666666666666666666666666666666666666606', symbol: 'PEPE' },
  filler: { address: '0x6666666666666666666666666666666666666607', symbol: 'USDC\u115f' },
}

let node: JsonRpcNode
const soldAmounts: bigint[] = []
let server: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  node = await startJsonRpcNode({
    answer: erc20Node({
      [MKR]: { decimals: decimalsResult(18), symbol: bytes32Result('MKR'), name: bytes32Result('Maker') },
      [NO_SYMBOL]: { decimals: decimalsResult(6), symbol: rpcAnswers.reverted },
      ...Object.fromEntries(
        Object.values(LOOKALIKES).map(({ address, symbol }) => [
          address,
          { decimals: decimalsResult(6), symbol: stringResult(symbol) },
        ]),
      ),
    }),
  })
  const venue = fakeVenue({
    id: 'lifi',
    answer: (request) => {
      soldAmounts.push(request.sellAmount)
      return priced(request, 'lifi', 7n * 10n ** 17n)
    },
  })
  server = await startTestServer({ env: { RPC_URL_ETH: node.url }, venues: [venue] })
})

afterAll(async () => {
  await server?.close()
  await node?.close()
})

describe('/quote of an unlisted ERC-20 by address', () => {
  it('quotes MKR, whose symbol() answers bytes32, under its symbol', async () => {
    const response = await server.get(quotePath({ sellToken: MKR, buyToken: 'USDC', amount: '1.5' }))
    expect(response.status).toBe(200)
    const quote = QuoteSchema.parse(await response.json())
    // Read from chain, not curated: marked so a person checks it before trading.
    expect(quote.sellToken).toEqual({
      caip: `eip155:1/erc20:${MKR.toLowerCase()}`,
      symbol: 'MKR',
      verified: false,
    })
    // 1.5 at 18 decimals: the amount was parsed with the decimals read on chain.
    expect(soldAmounts.at(-1)).toBe(15n * 10n ** 17n)
    expect(quote.sellAmount).toBe('1.5')
  })

  it('quotes a token whose symbol() reverts by its decimals, under its shortened address', async () => {
    const response = await server.get(quotePath({ sellToken: 'USDC', buyToken: NO_SYMBOL }))
    expect(response.status).toBe(200)
    const quote = QuoteSchema.parse(await response.json())
    expect(quote.buyToken.symbol).toBe(NO_SYMBOL.slice(0, 10))
    expect(quote.buyAmount).toBe('700000000000')
  })
})

describe('/quote of an unlisted ERC-20 whose symbol passes for a listed one', () => {
  it.each([
    ['a Cyrillic letter', LOOKALIKES.cyrillic, 'USDС', 'USDC'],
    ['a zero-width space, dropped', LOOKALIKES.zeroWidth, 'USDC', 'USDC'],
    ['fullwidth letters', LOOKALIKES.fullwidth, 'ＵＳＤＣ', 'USDC'],
    ["Greek letters, the native coin's symbol", LOOKALIKES.greekEth, 'ΕΤΗ', 'ETH'],
    // Without its override, "‮CDSU" no longer reads "USDC", nor turns the words around it.
    ['a direction override, dropped', LOOKALIKES.override, 'CDSU', undefined],
    ['a symbol of its own', LOOKALIKES.own, 'PEPE', undefined],
    ['a Hangul filler, a letter that draws nothing, dropped', LOOKALIKES.filler, 'USDC', 'USDC'],
  ])('names what a token with %s passes for', async (_case, { address }, symbol, imitates) => {
    const response = await server.get(quotePath({ buyToken: address }))
    expect(response.status).toBe(200)
    const { buyToken } = QuoteSchema.parse(await response.json())
    expect(buyToken).toEqual({
      caip: `eip155:1/erc20:${address}`,
      symbol,
      verified: false,
      ...(imitates && { imitates }),
    })
  })
})
