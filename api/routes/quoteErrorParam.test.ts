import { afterAll, beforeAll, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../shared'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

const venue = fakeVenue({ id: 'lifi', answer: (request) => priced(request, 'lifi', 1_000_000n) })
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ venues: [venue] })
})
afterAll(() => server.close())

const btc = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

/*
 * A refusal of one parameter's value names it in `param`, so a form can mark that field (the widget
 * marks the amount and address fields by it); a refusal about several parameters, or none, has none.
 */
it.each([
  ['too many decimals for USDC', { sellToken: 'USDC', buyToken: 'ETH', amount: '1.0000001' }, 400, 'amount'],
  ['an amount of 0', { amount: '0' }, 400, 'amount'],
  ['a malformed amount', { amount: '1e3' }, 400, 'amount'],
  ['no recipient cross-chain', { buyChain: 'BTC', buyToken: 'BTC' }, 400, 'recipient'],
  [
    'a recipient of the wrong chain',
    { buyChain: 'BTC', buyToken: 'BTC', recipient: '0x' + '1'.repeat(40) },
    400,
    'recipient',
  ],
  // One character off: the shape passes, the bech32 checksum does not.
  [
    'a recipient checksum typo',
    { buyChain: 'BTC', buyToken: 'BTC', recipient: btc.replace('w508', 'w509') },
    400,
    'recipient',
  ],
  ['an EIP-55 checksum typo', { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB49' }, 400, 'address'],
  ['an address of the wrong shape', { address: 'nope' }, 400, 'address'],
  ['an unknown token symbol', { buyToken: 'NOPE' }, 404, 'buyToken'],
  ['an unknown chain', { sellChain: 'NOPE' }, 404, 'sellChain'],
  ['a slippage out of range', { slippage: '90' }, 400, 'slippage'],
  ['one missing parameter', { amount: undefined }, 400, 'amount'],
  [
    'a parameter over 1,024 characters',
    { recipient: 'x'.repeat(1025), buyChain: 'BTC', buyToken: 'BTC' },
    400,
    'recipient',
  ],
  ['two missing parameters', { amount: undefined, address: undefined }, 400, undefined],
  ['the same asset on both sides', { buyToken: 'ETH' }, 400, undefined],
])('names the parameter in a refusal of %s', async (_case, params, status, param) => {
  const response = await server.get(quotePath(params))
  const body = ErrorBodySchema.parse(await response.json())
  expect([response.status, body.param]).toEqual([status, param])
})

it('names the parameter given twice', async () => {
  const response = await server.get(`${quotePath()}&amount=2`)
  const body = ErrorBodySchema.parse(await response.json())
  expect([response.status, body.param]).toEqual([400, 'amount'])
})
