import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatAmount, MAX_BASE_UNITS } from '../../shared/amount'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { quotePath, startTestServer } from '../testing/testServer'

/*
 * Which `amount` values `/quote` answers and which it refuses with 400, pinned before the amount
 * grammar moved to one place: the move must not change a single answer. ETH has 18 decimals, USDC 6.
 * Since then one change on purpose: more base units than a uint256 holds is refused here, not passed
 * to the venues (each refused it in its own words, or answered 502).
 */
const accepted: [amount: string, sellToken?: string][] = [
  ['1'],
  ['0.1'],
  ['1.0'],
  ['10'],
  ['3138.985215'],
  ['0.000000000000000001'],
  ['1.000000000000000000000'],
  ['1.5', 'USDC'],
  ['0.000001', 'USDC'],
  ['1.0000000', 'USDC'],
  [formatAmount({ value: MAX_BASE_UNITS, decimals: 6 }), 'USDC'],
  [formatAmount({ value: MAX_BASE_UNITS, decimals: 18 })],
]

const refused: [amount: string, sellToken?: string][] = [
  [''],
  ['0'],
  ['0.0'],
  ['0.000000000000000000000'],
  ['00'],
  ['01'],
  ['00.5'],
  ['.5'],
  ['5.'],
  ['.'],
  ['1.5.5'],
  ['1,5'],
  ['1,000'],
  [' 1'],
  ['1 '],
  ['+1'],
  ['-1'],
  ['1e3'],
  ['1E3'],
  ['0x10'],
  ['0b11'],
  ['NaN'],
  ['Infinity'],
  ['١'],
  ['１'],
  ['1_000'],
  ['0.0000000000000000001'],
  ['0.0000001', 'USDC'],
  [`1${'0'.repeat(100)}`],
  [`1${'0'.repeat(99)}`],
  ['9'.repeat(80), 'USDC'],
  [formatAmount({ value: MAX_BASE_UNITS + 1n, decimals: 6 }), 'USDC'],
  [formatAmount({ value: MAX_BASE_UNITS + 1n, decimals: 18 })],
]

describe('the amount of /quote', () => {
  const venue = fakeVenue({ id: 'lifi', answer: (request) => priced(request, 'lifi', 1_000_000n) })
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer({ venues: [venue] })
  })
  afterAll(() => server.close())

  it.each(accepted)('is quoted when it is %j (sell %s)', async (amount, sellToken = 'ETH') => {
    const buyToken = sellToken === 'ETH' ? 'USDC' : 'ETH'
    const response = await server.get(quotePath({ amount, sellToken, buyToken }))
    expect(response.status).toBe(200)
  })

  it.each(refused)(
    'is refused with 400 BAD_REQUEST when it is %j (sell %s)',
    async (amount, sellToken = 'ETH') => {
      const buyToken = sellToken === 'ETH' ? 'USDC' : 'ETH'
      const response = await server.get(quotePath({ amount, sellToken, buyToken }))
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        code: 'BAD_REQUEST',
        error: expect.stringContaining('amount'),
      })
    },
  )

  it('says why a leading zero is refused', async () => {
    const response = await server.get(quotePath({ amount: '00.1' }))
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: string }).error).toContain('extra leading zero')
  })
})
