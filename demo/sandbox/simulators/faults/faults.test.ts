import type { Address } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { NATIVE_PLACEHOLDER } from '../pricing/nativeToken'
import { startTestSandbox, type TestSandbox } from '../startTestSandbox'
import type { SimulatorName } from './fault'

let sandbox: TestSandbox

beforeAll(async () => {
  sandbox = await startTestSandbox({
    chains: ['ETH'],
    faults: [{ simulator: 'lifi', mode: 'http500', times: 1 }],
  })
})
afterAll(async () => {
  await sandbox?.stop()
})
afterEach(async () => {
  await fetch(`${sandbox.simulators.faultControlUrl}/faults`, { method: 'DELETE' })
})

/** One ordinary quote request per simulator, as an adapter would send it. */
function quoteRequest(simulator: SimulatorName, signal?: AbortSignal): Promise<Response> {
  const eth = sandbox.world.manifest.chains.ETH!
  const user = sandbox.world.accounts[0]!.address
  const usdc = eth.contracts.tokens.USDC as Address
  const dai = eth.contracts.tokens.DAI as Address
  const init = signal ? { signal } : {}
  if (simulator === 'zerox') {
    const query = new URLSearchParams({
      chainId: '1',
      sellToken: NATIVE_PLACEHOLDER,
      buyToken: usdc,
      sellAmount: '1000000000000000',
    })
    return fetch(`${sandbox.simulators.zeroxUrl}/swap/allowance-holder/price?${query}`, {
      ...init,
      headers: { '0x-api-key': 'k', '0x-version': 'v2' },
    })
  }
  if (simulator === 'lifi') {
    const query = new URLSearchParams({
      fromChain: '1',
      toChain: '1',
      fromToken: usdc,
      toToken: dai,
      fromAmount: '1000000',
      fromAddress: user,
    })
    return fetch(`${sandbox.simulators.lifiUrl}/quote?${query}`, init)
  }
  return fetch(`${sandbox.simulators.cowUrl}/mainnet/api/v1/quote`, {
    ...init,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      sellToken: usdc,
      buyToken: dai,
      from: user,
      kind: 'sell',
      sellAmountBeforeFee: '100000000',
    }),
  })
}

async function setFault(fault: Record<string, unknown>) {
  const response = await fetch(`${sandbox.simulators.faultControlUrl}/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  })
  return { status: response.status, body: (await response.json()) as any }
}

const simulators: SimulatorName[] = ['zerox', 'lifi', 'cow']

describe('fault injection', () => {
  it('applies faults given at start, for the number of requests asked', async () => {
    const first = await quoteRequest('lifi')
    expect(first.status).toBe(500)
    expect(await first.json()).toEqual({ message: 'Internal server error', code: 1006 })
    expect((await quoteRequest('lifi')).status).toBe(200)
  })

  it.each(simulators)('%s answers normally without a fault', async (simulator) => {
    expect((await quoteRequest(simulator)).status).toBe(200)
  })

  it('http500 answers each venue’s own 500 body', async () => {
    const bodies: Record<SimulatorName, unknown> = {
      zerox: {
        name: 'INTERNAL_SERVER_ERROR',
        message: 'Internal Server Error',
        data: { zid: expect.any(String) },
      },
      lifi: { message: 'Internal server error', code: 1006 },
      cow: { errorType: 'InternalServerError', description: '' },
    }
    for (const simulator of simulators) {
      await setFault({ simulator, mode: 'http500' })
      const response = await quoteRequest(simulator)
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual(bodies[simulator])
    }
  })

  it('noLiquidity answers each venue’s own no-route shape', async () => {
    for (const simulator of simulators) await setFault({ simulator, mode: 'noLiquidity' })
    const zerox = await quoteRequest('zerox')
    expect(zerox.status).toBe(200)
    expect(await zerox.json()).toEqual({ liquidityAvailable: false, zid: expect.any(String) })
    const lifi = await quoteRequest('lifi')
    expect(lifi.status).toBe(404)
    expect(await lifi.json()).toMatchObject({ code: 1002 })
    const cow = await quoteRequest('cow')
    expect(cow.status).toBe(404)
    expect(await cow.json()).toMatchObject({ errorType: 'NoLiquidity' })
  })

  it.each(simulators)('malformed makes %s answer 200 with a body that is not JSON', async (simulator) => {
    await setFault({ simulator, mode: 'malformed' })
    const response = await quoteRequest(simulator)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
  })

  it.each(simulators)('reset makes the %s connection fail without an HTTP response', async (simulator) => {
    await setFault({ simulator, mode: 'reset' })
    await expect(quoteRequest(simulator)).rejects.toThrow(TypeError)
  })

  it.each(simulators)('hang leaves %s without an answer until the client gives up', async (simulator) => {
    await setFault({ simulator, mode: 'hang' })
    await expect(quoteRequest(simulator, AbortSignal.timeout(300))).rejects.toMatchObject({
      name: 'TimeoutError',
    })
  })

  it('latency delays the answer past a client deadline shorter than it', async () => {
    await setFault({ simulator: 'zerox', mode: 'latency', latencyMs: 60_000 })
    await expect(quoteRequest('zerox', AbortSignal.timeout(300))).rejects.toMatchObject({
      name: 'TimeoutError',
    })
    await setFault({ simulator: 'zerox', mode: 'latency', latencyMs: 1 })
    expect((await quoteRequest('zerox')).status).toBe(200)
  })

  it('the control API lists, clears one simulator and rejects bad faults', async () => {
    await setFault({ simulator: 'cow', mode: 'http500' })
    await setFault({ simulator: 'zerox', mode: 'hang', times: 2 })
    const listed = await (await fetch(`${sandbox.simulators.faultControlUrl}/faults`)).json()
    expect(listed.faults).toEqual([
      { simulator: 'cow', mode: 'http500' },
      { simulator: 'zerox', mode: 'hang', times: 2 },
    ])
    await fetch(`${sandbox.simulators.faultControlUrl}/faults?simulator=cow`, { method: 'DELETE' })
    expect((await quoteRequest('cow')).status).toBe(200)
    expect(await setFault({ simulator: 'thorchain', mode: 'http500' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', error: expect.stringContaining('simulator') },
    })
    expect(await setFault({ simulator: 'zerox', mode: 'latency' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', error: expect.stringContaining('latencyMs') },
    })
  })
})
