import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../server/startSandbox'
import type { WorldManifest } from '../sandbox/worldManifest'
import { QuoteSchema } from '../../shared'
import { setSimulatorFaults } from '../e2e/setSimulatorFaults'
import { collectWinnerMatrix } from './runWinnerMatrix'
import { MATRIX_CASES, type MatrixRow } from './winnerMatrix'

/*
 * The sandbox market behaves like the real one: checked as properties of the race on every case of the
 * published winner matrix, not against a frozen table, so a venue that stops winning its cases fails.
 */

let sandbox: Sandbox
let sandboxDir: string
let rows: MatrixRow[]
let failures: { label: string; size: string; status: number }[]

beforeAll(async () => {
  sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-matrix-'))
  sandbox = await startSandbox({ port: 0, sandboxDir })
  ;({ rows, failures } = await collectWinnerMatrix({
    baseUrl: sandbox.url,
    manifest: sandbox.world.manifest as WorldManifest,
  }))
}, 120_000)
afterAll(async () => {
  await sandbox?.stop()
  rmSync(sandboxDir, { recursive: true, force: true })
})

const ROUTING_PROVIDER = new Set(['swapkit', 'thorchain'])
const contested = () => rows.filter((row) => row.priced.length >= 2)

describe('the sandbox market', () => {
  it('prices every case of the matrix (at least 24)', () => {
    expect(MATRIX_CASES.length).toBeGreaterThanOrEqual(24)
    expect(failures).toEqual([])
    expect(rows).toHaveLength(MATRIX_CASES.length)
  })

  it("is published as the race ranks it today: the committed matrix names each case's winner and its order", () => {
    // `npm run market` rewrites the file; a change to the race or the market that moves a winner must
    // rewrite it too, or partners read a ranking the service no longer makes.
    const published = JSON.parse(readFileSync(new URL('./winner-matrix.json', import.meta.url), 'utf8')) as {
      rows: MatrixRow[]
    }
    const order = (row: MatrixRow) =>
      `${row.label} (${row.size}): ${row.priced.map((p) => p.provider).join(' > ')}`
    expect(published.rows.map(order)).toEqual(rows.map(order))
  })

  it('has at least 16 contested cases, and 0x, LI.FI, CoW and the routing provider each win one of them', () => {
    expect(contested().length).toBeGreaterThanOrEqual(16)
    const winners = new Set(
      contested().map((row) => (ROUTING_PROVIDER.has(row.winner) ? 'routing provider' : row.winner)),
    )
    for (const venue of ['0x', 'lifi', 'cow', 'routing provider']) expect(winners).toContain(venue)
  })

  it('changes the winner of at least one pair with the trade size', () => {
    const byPair = new Map<string, Set<string>>()
    for (const row of rows) byPair.set(row.label, (byPair.get(row.label) ?? new Set()).add(row.winner))
    expect([...byPair.values()].some((winners) => winners.size > 1)).toBe(true)
  })

  it('never lets the routing provider win a same-chain major pair on Ethereum at ordinary sizes', () => {
    const ordinaryEthereum = rows.filter(
      (row) => row.sellChain === 'ETH' && row.buyChain === 'ETH' && row.size !== 'large',
    )
    expect(ordinaryEthereum.length).toBeGreaterThanOrEqual(5)
    expect(ordinaryEthereum.filter((row) => ROUTING_PROVIDER.has(row.winner))).toEqual([])
  })

  it('serves UTXO and Cosmos chains through THORChain, and EVM bridges through LI.FI where it is cheaper', () => {
    const l1 = rows.filter((row) =>
      ['BTC', 'LTC', 'DOGE', 'GAIA'].some((chain) => row.sellChain === chain || row.buyChain === chain),
    )
    expect(l1.length).toBeGreaterThanOrEqual(6)
    expect(l1.every((row) => row.winner === 'thorchain')).toBe(true)
    const bridges = rows.filter((row) => row.sellChain !== row.buyChain && !l1.includes(row))
    expect(bridges.length).toBeGreaterThanOrEqual(3)
    expect(bridges.every((row) => row.winner === 'lifi')).toBe(true)
  })

  it('ranks by net output: every winner leaves the recipient the most', () => {
    for (const row of rows) expect(row.priced[0]?.provider).toBe(row.winner)
  })

  it('does not build the routing provider’s route when an answer already in the race leaves more', async () => {
    const manifest = sandbox.world.manifest as WorldManifest
    // SwapKit's answers come 1.2 s late (within the 3 s deadline), so the others' answers are in the
    // race before its estimate, also on a busy machine.
    await setSimulatorFaults({
      manifest,
      faults: [{ simulator: 'swapkit', mode: 'latency', latencyMs: 1_200 }],
    })
    try {
      const query = new URLSearchParams({
        sellChain: 'ETH',
        sellToken: 'ETH',
        buyChain: 'ETH',
        buyToken: 'USDC',
        amount: '0.05',
        address: manifest.accounts[0]!.address,
        include: 'alternatives',
      })
      const response = await fetch(`${sandbox.url}/api/sdk/v1/quote?${query}`)
      expect(response.status).toBe(200)
      const quote = QuoteSchema.parse(await response.json())
      const routing = quote.alternatives?.find((alternative) => alternative.provider === 'swapkit')
      expect(routing).toMatchObject({ status: 'outranked', reason: expect.stringMatching(/not built/) })
      expect(Number(routing!.netOutput)).toBeGreaterThan(0)
      expect(Number(routing!.netOutput)).toBeLessThan(Number(quote.alternatives![0]!.netOutput))
      expect(ROUTING_PROVIDER.has(quote.provider)).toBe(false)
    } finally {
      await setSimulatorFaults({ manifest, faults: [] })
    }
  })
})
