import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../demo/server/startSandbox'
import { createSwapClient, type SwapClient } from '../../shared/client'

/*
 * A THORChain route's price impact and dollar values, through the whole sandbox: SwapKit states the
 * USD price of both assets on every route (`meta.assets`), and the quote values them. Without it a
 * large BTC sell lost several percent to the pools with nothing said.
 */

let sandbox: Sandbox
let sandboxDir: string
let client: SwapClient

beforeAll(async () => {
  sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-thor-impact-'))
  sandbox = await startSandbox({ port: 0, sandboxDir })
  client = createSwapClient({ baseUrl: sandbox.url })
})

afterAll(async () => {
  await sandbox?.stop()
  rmSync(sandboxDir, { recursive: true, force: true })
})

describe('BTC to ETH through THORChain', () => {
  const quote = (amount: string) =>
    client.quote({
      sellChain: 'BTC',
      sellToken: 'BTC',
      buyChain: 'ETH',
      buyToken: 'ETH',
      amount,
      address: sandbox.crossChain.ledgerAccounts.BTC.accounts[0]!,
      recipient: sandbox.world.accounts[0]!.address,
    })

  it('states the price impact and both dollar values, and a large sell shows the pools’ slip', async () => {
    const small = await quote('0.1')
    const large = await quote('500')
    for (const answer of [small, large]) {
      expect(answer.provider).toBe('thorchain')
      expect(answer.priceImpactBps).toEqual(expect.any(Number))
      expect(answer.sellValueUsd).toMatch(/^\d+(\.\d{2})?$/)
      expect(answer.buyValueUsd).toMatch(/^\d+(\.\d{2})?$/)
    }
    // 500 BTC against a $20M-a-side pool, twice (BTC to RUNE to ETH): several percent, warned about.
    expect(large.priceImpactBps!).toBeGreaterThan(300)
    expect(large.priceImpactBps!).toBeGreaterThan(small.priceImpactBps! + 200)
  })
})
