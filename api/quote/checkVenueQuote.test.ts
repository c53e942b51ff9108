import { describe, expect, it } from 'vitest'
import { createFakeFetch, type RecordedCall } from '../venues/common/createFakeFetch'
import { createTestRequest } from '../venues/common/createTestRequest'
import { createCowVenue } from '../venues/cow/createCowVenue'
import cowQuote from '../venues/cow/fixtures/quoteUsdcToWeth.json'
import { createZeroxVenue } from '../venues/zerox/createZeroxVenue'
import zeroxQuote from '../venues/zerox/fixtures/quoteUsdcToWeth.json'
import { VenueQuoteSchema, type VenueQuote } from '../venues/venue'
import { checkVenueQuote, VENUE_QUOTE_FIELDS } from './checkVenueQuote'

const SERVICE = '0x1111111111111111111111111111111111111111'
const PARTNER = '0x2222222222222222222222222222222222222222'
const signal = new AbortController().signal

/** What the real adapters answer: a CoW signed order, a 0x transaction with its approval. */
async function adapterAnswers(): Promise<VenueQuote[]> {
  const cow = createFakeFetch((call: RecordedCall) => {
    const sent = call.body as { appData: string; appDataHash: string }
    return { json: { ...cowQuote, quote: { ...cowQuote.quote, appDataHash: sent.appDataHash } } }
  })
  const zerox = createFakeFetch([{ json: zeroxQuote }])
  const request = createTestRequest({ partner: 'acme', partnerFeeBps: 20 })
  const answers = [
    await createCowVenue({
      baseUrl: 'https://api.cow.fi',
      serviceFeeBps: 30,
      feeRecipient: SERVICE,
      partnerFeeRecipient: PARTNER,
    }).quote(request, { fetch: cow.fetch, signal }),
    await createZeroxVenue({
      baseUrl: 'https://api.0x.org',
      apiKey: 'k',
      serviceFeeBps: 10,
      feeRecipient: SERVICE,
    }).quote(createTestRequest(), { fetch: zerox.fetch, signal }),
  ]
  return answers.map((answer) => {
    if ('noRoute' in answer) throw new Error(`the fixture priced nothing: ${answer.reason}`)
    return answer
  })
}

/** A deposit route with every optional field the adapters above leave out. */
const depositAnswer: VenueQuote = {
  provider: 'thorchain',
  sellAmount: 10n ** 8n,
  buyAmount: 5_000_000n,
  minBuyAmount: 4_900_000n,
  netBuyAmount: 4_990_000n,
  gasCostInBuyToken: 10_000n,
  expiresAtMs: 1_800_000_000_000,
  depositAddress: 'bc1qexampledepositaddress',
  memo: '=:ETH.USDC:0x1111111111111111111111111111111111111111:4900000',
  tool: 'thorchain',
  serviceFeeBps: 30,
  partnerFee: { collectedBps: 20, recipient: PARTNER, note: 'collected in the memo' },
  usdPrices: { sellPriceE18: 60_000n * 10n ** 18n, buyPriceE18: 10n ** 18n },
  sellTaxBps: 0,
  buyTaxBps: 100,
  fees: [{ receiver: 'service', bps: 30 } as never],
}

/** Values that break one rule or another of most fields. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  'x',
  '0x',
  '0x0',
  '0x12',
  '012',
  ' https://example.com',
  '0xzz11111111111111111111111111111111111111',
  -1n,
  0n,
  0,
  -1,
  1.5,
  2 ** 60,
  Number.NaN,
  Infinity,
  true,
  {},
  [],
  [{ name: 'a', type: 'b' }],
  { fullAppData: '' },
  { name: 1, type: 'b' },
  'a'.repeat(65),
]

type Path = (string | number)[]

/** Every path to a field of `value`, objects and arrays included. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return []
  return Object.keys(value).flatMap((key) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key]
    return [path, ...pathsOf((value as Record<string, unknown>)[key], path)]
  })
}

/** A deep copy of `value` (bigints kept) with `edit` applied to the object holding `path`'s last key. */
function editedAt(
  value: unknown,
  path: Path,
  edit: (holder: Record<string | number, unknown>, key: string | number) => void,
) {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let holder = copy
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>
  edit(holder, path[path.length - 1]!)
  return copy
}

/** The verdict and value, with key order, as the wire would see them. */
function outcomeOf(result: VenueQuote | undefined) {
  if (result === undefined) return 'refused'
  return JSON.stringify(result, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value === undefined ? '(undefined)' : value,
  )
}

function viaSchema(answer: unknown): VenueQuote | undefined {
  const parsed = VenueQuoteSchema.safeParse(answer)
  return parsed.success ? parsed.data : undefined
}

describe('checkVenueQuote', () => {
  it('checks the same fields as VenueQuoteSchema', () => {
    expect([...VENUE_QUOTE_FIELDS].sort()).toEqual(Object.keys(VenueQuoteSchema.shape).sort())
  })

  it('accepts what the adapters answer and answers what the schema would, unknown fields left out', async () => {
    for (const answer of [...(await adapterAnswers()), depositAnswer]) {
      const withExtras = { ...answer, extra: 1, ...(answer.tx && { tx: { ...answer.tx, extra: 1 } }) }
      expect(checkVenueQuote(withExtras)).toStrictEqual(viaSchema(withExtras))
      expect(outcomeOf(checkVenueQuote(withExtras))).toBe(outcomeOf(viaSchema(withExtras)))
      expect(checkVenueQuote(answer)).toBeDefined()
    }
  })

  it('refuses and accepts exactly what VenueQuoteSchema does, with any one field removed, emptied or broken', async () => {
    let compared = 0
    let refused = 0
    for (const answer of [...(await adapterAnswers()), depositAnswer]) {
      for (const path of pathsOf(answer)) {
        const variants = [
          editedAt(answer, path, (holder, key) => delete holder[key]),
          editedAt(answer, path, (holder) => Object.assign(holder, { unknownField: 'kept out' })),
          ...BAD_VALUES.map((bad) => editedAt(answer, path, (holder, key) => (holder[key] = bad))),
        ]
        for (const variant of variants) {
          const expected = outcomeOf(viaSchema(variant))
          expect(outcomeOf(checkVenueQuote(variant)), `${path.join('.')} in ${answer.provider}`).toBe(
            expected,
          )
          compared += 1
          if (expected === 'refused') refused += 1
        }
      }
    }
    // The comparison covers both verdicts, many times over.
    expect(refused).toBeGreaterThan(500)
    expect(compared - refused).toBeGreaterThan(100)
  })

  it('refuses a tx and an order together, and a floor above the output', async () => {
    const [cow, zerox] = await adapterAnswers()
    expect(checkVenueQuote({ ...cow!, tx: zerox!.tx })).toBeUndefined()
    expect(checkVenueQuote({ ...zerox!, minBuyAmount: zerox!.buyAmount + 1n })).toBeUndefined()
    expect(viaSchema({ ...zerox!, minBuyAmount: zerox!.buyAmount + 1n })).toBeUndefined()
  })

  it('refuses what is not an object at all', () => {
    for (const value of [undefined, null, 1, 'quote', [], 1n]) expect(checkVenueQuote(value)).toBeUndefined()
  })
})
