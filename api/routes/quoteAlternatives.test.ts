import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AlternativeSchema, ErrorBodySchema, QuoteSchema } from '../../shared'
import { startTestSandbox, type TestSandbox } from '../../demo/sandbox/simulators/startTestSandbox'
import type { ApiServer } from '../server'
import { startSandboxApi } from '../../demo/sandbox/simulators/startSandboxApi'
import { quotePath } from '../testing/testServer'

/*
 * `include=alternatives` through the real adapters and the venue simulators on anvil: the race behind
 * a quote, so a partner can see why a venue won. Without it the answer stays the contract's.
 */

let sandbox: TestSandbox
let server: ApiServer
let caller = 0

beforeAll(async () => {
  sandbox = await startTestSandbox({ chains: ['ETH'], zeroxApiKey: 'alternatives-0x-key' })
  server = await startSandboxApi({ sandbox, zeroxApiKey: 'alternatives-0x-key', deadlineMs: 800 })
})

afterEach(async () => {
  await fetch(`${sandbox.simulators.faultControlUrl}/faults`, { method: 'DELETE' })
})

afterAll(async () => {
  await server?.close()
  await sandbox?.stop()
})

async function quote(extra: Record<string, string> = {}) {
  caller += 1
  const response = await fetch(
    `${server.url}/api/sdk/v1${quotePath({ sellToken: 'USDC', buyToken: 'WETH', amount: '100', ...extra })}`,
    { headers: { 'X-Forwarded-For': `198.18.3.${caller}` } },
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function parseAlternatives(value: unknown) {
  expect(Array.isArray(value)).toBe(true)
  return (value as unknown[]).map((entry) => AlternativeSchema.parse(entry))
}

describe('include=alternatives', () => {
  it('is absent unless asked for: the answer keeps exactly the contract fields', async () => {
    const { status, body } = await quote()
    expect(status).toBe(200)
    expect(body).not.toHaveProperty('alternatives')
    const parsed = QuoteSchema.parse(body)
    expect(Object.keys(body).sort()).toEqual(Object.keys(parsed).sort())
  })

  it('lists every venue of the race, the served one first, each priced one with the net output it ranked on', async () => {
    const { status, body } = await quote({ include: 'alternatives' })
    expect(status).toBe(200)
    const served = QuoteSchema.parse(body)
    const alternatives = parseAlternatives(body.alternatives)
    expect(alternatives.map((entry) => entry.provider).sort()).toEqual(['0x', 'cow', 'lifi'])
    const [first, ...rest] = alternatives
    expect(first).toMatchObject({ provider: served.provider, status: 'quoted', buyAmount: served.buyAmount })
    for (const entry of rest) {
      expect(entry.status).toBe('outranked')
      expect(Number(entry.netOutput)).toBeLessThanOrEqual(Number(first!.netOutput))
      expect(entry.reason).toMatch(/another venue/)
    }
  })

  it('says why a venue did not price: a decline with its reason, a venue that did not answer in time', async () => {
    for (const fault of [
      { simulator: 'lifi', mode: 'noLiquidity' },
      { simulator: 'zerox', mode: 'hang' },
    ]) {
      await fetch(`${sandbox.simulators.faultControlUrl}/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      })
    }
    const { status, body } = await quote({ include: 'alternatives' })
    expect(status).toBe(200)
    const byProvider = Object.fromEntries(
      parseAlternatives(body.alternatives).map((entry) => [entry.provider, entry]),
    )
    expect(byProvider.cow).toMatchObject({ status: 'quoted' })
    expect(byProvider.lifi).toMatchObject({ status: 'noRoute' })
    expect(byProvider.lifi).not.toHaveProperty('buyAmount')
    expect(byProvider['0x']).toMatchObject({
      status: 'timedOut',
      reason: 'did not answer before the deadline',
    })
  })

  it('refuses an include it does not know, naming the parameter', async () => {
    const { status, body } = await quote({ include: 'everything' })
    expect(status).toBe(400)
    expect(ErrorBodySchema.parse(body).error).toMatch(/\binclude must be alternatives/)
  })
})
