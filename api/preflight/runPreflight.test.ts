import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { planLifiFees, withLifiFeeAmount } from '../fees/planLifiFees'
import { fakeVenue, priced } from '../testing/fakeVenue'
import { startPostgres, type TestPostgres } from '../testing/startPostgres'
import { startRedis, type TestRedis } from '../testing/startRedis'
import { runPreflight } from './runPreflight'

/*
 * The LI.FI share check with the adapter's own fee plan: the sandbox's LI.FI always states `feeSplit`,
 * so the answer that does not is made here from the same functions the adapter calls.
 */

/** A LI.FI-like venue whose answer states the integrator fee, with or without LI.FI's split of it. */
function lifi(feeSplit: { lifiFee: bigint; integratorFee: bigint } | undefined) {
  return fakeVenue({
    id: 'lifi',
    answer: (request) => {
      const plan = planLifiFees({
        request,
        integrator: 'swap-quote',
        serviceFeeBps: 30,
        venueSharePercent: undefined,
      })
      const amount = (request.sellAmount * BigInt(plan.totalBps)) / 10_000n
      return priced(request, 'lifi', 1_000_000n, { fees: withLifiFeeAmount(plan, { amount, feeSplit }) })
    },
  })
}

/** A deployment whose other settings pass the check. */
const ledger = {
  QUOTE_LOG_PATH: 'quotes.jsonl',
  LIFI_INTEGRATOR: 'swap-quote',
  SERVICE_FEE_RECIPIENT: '0x1111111111111111111111111111111111111111',
}

describe("runPreflight and LI.FI's share of the integrator fee", () => {
  it('fails while LI.FI states no feeSplit and LIFI_FEE_SHARE_PERCENT is unset, and passes once it is set', async () => {
    const run = (environment: Record<string, string>) =>
      runPreflight({ config: loadConfig({ ...ledger, ...environment }), venues: [lifi(undefined)], fetch })
    expect((await run({})).problems).toEqual([
      "lifi: LI.FI's answer states no feeSplit, so its share of the integrator fee is unknown and partners would be owed it too: set LIFI_FEE_SHARE_PERCENT to the share agreed with LI.FI",
    ])
    expect((await run({ LIFI_FEE_SHARE_PERCENT: '25' })).problems).toEqual([])
  })

  it('needs no setting while LI.FI states its split on every answer', async () => {
    const report = await runPreflight({
      config: loadConfig(ledger),
      venues: [lifi({ lifiFee: 1n, integratorFee: 3n })],
      fetch,
    })
    expect(report.problems).toEqual([])
    expect(report.ok).toBe(true)
  })
})

describe('runPreflight and the ledger database', () => {
  let postgres: TestPostgres
  beforeAll(async () => {
    postgres = await startPostgres()
  }, 60_000)
  afterAll(() => postgres?.stop())

  it('passes with a database that answers, and names one that does not in its own words, never the URL', async () => {
    const run = (url: string) =>
      runPreflight({
        config: loadConfig({ ...ledger, LIFI_FEE_SHARE_PERCENT: '25', DATABASE_URL: url }),
        venues: [lifi(undefined)],
        fetch,
      })
    expect((await run(postgres.url)).problems).toEqual([])
    // A typo in the database's name, with a password in the URL: the start would spool every line.
    const mistyped = postgres.url.replace('postgres@', 'postgres:hunter2@').replace(/\/postgres$/, '/ledgr')
    const report = await run(mistyped)
    expect(report.ok).toBe(false)
    expect(report.problems).toEqual([
      expect.stringMatching(/^ledger: DATABASE_URL does not answer \(.*"ledgr".*\)/),
    ])
    expect(report.problems.join('\n')).not.toContain('hunter2')
  })
})

describe('runPreflight and the shared store', () => {
  let redis: TestRedis | undefined
  beforeAll(async () => {
    redis = await startRedis({ password: 'right-horse-battery' })
  }, 30_000)
  afterAll(() => redis?.stop())

  it('passes with a Redis that answers, and names one that refuses in its own words, never the URL', async () => {
    const run = (url: string) =>
      runPreflight({
        config: loadConfig({ ...ledger, LIFI_FEE_SHARE_PERCENT: '25', REDIS_URL: url }),
        venues: [lifi(undefined)],
        fetch,
      })
    expect((await run(redis!.url)).problems).toEqual([])
    // A wrong password: the service would start, then count every limit per instance for good.
    const wrong = redis!.url.replace('right-horse-battery', 'wrong-horse-battery')
    const report = await run(wrong)
    expect(report.ok).toBe(false)
    expect(report.problems).toEqual([
      expect.stringMatching(/^shared store: REDIS_URL does not answer \(WRONGPASS/),
    ])
    expect(report.problems.join('\n')).not.toContain('horse')
  })
})
