import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QuoteSchema } from '../../shared'
import { bytes32Result, decimalsResult, erc20Node, rpcAnswers } from '../testing/erc20Node'
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

let node: JsonRpcNode
const soldAmounts: bigint[] = []
let server: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  node = await startJsonRpcNode({
    answer: erc20Node({
      [MKR]: { decimals: decimalsResult(18), symbol: bytes32Result('MKR'), name: bytes32Result('Maker') },
      [NO_SYMBOL]: { decimals: decimalsResult(6), symbol: rpcAnswers.reverted },
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
