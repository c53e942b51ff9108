import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchChromium, type LaunchedChromium } from './e2e/launchChromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseUnits } from 'viem'
import { createSwapClient } from '../shared/client'
import { ChainsResponseSchema, QuoteSchema, type Quote } from '../shared/schemas'
import { privateKeyToAccount } from 'viem/accounts'
import { createSwapWallet, executeQuote } from '../shared/wallet'
import { WorldManifestSchema, type WorldManifest } from './sandbox/worldManifest'
import { createSandboxWallet } from './sandboxWallet/createSandboxWallet'
import { killOnExit } from './sandbox/killOnExit'
import type { BalancesResponse } from './page/renderBalances'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const screenshots = join(repoRoot, 'test-results')
const READY_TIMEOUT_MS = 120_000
const EARLIER_WORLD_LINE = { time: '2026-01-01T00:00:00.000Z', quoteId: 'q_from_an_earlier_world' }

let child: ChildProcess
let guard: { release: () => void } | undefined
let url: string
let output = ''
let sandboxDir: string
let manifest: WorldManifest

/** Resolves with the URL of the `ready <url>` line; rejects if the process exits first. */
function waitForReady(process: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line within ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    )
    process.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /^ready (http\S+)$/m.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    process.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    process.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`npm start exited with ${code} before ready:\n${output}`))
    })
  })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitForExit(process: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (process.exitCode !== null || process.signalCode !== null) return process.exitCode
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs)
    process.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
}

/** The anvil of each chain in the manifest, by the pid `npm start` prints beside the chain's RPC URL. */
function anvilPidsFromManifest(): number[] {
  return Object.values(manifest.chains).map((chain) => {
    const line = output.split('\n').find((candidate) => candidate.includes(chain.rpcUrl))
    const pid = /\(anvil pid (\d+)\)/.exec(line ?? '')?.[1]
    if (!pid) throw new Error(`no anvil pid printed for ${chain.symbol}`)
    return Number(pid)
  })
}

beforeAll(async () => {
  sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-start-'))
  // A quote log from an earlier start, whose world (chains, quote records) is gone.
  writeFileSync(join(sandboxDir, 'quotes.jsonl'), `${JSON.stringify(EARLIER_WORLD_LINE)}\n`)
  // `npm start` itself, as a newcomer or a process manager runs it; in its own process group, so that
  // a last-resort cleanup can take the whole tree by the group's id.
  child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX_DIR: sandboxDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  // Dies with this test process even when that is killed without cleaning up: the whole group, since
  // npm runs start.ts as a child of its own.
  if (child.pid !== undefined) guard = killOnExit(child.pid, { processGroup: true })
  url = await waitForReady(child)
  manifest = WorldManifestSchema.parse(await (await fetch(`${url}/sandbox/world.json`)).json())
}, READY_TIMEOUT_MS + 10_000)

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM')
    await waitForExit(child, 15_000)
  }
  // Whatever of the group is left: also the sandbox and its chains when npm exited without them.
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // none left
    }
  }
  guard?.release()
  rmSync(sandboxDir, { recursive: true, force: true })
})

async function quoteFor(params: Record<string, string>): Promise<Response> {
  const query = new URLSearchParams({
    sellChain: 'ETH',
    sellToken: 'ETH',
    buyChain: 'ETH',
    buyToken: 'USDC',
    amount: '0.1',
    address: manifest.accounts[0]!.address,
    ...params,
  })
  return fetch(`${url}/api/sdk/v1/quote?${query}`)
}

async function balanceOf(symbol: string, chain: string): Promise<bigint> {
  const response = await fetch(`${url}/sandbox/balances?address=${manifest.accounts[0]!.address}`)
  const { chains } = (await response.json()) as BalancesResponse
  const amount = chains
    .find((entry) => entry.symbol === chain)
    ?.balances.find((b) => b.symbol === symbol)?.amount
  if (amount === undefined) throw new Error(`no ${symbol} balance on ${chain}`)
  return parseUnits(amount, symbol === 'USDC' ? 6 : 18)
}

