import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainDefinitions, toChainResource } from '../../shared'
import { validateAddress } from '../../widget/parts/validateAddress'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

const evm = {
  valid: [
    '0x1111111111111111111111111111111111111111',
    '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  ],
  invalid: [
    '0x111111111111111111111111111111111111111',
    '1111111111111111111111111111111111111111',
    '0xZZ11111111111111111111111111111111111111',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ],
}

/*
 * One table per chain: real addresses in every format the chain's own software takes (BIP-173/350
 * test vectors, the CashAddr spec's examples, well-formed Base58Check and bech32 accounts), and
 * near misses. The API and the widget must agree on each, and both must match the table.
 */
const table: Record<string, { valid: string[]; invalid: string[] }> = {
  ETH: evm,
  BASE: evm,
  BSC: evm,
  AVAX: evm,
  ARB: evm,
  RHD: evm,
  BTC: {
    valid: [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ],
    invalid: [
      'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc1qb508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNL',
      'ltc1qrzkruu6r7qtgjrz3p6fljdfxz95ancl4fp4u0l',
      '0x1111111111111111111111111111111111111111',
      '',
    ],
  },
  LTC: {
    valid: [
      'LdhAFf9tEbdZsZANz3HeFcNfdmFmvui4dD',
      'MDZj9A4MZuyoEJ4XPNm6wiwxceRgq9tSNU',
      '35vpxTzV1dssuodCNMbXUADAJgdY1rfUm8',
      'ltc1qrzkruu6r7qtgjrz3p6fljdfxz95ancl4fp4u0l',
      'LTC1QRZKRUU6R7QTGJRZ3P6FLJDFXZ95ANCL4FP4U0L',
    ],
    invalid: [
      'LdhAFf9tEbdZsZANz3HeFcNfdmFmvui4d',
      'LdhAFf9tEbdZsZANz3HeFcNfdmFmvui4dDx',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'Ltc1qrzkruu6r7qtgjrz3p6fljdfxz95ancl4fp4u0l',
    ],
  },
  BCH: {
    valid: [
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A',
      'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq',
      'bitcoincash:qrxs42v9v9rmd3d5lu4hmlh9mgs25wp9xq40zzlpmk',
      '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu',
      '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC',
    ],
    invalid: [
      'bitcoincash:Qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6',
      'bchtest:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'LdhAFf9tEbdZsZANz3HeFcNfdmFmvui4dD',
    ],
  },
  DOGE: {
    valid: [
      'DAviwTPBZStX82JcXc9oFcCGv1c1yb7cS6',
      '9upt3fCzsNDgktzpsfBCyXyuBUxcFqwapN',
      'AEYbCqYK9ipQxr152khhuXGMtFpPNYYWYT',
    ],
    invalid: [
      'DAviwTPBZStX82JcXc9oFcCGv1c1yb7cS',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      'LdhAFf9tEbdZsZANz3HeFcNfdmFmvui4dD',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ],
  },
  GAIA: {
    valid: [
      'cosmos1me73kus6rcrr9d70qnkl2qev3m8l48u6zwvtgs',
      'COSMOS1ME73KUS6RCRR9D70QNKL2QEV3M8L48U6ZWVTGS',
      'cosmos1rz05qq6tu7senu06nzgkdrhr4dsyn7pd8rrghec0t9h2ktsc27msyjpff6',
    ],
    invalid: [
      'cosmos1me73kus6rcrr9d70qnkl2qev3m8l48u6zwvtg',
      'Cosmos1me73kus6rcrr9d70qnkl2qev3m8l48u6zwvtgs',
      'thor1sf2vx2df9pg0d4fem5mk7jqkacnkg5ta0f3gd9',
      'osmo1me73kus6rcrr9d70qnkl2qev3m8l48u6zwvtgs',
    ],
  },
  THOR: {
    valid: [
      'thor1sf2vx2df9pg0d4fem5mk7jqkacnkg5ta0f3gd9',
      'THOR1SF2VX2DF9PG0D4FEM5MK7JQKACNKG5TA0F3GD9',
      'thor14jkgds8xp89fqmmr9v8zmtxvk2mh6g4svg0jp6lvuxjgxkun7mcqf76wv4',
    ],
    invalid: [
      'thor1sf2vx2df9pg0d4fem5mk7jqkacnkg5ta0f3g',
      'cosmos1me73kus6rcrr9d70qnkl2qev3m8l48u6zwvtgs',
      'sthor1sf2vx2df9pg0d4fem5mk7jqkacnkg5ta0f3gd9',
    ],
  },
}

const quotable = chainDefinitions.filter((chain) => chain.quotable)

it('the address table covers every quotable chain', () => {
  expect(Object.keys(table).sort()).toEqual(quotable.map((chain) => chain.symbol).sort())
})

describe.each(quotable)('the API and the widget on $symbol addresses', (chain) => {
  // A server per chain: the free rate limit (60 a minute) would cut a single server's run short.
  const venue = fakeVenue({ id: 'lifi', answer: (request) => priced(request, 'lifi', 1_000_000n) })
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer({ venues: [venue] })
  })
  afterAll(() => server.close())

  const { valid = [], invalid = [] } = table[chain.symbol] ?? {}
  const cases = [
    ...valid.map((address) => [address, true] as const),
    ...invalid.map((address) => [address, false] as const),
  ]

  it.each(cases)('agree on recipient %j (valid: %s)', async (address, isValid) => {
    const buyToken = chain.symbol === 'ETH' ? 'USDC' : chain.nativeSymbol
    const response = await server.get(quotePath({ buyChain: chain.symbol, buyToken, recipient: address }))
    const body = (await response.json()) as { error?: string }
    const apiAccepts = response.status === 200
    if (!apiAccepts) expect(body.error).toMatch(/recipient/)
    const widgetAccepts = validateAddress({ chain: toChainResource(chain), value: address }) === undefined
    expect({ api: apiAccepts, widget: widgetAccepts }).toEqual({ api: isValid, widget: isValid })
  })
})

describe('the API on a checksum typo the shape lets through', () => {
  const venue = fakeVenue({ id: 'lifi', answer: (request) => priced(request, 'lifi', 1_000_000n) })
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer({ venues: [venue] })
  })
  afterAll(() => server.close())

  // Each a valid address of the table with one character changed: the right shape, a wrong checksum.
  it.each([
    ['BTC', 'BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['BTC', 'BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3298'],
    ['BTC', 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['LTC', 'LTC', 'ltc1qrzkruu6r7qtgjrz3p6fljdfxz95ancl4fp4u0m'],
    ['GAIA', 'ATOM', 'cosmos1me73kus6rcrr9d70qnkl2qev3m8l48u6zwvtgt'],
  ])('refuses a %s recipient with a wrong checksum: %s %s', async (buyChain, buyToken, recipient) => {
    const response = await server.get(quotePath({ buyChain, buyToken, recipient }))
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: string }).error).toMatch(/recipient has a wrong checksum/)
  })
})
