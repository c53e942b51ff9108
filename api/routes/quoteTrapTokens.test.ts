import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema, QuoteSchema } from '../../shared'
import { startTestSandbox, type TestSandbox } from '../../demo/sandbox/simulators/startTestSandbox'
import type { ApiServer } from '../server'
import { startSandboxApi } from '../../demo/sandbox/simulators/startSandboxApi'
import { quotePath } from '../testing/testServer'

/*
 * The sandbox's trap tokens on ETH, through the real path (API adapters over HTTP to the simulators on
 * anvil): a lookalike "USDC" at another address, and "TAX", which burns 5% of every transfer.
 */

let sandbox: TestSandbox
let server: ApiServer
let lookalike: string
let taxed: string
let caller = 0

// A generous deadline: every venue answers even on a busy machine, so the race always holds a priced answer.
beforeAll(async () => {
  sandbox = await startTestSandbox({ chains: ['ETH'], zeroxApiKey: 'traps-0x-key' })
  server = await startSandboxApi({ sandbox, zeroxApiKey: 'traps-0x-key', deadlineMs: 5000 })
  const contracts = sandbox.world.manifest.chains.ETH!.contracts
  lookalike = contracts.lookalikeUsdc!
  taxed = contracts.feeOnTransferToken!
})

afterAll(async () => {
  await server?.close()
  await sandbox?.stop()
})

async function quote(params: Record<string, string>) {
  caller += 1
  const response = await fetch(`${server.url}/api/sdk/v1${quotePath(params)}`, {
    headers: { 'X-Forwarded-For': `198.18.9.${caller}` },
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

describe('tokens a user should be warned about', () => {
  it('marks a pasted lookalike "USDC" unverified, passing for USDC, and values it at its own pool, not at $1', async () => {
    const { status, body } = await quote({ sellToken: 'ETH', buyToken: lookalike, amount: '0.1' })
    expect(status).toBe(200)
    const answer = QuoteSchema.parse(body)
    expect(answer.buyToken).toEqual({
      caip: `eip155:1/erc20:${lookalike.toLowerCase()}`,
      symbol: 'USDC',
      verified: false,
      imitates: 'USDC',
    })
    expect(answer.sellToken).not.toHaveProperty('verified')
    // Tens of thousands of "USDC" that are worth a few hundred dollars in all.
    expect(Number(answer.buyAmount)).toBeGreaterThan(10_000)
    expect(Number(answer.buyValueUsd)).toBeLessThan(Number(answer.sellValueUsd))
    expect(Number(answer.buyValueUsd)).toBeLessThan(Number(answer.buyAmount) / 100)
  })

  it('leaves the curated USDC unmarked', async () => {
    const { status, body } = await quote({ sellToken: 'ETH', buyToken: 'USDC', amount: '0.1' })
    expect(status).toBe(200)
    const answer = QuoteSchema.parse(body)
    expect(answer.buyToken).not.toHaveProperty('verified')
  })

  it('refuses to sell a fee-on-transfer token, naming its 5% tax, instead of quoting as if nothing were taken', async () => {
    const { status, body } = await quote({ sellToken: taxed, buyToken: 'ETH', amount: '100' })
    expect(status).toBe(400)
    const error = ErrorBodySchema.parse(body)
    expect(error.code).toBe('UNSUPPORTED_PAIR')
    expect(error.error).toMatch(/TAX takes 5% on every transfer/)
    expect(body).toMatchObject({ sellTaxBps: 500 })
  })

  it('refuses to buy it too: less would arrive than the quote says', async () => {
    const { status, body } = await quote({ sellToken: 'ETH', buyToken: taxed, amount: '0.1' })
    expect(status).toBe(400)
    expect(body).toMatchObject({ code: 'UNSUPPORTED_PAIR', buyTaxBps: 500 })
  })
})