describe('npm start', () => {
  it('begins a new quote log for its new world and keeps the last one aside', async () => {
    const { entries } = (await (await fetch(`${url}/sandbox/quote-log?limit=20`)).json()) as {
      entries: { quoteId?: string }[]
    }
    expect(entries.map((entry) => entry.quoteId)).not.toContain(EARLIER_WORLD_LINE.quoteId)
    expect(readFileSync(join(sandboxDir, 'quotes.previous.jsonl'), 'utf8')).toContain(
      EARLIER_WORLD_LINE.quoteId,
    )
  })

  it('prints the sandbox chains, the simulators and the venues before ready', () => {
    expect(output).toMatch(/ETH\s+chain id 1\s+http:\/\/127\.0\.0\.1:\d+/)
    expect(output).toMatch(/RHD\s+chain id 4663/)
    expect(output).toMatch(/0x\s+http:\/\/127\.0\.0\.1:\d+/)
    // Every simulator the world runs is listed, the cross-chain ones too.
    for (const name of ['SwapKit', 'THORNode', 'Midgard', 'ledger'])
      expect(output).toMatch(new RegExp(`\\n  ${name}\\s+http://127\\.0\\.0\\.1:\\d+`))
    expect(output).toMatch(/venues: 0x, lifi, cow, swapkit, router/)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('serves the demo page at / and the partner page at /partners', async () => {
    const page = await fetch(`${url}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    expect(html).toContain('Sandbox wallet')
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\/[^"]+\.js"/)
    const partners = await (await fetch(`${url}/partners`)).text()
    expect(partners).toContain('npm run partner-report')
    expect(partners).toContain('PAYMENT-SIGNATURE')
    // Its report commands are rewritten to this sandbox's quote log (SANDBOX_DIR is a directory of its own here).
    const start = /<script type="application\/json" id="sandbox-start">([^<]*)<\/script>/.exec(partners)
    expect(JSON.parse(start![1]!)).toMatchObject({ quoteLog: join(sandboxDir, 'quotes.jsonl') })
    expect(partners).toContain('<span data-quote-log>')
  })

  it('serves the world manifest with every chain and the simulators', () => {
    expect(Object.keys(manifest.chains).sort()).toEqual(['ARB', 'AVAX', 'BASE', 'BSC', 'ETH', 'RHD'])
    expect(manifest.simulators.zerox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(existsSync(join(sandboxDir, 'world.json'))).toBe(true)
  })

  it('serves the API at /api/sdk/v1 on the same port', async () => {
    const response = await fetch(`${url}/api/sdk/v1/chains`)
    expect(response.status).toBe(200)
    expect(ChainsResponseSchema.parse(await response.json()).chains).toHaveLength(13)
  })

  it('reports the demo account’s balances on every sandbox chain', async () => {
    const response = await fetch(`${url}/sandbox/balances?address=${manifest.accounts[0]!.address}`)
    expect(response.status).toBe(200)
    const { chains } = (await response.json()) as BalancesResponse
    expect(chains.map((chain) => chain.symbol).sort()).toEqual(['ARB', 'AVAX', 'BASE', 'BSC', 'ETH', 'RHD'])
    const eth = chains.find((chain) => chain.symbol === 'ETH')!
    expect(eth.balances.map((balance) => balance.symbol)).toEqual(expect.arrayContaining(['ETH', 'USDC']))
    for (const balance of eth.balances) expect(balance.amount).toMatch(/^\d+(\.\d+)?$/)
  })

  it('quotes ETH to USDC on Ethereum from the simulated venues, and logs the quote', async () => {
    const response = await quoteFor({ partner: 'start-test', partnerFeeBps: '20' })
    expect(response.status).toBe(200)
    const quote = QuoteSchema.parse(await response.json())
    expect(['0x', 'lifi', 'cow', 'swapkit', 'thorchain']).toContain(quote.provider)
    expect(quote.partner).toBe('start-test')
    // The log is written behind the answer (the API never waits for the disk).
    const loggedProvider = async () => {
      const log = (await (await fetch(`${url}/sandbox/quote-log?limit=5`)).json()) as {
        entries: { partner?: string; provider: string }[]
      }
      return log.entries.find((entry) => entry.partner === 'start-test')?.provider
    }
    await expect.poll(loggedProvider, { timeout: 5_000 }).toBe(quote.provider)
  })

  it('sells access grants: an x402 challenge, and a grant for the demo account’s holder pass', async () => {
    const challenge = await fetch(`${url}/api/sdk/v1/access`)
    expect(challenge.status).toBe(402)
    expect(challenge.headers.get('payment-required')).toBeTruthy()

    const client = createSwapClient({ baseUrl: url })
    const account = privateKeyToAccount(manifest.accounts[0]!.privateKey as `0x${string}`)
    const step1 = await client.holderPassChallenge(account.address)
    const signature = await account.signMessage({ message: step1.message })
    const grant = await client.holderPassGrant({ address: account.address, issued: step1.issued, signature })
    expect(grant.limit.requestsPerMinute).toBe(600)
    const response = await fetch(
      `${url}/api/sdk/v1/quote?${new URLSearchParams({ sellChain: 'ETH', sellToken: 'ETH', buyChain: 'ETH', buyToken: 'USDC', amount: '0.01', address: account.address })}`,
      { headers: { [grant.header]: grant.token } },
    )
    expect(response.status).toBe(200)
  })

  it('executes a quote with the sandbox wallet through /sandbox/rpc, and the balance shows it', async () => {
    const quote: Quote = QuoteSchema.parse(await (await quoteFor({})).json())
    const usdcBefore = await balanceOf('USDC', 'ETH')
    const wallet = createSandboxWallet({
      privateKey: manifest.accounts[0]!.privateKey as `0x${string}`,
      chains: Object.values(manifest.chains).map((chain) => ({
        chainId: chain.chainId,
        name: chain.symbol,
        nativeSymbol: 'ETH',
        rpcUrl: `${url}/sandbox/rpc/${chain.chainId}`,
      })),
    })
    const outcome = await executeQuote({
      quote,
      wallet: createSwapWallet({ provider: wallet, address: wallet.address }),
      address: wallet.address,
      pollIntervalMs: 200,
    })
    expect(outcome.status === 'confirmed' || outcome.status === 'filled').toBe(true)
    const minBuy = parseUnits(quote.minBuyAmount ?? quote.buyAmount, 6)
    expect((await balanceOf('USDC', 'ETH')) - usdcBefore).toBeGreaterThanOrEqual(minBuy)
  }, 60_000)

  it('shows a live quote, balances, events and the quote log on the page (screenshots in test-results/)', async () => {
    mkdirSync(screenshots, { recursive: true })
    let browser: LaunchedChromium | undefined
    try {
      browser = await launchChromium()
      const { page } = browser
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text())
      })
      // A failed load says which: the console's own line names no address.
      page.on('response', (response) => {
        if (response.status() >= 400)
          problems.push(`${response.status()} ${response.request().method()} ${response.url()}`)
      })

      await page.goto(`${url}/`)
      await page.locator('swap-quote [data-testid="expiry"]').waitFor({ timeout: 20_000 })
      await expect.poll(() => page.locator('.chain-balances').count(), { timeout: 10_000 }).toBe(6)
      await expect
        .poll(() => page.locator('#quote-log tbody tr').count(), { timeout: 10_000 })
        .toBeGreaterThan(0)
      expect(await page.locator('#events .tag', { hasText: 'quote' }).count()).toBeGreaterThan(0)
      expect(await page.locator('#snippet').textContent()).toContain('partner="demo-partner"')
      expect(await page.locator('#wallet-address').textContent()).toBe(manifest.accounts[0]!.address)
      await page.screenshot({ path: join(screenshots, 'demo-page-light.png'), fullPage: true })

      // The BTC preset fills in the address the deposit is sent from: the demo account's on the ledger.
      const ledgerBtc = ((await (await fetch(`${url}/sandbox/ledger/BTC`)).json()) as { address: string })
        .address
      await page.getByRole('button', { name: 'BTC → ETH (THORChain)' }).click()
      await expect
        .poll(() => page.locator('swap-quote').evaluate((element: any) => element.refundAddress))
        .toBe(ledgerBtc)
      await page.locator('swap-quote [data-testid="buy-amount"]').waitFor({ timeout: 15_000 })

      // Each preset is won by another venue, and each carries the demo partner's fee, no fault injected.
      for (const [preset, venue] of [
        ['USDC → ETH (CoW)', 'CoW Protocol'],
        ['ETH → Base (LI.FI)', 'LI.FI'],
        // Last: the page's own starting pair, which the swap below then executes.
        ['ETH → USDC (0x)', '0x'],
      ] as const) {
        await page.getByRole('button', { name: preset }).click()
        // The whole panel is polled, so a failure shows how the race went.
        await expect
          .poll(() => page.locator('#alternatives').textContent(), { timeout: 15_000 })
          .toMatch(
            new RegExp(`^\\s*Partner fee on the ${venue.replace('.', '\\.')} route:\\s+\\d+ bps collected`),
          )
        expect(
          Number(await page.locator('#alternatives [data-partner-fee]').getAttribute('data-partner-fee')),
        ).toBeGreaterThan(0)
      }

      // A pair changed inside the element, then the preset of the page's attributes: the preset wins.
      await page.locator('swap-quote button[part="flip-button"]').click()
      await expect
        .poll(() => page.locator('swap-quote').evaluate((element: any) => element.sellToken))
        .toBe('USDC')
      await page.getByRole('button', { name: 'ETH → USDC (0x)' }).click()
      await expect
        .poll(() => page.locator('swap-quote').evaluate((element: any) => element.sellToken))
        .toBe('ETH')
      await expect
        .poll(() => page.locator('#alternatives').textContent(), { timeout: 15_000 })
        .toMatch(/^\s*Partner fee on the 0x route:/)

      // Swap with the sandbox wallet the page hands to the widget: the balances refresh on `done`.
      await page.locator('swap-quote button[part="action-button"]', { hasText: 'Swap' }).click()
      await page
        .locator('#events .tag', { hasText: 'done' })
        .waitFor({ timeout: 30_000 })
        .catch(async (error: Error) => {
          // What the user would see instead: the widget's own words and the events so far, newest first.
          const seen = await page.locator('swap-quote').evaluate((element) => ({
            button: element.shadowRoot?.querySelector('[part="action-button"]')?.textContent?.trim(),
            message: element.shadowRoot
              ?.querySelector('[data-testid="execution-message"]')
              ?.textContent?.trim(),
          }))
          const events = await page.locator('#events li').allTextContents()
          throw new Error(
            `${error.message}\nwidget: ${JSON.stringify(seen)}\nevents: ${JSON.stringify(events.slice(0, 8))}`,
          )
        })
      // Delivered per /status: the quote log's row for it says so (the ledger's execution line).
      await expect
        .poll(() => page.locator('#quote-log td[data-executed="yes"]').count(), { timeout: 10_000 })
        .toBeGreaterThan(0)
      await expect
        .poll(() => page.locator('.chain-balances tr.changed').count(), { timeout: 10_000 })
        .toBeGreaterThan(0)
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: join(screenshots, 'demo-page-after-swap.png'), fullPage: true })

      // The other mode: no provider handed in, the widget finds the sandbox wallet by EIP-6963.
      await page.getByRole('radio', { name: 'Choose in the widget' }).check()
      await page.locator('swap-quote button[part="connect-button"]').click()
      // Connect opens the wallet menu: the announced wallet is listed first.
      await page
        .locator('swap-quote [part="wallet-option"]', { hasText: 'Sandbox wallet' })
        .click({ timeout: 15_000 })
      await expect
        .poll(() => page.locator('swap-quote [data-testid="account"]').textContent(), { timeout: 10_000 })
        .toContain('0xf39F')

      await page.emulateMedia({ colorScheme: 'dark' })
      await page.screenshot({ path: join(screenshots, 'demo-page-dark.png'), fullPage: true })

      // How the race went fits its card, on a desktop and on a phone: each venue with its reason,
      // without scrolling sideways.
      const race = () =>
        page.locator('#alternatives').evaluate((box) => ({
          overflow: box.scrollWidth - box.clientWidth,
          venues: box.querySelectorAll('tbody th[scope="row"]').length,
          reasons: [...box.querySelectorAll('tr.why td')].filter((cell) => cell.textContent!.trim()).length,
        }))
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
        const { overflow, venues, reasons } = await race()
        expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0)
        expect(venues).toBeGreaterThan(1)
        expect(reasons).toBe(venues)
      }
      await page.screenshot({ path: join(screenshots, 'demo-page-mobile.png') })
      await page.screenshot({ path: join(screenshots, 'demo-page-mobile-full.png'), fullPage: true })

      await page.setViewportSize({ width: 1280, height: 900 })
      await page.emulateMedia({ colorScheme: 'light' })
      await page.goto(`${url}/partners`)
      await page.locator('#fee-table').waitFor()
      await page.screenshot({ path: join(screenshots, 'partners-page.png'), fullPage: true })

      expect(problems).toEqual([])
    } finally {
      await browser?.close()
    }
  }, 90_000)

  it('on SIGTERM to npm answers every quote in flight, then stops every anvil quietly and removes the manifest', async () => {
    const anvils = anvilPidsFromManifest()
    expect(anvils).toHaveLength(6)
    for (const pid of anvils) expect(isAlive(pid)).toBe(true)
    // Slow venues keep a burst of quotes in flight; the 0x fault counts its requests down, so once it
    // is used up every quote of the burst has reached the venues and is waiting on them.
    const BURST = 8
    const setFault = (fault: Record<string, unknown>) =>
      fetch(`${manifest.faultControlUrl}/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'latency', latencyMs: 2_500, ...fault }),
      })
    await setFault({ simulator: 'lifi' })
    await setFault({ simulator: 'cow' })
    await setFault({ simulator: 'zerox', times: BURST })
    const burst = Array.from({ length: BURST }, (_, index) =>
      fetch(
        `${url}/api/sdk/v1/quote?${new URLSearchParams({
          sellChain: 'ETH',
          sellToken: 'USDC',
          buyChain: 'ETH',
          buyToken: 'WETH',
          amount: '25',
          address: manifest.accounts[0]!.address,
        })}`,
        { headers: { 'X-Forwarded-For': `198.18.7.${index + 1}` } },
      ).then((response) => response.status),
    )
    await expect
      .poll(
        async () => {
          const { faults } = (await (await fetch(`${manifest.faultControlUrl}/faults`)).json()) as {
            faults: { simulator: string }[]
          }
          return faults.some((fault) => fault.simulator === 'zerox')
        },
        { timeout: 10_000 },
      )
      .toBe(false)
    const outputBefore = output.length
    // To `npm` itself, as a process manager or `kill $!` sends it: its script `exec`s node, so the
    // signal reaches the sandbox (a shell in between died alone and left the sandbox running).
    process.kill(child.pid!, 'SIGTERM')
    expect(await Promise.all(burst)).toEqual(Array.from({ length: BURST }, () => 200))
    expect(await waitForExit(child, 25_000)).toBe(0)
    for (const pid of anvils) expect(isAlive(pid)).toBe(false)
    expect(existsSync(join(sandboxDir, 'world.json'))).toBe(false)
    // Quiet: no part of the sandbox complains (stack traces, failed requests) as the chains stop.
    const shutdownOutput = output.slice(outputBefore)
    expect(shutdownOutput).not.toMatch(/\n\s+at |failed|Error/)
  }, 60_000)
})
