import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../../demo/sandbox/simulators/startTestSandbox'
import { startCrossChain, type CrossChain } from '../../demo/sandbox/thorchain/startCrossChain'
import { loadConfig } from '../config'
import { parseQuoteQuery } from '../quote/quoteQuery'
import { resolveQuoteRequest } from '../quote/resolveQuoteRequest'
import type { VenueQuote } from '../venues/venue'
import { createVenuesFromConfig } from '../venues/createVenuesFromConfig'
import { formatPreflightReport, runPreflight } from './runPreflight'

/*
 * The start-up check against the sandbox's venue simulators, which answer as the live venues do:
 * a good deployment passes, and each way a deployment silently loses or misdirects money fails it.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const ZEROX_KEY = 'preflight-0x-key'
const SWAPKIT_KEY = 'preflight-swapkit-key'

let sandbox: TestSandbox
let crossChain: CrossChain
/** Where the deployment's ledger and partner registry would live (the check reads settings, writes nothing). */
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'preflight-'))
  sandbox = await startTestSandbox({ chains: ['ETH', 'RHD'], zeroxApiKey: ZEROX_KEY })
  crossChain = await startCrossChain({
    world: sandbox.world,
    swapkitApiKeys: { [SWAPKIT_KEY]: { affiliate: 'sq', affiliateBps: 20 } },
  })
})
afterAll(async () => {
  await crossChain?.stop()
  await sandbox?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** The environment of a deployment whose venues are the sandbox's simulators. */
function environment(overrides: Record<string, string> = {}): Record<string, string> {
  const eth = sandbox.world.manifest.chains.ETH!
  return {
    QUOTE_DEADLINE_MS: '5000',
    QUOTE_LOG_PATH: join(dir, 'quotes.jsonl'),
    SERVICE_FEE_RECIPIENT: sandbox.world.manifest.feeRecipients.service,
    ZEROX_BASE_URL: sandbox.simulators.zeroxUrl,
    ZEROX_API_KEY: ZEROX_KEY,
    ZEROX_SERVICE_FEE_BPS: '15',
    LIFI_BASE_URL: sandbox.simulators.lifiUrl,
    LIFI_INTEGRATOR: 'swap-quote',
    COW_BASE_URL: sandbox.simulators.cowUrl,
    SWAPKIT_BASE_URL: crossChain.swapkitUrl,
    SWAPKIT_API_KEY: SWAPKIT_KEY,
    THORCHAIN_AFFILIATE: 'sq',
    THORNODE_URL: crossChain.thornodeUrl,
    RPC_URL_ETH: eth.rpcUrl,
    RPC_URL_RHD: sandbox.world.manifest.chains.RHD!.rpcUrl,
    RHD_ROUTER_ADDRESS: sandbox.world.manifest.chains.RHD!.contracts.uniswapV2Router!,
    ...overrides,
  }
}

async function check(overrides: Record<string, string> = {}) {
  const config = loadConfig(environment(overrides))
  const venues = createVenuesFromConfig({
    config,
    cowContracts: {
      1: {
        settlement: sandbox.world.manifest.chains.ETH!.contracts.gpv2Settlement as `0x${string}`,
        vaultRelayer: sandbox.world.manifest.chains.ETH!.contracts.gpv2VaultRelayer as `0x${string}`,
      },
    },
  })
  return runPreflight({ config, venues, fetch: globalThis.fetch })
}

describe('runPreflight against the venue simulators', () => {
  it('passes a deployment whose every venue answers and whose every fee has its receiver, saying who is paid', async () => {
    const report = await check()
    expect(report.problems).toEqual([])
    expect(report.venues.map((venue) => [venue.id, venue.enabled])).toEqual([
      ['0x', true],
      ['lifi', true],
      ['cow', true],
      ['swapkit', true],
      ['router', true],
    ])
    expect(report.ok).toBe(true)
    const lines = formatPreflightReport(report)
    expect(lines.find((line) => line.startsWith('0x '))).toMatch(
      /service 15 bps; partner 10 bps \(to the service in the swap, settled off-chain\)/,
    )
    expect(lines.find((line) => line.startsWith('cow '))).toMatch(
      /partner 10 bps \(to the service later, settled off-chain\)/,
    )
    expect(lines.at(-1)).toMatch(/^check passed/)
  })

  it('fails when LI.FI refuses the integrator’s fee (an id without a fee wallet), and does not call LI.FI enabled', async () => {
    const report = await check({ LIFI_INTEGRATOR: 'lifi-api' })
    expect(report.venues.find((venue) => venue.id === 'lifi')).toEqual({
      id: 'lifi',
      enabled: false,
      collects: '-',
      problems: ['LI.FI: refused the integrator fee setup'],
    })
    expect(report.ok).toBe(false)
  })

  it('fails when a venue refuses the key', async () => {
    const report = await check({ ZEROX_API_KEY: 'not-the-key' })
    expect(report.venues.find((venue) => venue.id === '0x')).toMatchObject({
      enabled: false,
      problems: ['0x: the API key was refused'],
    })
    expect(report.ok).toBe(false)
  })

  it('names the setting, the origin and the system’s reason when a venue cannot be reached at all', async () => {
    // A loopback port just freed: nothing listens there, so the connection is refused.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const report = await check({ ZEROX_BASE_URL: `http://127.0.0.1:${port}/swap?key=never-printed` })
    expect(report.venues.find((venue) => venue.id === '0x')).toMatchObject({
      enabled: false,
      problems: [
        '0x could not be reached (ECONNREFUSED)',
        `tried http://127.0.0.1:${port} (ZEROX_BASE_URL): check the URL and that this host can reach it`,
      ],
    })
    expect(report.ok).toBe(false)
  })

  it('fails when THORCHAIN_AFFILIATE is not a registered THORName', async () => {
    const report = await check({ THORCHAIN_AFFILIATE: 'nobody' })
    expect(report.problems).toEqual([
      'swapkit: THORName nobody is not registered, so memo affiliate fees to it are lost',
    ])
    expect(report.ok).toBe(false)
  })

  it('fails when a venue would stamp a service fee with no wallet to receive it', async () => {
    const report = await check({ SERVICE_FEE_RECIPIENT: '' })
    expect(report.problems).toEqual([
      '0x: ZEROX_SERVICE_FEE_BPS is 15 but SERVICE_FEE_RECIPIENT is unset, so no service fee is stamped',
      'cow: COW_SERVICE_FEE_BPS is 30 but SERVICE_FEE_RECIPIENT is unset, so no service fee policy is added',
    ])
    expect(report.ok).toBe(false)
  })

  it('fails when venues pay partner fees to the service and no ledger is kept to owe them from', async () => {
    const report = await check({ QUOTE_LOG_PATH: '' })
    expect(report.problems).toEqual([
      'partner fees: 0x, lifi, cow pay partner fees to the service, which owes them on from its ledger, but no ledger is kept: set QUOTE_LOG_PATH (a file) or DATABASE_URL',
    ])
    expect(report.ok).toBe(false)
  })

  it("fails when a service wallet is a registered partner's payout address", async () => {
    const registry = join(dir, 'partners.json')
    const { partner, registeredPartner } = sandbox.world.manifest.feeRecipients
    writeFileSync(registry, JSON.stringify({ partners: [{ id: 'acme', payoutAddress: registeredPartner }] }))
    // The sandbox's own wallets: the registered partner is paid apart from PARTNER_FEE_RECIPIENT.
    expect((await check({ PARTNER_REGISTRY_PATH: registry, PARTNER_FEE_RECIPIENT: partner })).ok).toBe(true)
    const report = await check({ PARTNER_REGISTRY_PATH: registry, PARTNER_FEE_RECIPIENT: registeredPartner })
    expect(report.problems).toEqual([
      "PARTNER_FEE_RECIPIENT is partner acme's registered payout address, so fees meant for the service, or owed to other partners, would be paid to acme: set it to a wallet of the service's",
    ])
    expect(report.ok).toBe(false)
  })
})

describe('routing-provider partner fees through affiliateFee (SWAPKIT_PARTNER_FEES)', () => {
  it('asks SwapKit for the service’s and the partner’s bps together and reports the partner’s share as owed off-chain', async () => {
    const config = loadConfig(environment({ SWAPKIT_AFFILIATE_FEE_BPS: '20', SWAPKIT_PARTNER_FEES: 'true' }))
    const swapkit = createVenuesFromConfig({ config }).find((venue) => venue.id === 'swapkit')!
    const request = await resolveQuoteRequest({
      query: parseQuoteQuery({
        sellChain: 'ETH',
        sellToken: 'ETH',
        buyChain: 'BTC',
        buyToken: 'BTC',
        amount: '0.2',
        address: sandbox.world.accounts[0]!.address,
        recipient: crossChain.ledgerAccounts.BTC.accounts[0]!,
        partner: 'memo-partner',
        partnerFeeBps: '25',
      }),
    })
    const quote = (await swapkit.quote(request, {
      fetch: globalThis.fetch,
      signal: AbortSignal.timeout(10_000),
    })) as VenueQuote
    // SwapKit's own 15 bps stay; the key's affiliate carries affiliateFee = 20 + 25.
    expect(quote.memo).toMatch(/:sk\/sq:15\/45$/)
    expect(quote.serviceFeeBps).toBe(20)
    expect(quote.partnerFee).toMatchObject({
      collectedBps: 25,
      note: expect.stringMatching(/settles the partner's share off-chain/),
    })
    expect(quote.fees?.find((leg) => leg.party === 'partner')).toMatchObject({
      paidTo: 'service',
      payout: 'inSwap',
      recipient: 'sq',
    })
  })
})

describe('npm run serve -- --check', () => {
  async function serveCheck(overrides: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts', '--check'], {
      cwd: repoRoot,
      env: { ...process.env, REDIS_URL: '', ...environment(overrides) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    return { code, stdout }
  }

  it('prints the table and exits 0 when every venue answers, non-zero when one would lose money', async () => {
    const good = await serveCheck({})
    expect(good.stdout).toMatch(/^venue\s+status/m)
    expect(good.stdout).toMatch(/^lifi\s+enabled/m)
    expect(good.code).toBe(0)
    const bad = await serveCheck({ LIFI_INTEGRATOR: 'lifi-api' })
    expect(bad.stdout).toMatch(/^lifi\s+FAILING\s+-\s+LI\.FI: refused the integrator fee setup/m)
    expect(bad.stdout).toMatch(/check FAILED/)
    expect(bad.code).toBe(1)
  })
})
