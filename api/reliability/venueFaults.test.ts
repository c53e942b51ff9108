import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../shared'
import { startTestSandbox, type TestSandbox } from '../../demo/sandbox/simulators/startTestSandbox'
import type { FaultMode, SimulatorName } from '../../demo/sandbox/simulators'
import type { ApiServer } from '../server'
import { startSandboxApi } from '../../demo/sandbox/simulators/startSandboxApi'
import { quotePath } from '../testing/testServer'
import { watchUnhandledRejections } from './watchUnhandledRejections'

/*
 * Fault injection against the real chain: the API with its real adapters, the venue simulators on
 * anvil, and each simulator made to hang, fail, answer garbage, drop the connection or go slow, one
 * at a time and all at once. The race deadline is small (800 ms), so every case gets an answer.
 */

const DEADLINE_MS = 800
const simulators: SimulatorName[] = ['zerox', 'lifi', 'cow']
const provider: Record<SimulatorName, string> = { zerox: '0x', lifi: 'lifi', cow: 'cow' }

let sandbox: TestSandbox
let server: ApiServer
let watcher: ReturnType<typeof watchUnhandledRejections>
let caller = 0

beforeAll(async () => {
  watcher = watchUnhandledRejections()
  sandbox = await startTestSandbox({ chains: ['ETH'], zeroxApiKey: 'reliability-0x-key' })
  server = await startSandboxApi({ sandbox, zeroxApiKey: 'reliability-0x-key', deadlineMs: DEADLINE_MS })
})

afterEach(async () => {
  await fetch(`${sandbox.simulators.faultControlUrl}/faults`, { method: 'DELETE' })
})

afterAll(async () => {
  await server?.close()
  await sandbox?.stop()
  watcher?.stop()
  expect(watcher?.seen).toEqual([])
})

type Fault = { simulator: SimulatorName; mode: FaultMode; latencyMs?: number }

async function setFaults(faults: Fault[]): Promise<void> {
  for (const fault of faults) {
    const response = await fetch(`${sandbox.simulators.faultControlUrl}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    })
    expect(response.status).toBe(200)
  }
}

/** A USDC -> WETH quote on Ethereum, which all three venues price; each from a new caller. */
async function quote(): Promise<{ status: number; body: Record<string, unknown> }> {
  caller += 1
  const response = await fetch(
    `${server.url}/api/sdk/v1${quotePath({ sellToken: 'USDC', buyToken: 'WETH', amount: '100' })}`,
    { headers: { 'X-Forwarded-For': `198.18.0.${caller}` } },
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** What the API answers when `simulator` simply declines: the winner among the other two. */
async function winnerWithout(simulator: SimulatorName): Promise<Record<string, unknown>> {
  await setFaults([{ simulator, mode: 'noLiquidity' }])
  const answer = await quote()
  await fetch(`${sandbox.simulators.faultControlUrl}/faults`, { method: 'DELETE' })
  expect(answer.status).toBe(200)
  expect(answer.body.provider).not.toBe(provider[simulator])
  return answer.body
}

const failures: { mode: FaultMode; latencyMs?: number; label: string }[] = [
  { mode: 'hang', label: 'hangs' },
  { mode: 'http500', label: 'answers HTTP 500' },
  { mode: 'malformed', label: 'answers malformed JSON' },
  { mode: 'reset', label: 'resets the connection' },
  { mode: 'latency', latencyMs: 5_000, label: 'is slower than the deadline' },
]

describe('one venue failing', () => {
  for (const simulator of simulators) {
    it(`${simulator}: every failure drops it out exactly as a decline would, and the best other venue wins`, async () => {
      const expected = await winnerWithout(simulator)
      for (const failure of failures) {
        await setFaults([{ simulator, ...failure }])
        const answer = await quote()
        expect({ failure: failure.label, status: answer.status }).toEqual({
          failure: failure.label,
          status: 200,
        })
        expect(answer.body.provider).toBe(expected.provider)
        expect(answer.body.buyAmount).toBe(expected.buyAmount)
      }
    })
  }

  it('a venue that is slow but within the deadline still takes part: the winner is the same as without faults', async () => {
    const baseline = await quote()
    expect(baseline.status).toBe(200)
    const winner = simulators.find((simulator) => provider[simulator] === baseline.body.provider)!
    await setFaults([{ simulator: winner, mode: 'latency', latencyMs: 200 }])
    const slow = await quote()
    expect(slow.status).toBe(200)
    expect(slow.body.provider).toBe(baseline.body.provider)
  })
})

describe('every venue failing at once', () => {
  const cases: {
    label: string
    faults: (simulator: SimulatorName) => Fault
    code: string
    status: number
  }[] = [
    {
      label: 'all hang',
      faults: (simulator) => ({ simulator, mode: 'hang' }),
      code: 'UPSTREAM_ERROR',
      status: 502,
    },
    {
      label: 'all answer HTTP 500',
      faults: (simulator) => ({ simulator, mode: 'http500' }),
      code: 'UPSTREAM_ERROR',
      status: 502,
    },
    {
      label: 'all answer malformed JSON',
      faults: (simulator) => ({ simulator, mode: 'malformed' }),
      code: 'UPSTREAM_ERROR',
      status: 502,
    },
    {
      label: 'all reset the connection',
      faults: (simulator) => ({ simulator, mode: 'reset' }),
      code: 'UPSTREAM_ERROR',
      status: 502,
    },
    {
      label: 'all slower than the deadline',
      faults: (simulator) => ({ simulator, mode: 'latency', latencyMs: 5_000 }),
      code: 'UPSTREAM_ERROR',
      status: 502,
    },
    {
      label: 'all without liquidity',
      faults: (simulator) => ({ simulator, mode: 'noLiquidity' }),
      code: 'NO_ROUTE',
      status: 404,
    },
    {
      // NO_ROUTE tells a caller not to retry; with two venues away, one of them may well route it.
      label: 'one without liquidity, the others failing (an outage may hide a route)',
      faults: (simulator) =>
        simulator === 'lifi' ? { simulator, mode: 'noLiquidity' } : { simulator, mode: 'http500' },
      code: 'UPSTREAM_ERROR',
      status: 502,
    },
  ]
  for (const { label, faults, code, status } of cases) {
    it(`${label}: ${status} ${code} with the error body`, async () => {
      await setFaults(simulators.map(faults))
      const answer = await quote()
      expect(answer.status).toBe(status)
      expect(ErrorBodySchema.parse(answer.body).code).toBe(code)
    })
  }

  it('a native ETH sell with 0x and LI.FI away is a retryable 502: CoW cannot sell native coin, so it is not asked and cannot make it a NO_ROUTE', async () => {
    await setFaults([
      { simulator: 'zerox', mode: 'http500' },
      { simulator: 'lifi', mode: 'reset' },
    ])
    caller += 1
    const response = await fetch(
      `${server.url}/api/sdk/v1${quotePath({ sellToken: 'ETH', buyToken: 'USDC', amount: '0.1' })}`,
      { headers: { 'X-Forwarded-For': `198.18.0.${caller}` } },
    )
    expect(response.status).toBe(502)
    const body = ErrorBodySchema.parse(await response.json())
    expect(body.code).toBe('UPSTREAM_ERROR')
    expect(body.error).toMatch(/try again/)
  })

  it('recovers as soon as the faults clear', async () => {
    await setFaults(simulators.map((simulator) => ({ simulator, mode: 'reset' as const })))
    expect((await quote()).status).toBe(502)
    await fetch(`${sandbox.simulators.faultControlUrl}/faults`, { method: 'DELETE' })
    expect((await quote()).status).toBe(200)
  })
})
