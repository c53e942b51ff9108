import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { decodeFunctionData, erc20Abi, parseUnits, type Hash } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { findChain } from '../../shared/chains'
import type { Quote } from '../../shared/schemas'
import { listTokens } from '../../shared/tokens'
import { defaultSandboxDir, startSandbox, type Sandbox } from '../server/startSandbox'
import { launchChromium, type LaunchedChromium } from './launchChromium'
import { measureTimeToFirstQuote } from './measureTimeToFirstQuote'
import { openDemoPage, type DemoPage, type RecordedWidgetEvent } from './openDemoPage'
import { WorldManifestSchema, type WorldManifest } from '../sandbox/worldManifest'
import { serveDirectory } from './serveDirectory'
import { setSimulatorFaults } from './setSimulatorFaults'

const screenshots = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url))
const FLOW_TIMEOUT_MS = 60_000

let sandbox: Sandbox | undefined
let browser: LaunchedChromium | undefined
let sandboxDir: string
let demo: DemoPage | undefined
/** The manifest as any outside tool reads it, from `/sandbox/world.json`. */
let manifest: WorldManifest

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true })
  sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-e2e-'))
  // Its own built site, so a rebuild here never swaps the files under another test's server.
  sandbox = await startSandbox({ port: 0, sandboxDir, siteDir: join(defaultSandboxDir, 'site-e2e') })
  manifest = WorldManifestSchema.parse(await (await fetch(`${sandbox.url}/sandbox/world.json`)).json())
  browser = await launchChromium()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await sandbox?.stop()
  rmSync(sandboxDir, { recursive: true, force: true })
})

afterEach(async () => {
  // Each flow gets a fresh page; the faults of a flow never outlive it.
  await demo?.page.close().catch(() => undefined)
  demo = undefined
  if (manifest) await setSimulatorFaults({ manifest, faults: [] })
})

async function openFreshPage(): Promise<DemoPage> {
  demo = await openDemoPage({ page: await browser!.context.newPage(), url: sandbox!.url })
  return demo
}

function decimalsOf(chain: string, symbol: string): number {
  const token = listTokens(findChain(chain)!).find((candidate) => candidate.symbol === symbol)
  if (token?.decimals === undefined) throw new Error(`no ${symbol} with decimals on ${chain}`)
  return token.decimals
}

/** The panel's amount in base units, so differences are exact. */
async function panelUnits(chain: string, symbol: string): Promise<bigint> {
  return parseUnits(await demo!.panelBalance(chain, symbol), decimalsOf(chain, symbol))
}

/** Waits until the balances panel (refreshed by the page on `done`) shows a new amount for `symbol`. */
async function waitForPanelChange(chain: string, symbol: string, before: bigint): Promise<bigint> {
  await expect.poll(() => panelUnits(chain, symbol), { timeout: 10_000 }).not.toBe(before)
  return panelUnits(chain, symbol)
}

/** The quote the widget executed, from its `before-execute` event. */
function executedQuote(events: RecordedWidgetEvent[]): Quote {
  const quote = events.findLast((event) => event.type === 'swap-quote:before-execute')?.quote
  if (!quote) throw new Error('the widget executed no quote')
  return quote
}

function stepHash(events: RecordedWidgetEvent[], step: string): Hash {
  const hash = events.find((event) => event.step?.step === step)?.step?.txHash
  if (!hash) throw new Error(`no ${step} step with a transaction hash`)
  return hash
}

/** What the transactions cost in gas, in base units of the chain's coin. */
async function gasCost(chain: string, hashes: Hash[]): Promise<bigint> {
  const client = sandbox!.world.chains[chain]!.publicClient
  let total = 0n
  for (const hash of hashes) {
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    total += receipt.gasUsed * receipt.effectiveGasPrice
  }
  return total
}

/**
 * An amount as the widget writes it for a person (Chromium's `en-US` here): 7 significant digits,
 * every whole digit. The exact amount is checked against the balances through the `done` event.
 */
function shownAmount(value: string): string {
  return new Intl.NumberFormat('en-US', {
    maximumSignificantDigits: 7,
    maximumFractionDigits: 0,
    roundingPriority: 'morePrecision',
  }).format(value as unknown as number)
}

async function screenshot(name: string): Promise<void> {
  await demo!.page.evaluate(() => window.scrollTo(0, 0))
  await demo!.page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true })
}

/** The widget alone, as large as it shows: the delivery view is read there. */
async function widgetScreenshot(name: string): Promise<void> {
  await demo!.widget.screenshot({ path: join(screenshots, `${name}.png`) })
}

type DeliveryResult = NonNullable<RecordedWidgetEvent['result']>

/** The stages a delivery view may show, in the order a swap goes through them. */
const deliveryOrder = ['awaiting', 'pending', 'inFlight', 'delivered']

/**
 * Waits until the widget's delivery view says Delivered (its last stage current, the sentence
 * saying what arrived), checks that `swap-quote:done` reported it once, with status `delivered`,
 * and that the view only ever moved forward; returns the done result.
 */
async function expectDelivered(): Promise<DeliveryResult> {
  const delivery = demo!.widget.locator('[data-testid="delivery"]')
  await expect.poll(() => delivery.getAttribute('data-state'), { timeout: 45_000 }).toBe('delivered')
  expect(await delivery.locator('li[aria-current="step"]').textContent()).toContain('Delivered')
  expect(await demo!.widget.locator('[data-testid="delivery-status"]').textContent()).toMatch(
    /^\s*Delivered: .+ reached the recipient/,
  )
  const done = (await demo!.recordedEvents()).filter((event) => event.type === 'swap-quote:done')
  expect(done.map((event) => event.result?.status)).toEqual(['delivered'])
  const states = await demo!.deliveryStates()
  expect(states.at(-1)).toBe('delivered')
  expect(states.map((state) => deliveryOrder.indexOf(state))).toEqual(
    states.map((state) => deliveryOrder.indexOf(state)).sort((a, b) => a - b),
  )
  await expect
    .poll(() => demo!.eventLog().then((lines) => lines.at(-1)))
    .toEqual({
      name: 'done',
      summary: 'delivered',
    })
  return done[0]!.result!
}

/** The `href` of the widget's link named `label` (`View transaction`, `View delivery`). */
function linkHref(label: string): Promise<string | null> {
  return demo!.widget.locator('[part="progress"] a', { hasText: label }).getAttribute('href')
}

describe('the demo page in Chromium, against the whole sandbox', () => {
  it(
    '(1) swaps ETH for USDC on Ethereum, and the balances panel shows at least the minimum',
    async () => {
      const { widget, page } = await openFreshPage()
      const shown = await demo!.waitForQuote('Swap')
      expect(shown.buyAmount).toMatch(/^\d+(\.\d+)? USDC$/)
      expect(shown.minBuyAmount).toMatch(/^\d+(\.\d+)? USDC$/)
      const usdcBefore = await panelUnits('ETH', 'USDC')
      const ethBefore = await panelUnits('ETH', 'ETH')

      // The swap's code loads on this first press, here over a slow connection: the button says at
      // once that the swap is under way, and takes no second press, before that code has arrived.
      const network = await page.context().newCDPSession(page)
      await network.send('Network.setCacheDisabled', { cacheDisabled: true })
      const slow = { offline: false, downloadThroughput: -1, uploadThroughput: -1 }
      await network.send('Network.emulateNetworkConditions', { ...slow, latency: 500 })
      await demo!.actionButton().click()
      expect((await demo!.actionButton().textContent())?.trim()).toBe('Swapping…')
      expect(await demo!.actionButton().isDisabled()).toBe(true)
      const steps = (await demo!.recordedEvents()).filter((event) => event.type === 'swap-quote:step')
      expect(steps, 'pressed before the code arrived').toEqual([])
      await network.send('Network.emulateNetworkConditions', { ...slow, latency: 0 })
      await network.detach()
      const delivered = await expectDelivered()
      const usdcAfter = await waitForPanelChange('ETH', 'USDC', usdcBefore)
      await expect.poll(() => page.locator('.chain-balances tr.changed').count()).toBeGreaterThan(0)

      const events = await demo!.recordedEvents()
      const quote = executedQuote(events)
      expect(shown.provider).toBe(quote.provider)
      expect(usdcAfter - usdcBefore).toBeGreaterThanOrEqual(parseUnits(quote.minBuyAmount!, 6))
      // What the widget says arrived is what the balances panel shows arrived.
      expect(parseUnits(delivered.deliveredAmount!, 6)).toBe(usdcAfter - usdcBefore)
      expect(await widget.locator('[data-testid="delivery-status"]').textContent()).toContain(
        `Delivered: ${shownAmount(delivered.deliveredAmount!)} USDC reached the recipient.`,
      )
      // The ETH spent is exactly what was sold plus gas.
      const swapHash = stepHash(events, 'swap:sent')
      expect(ethBefore - (await panelUnits('ETH', 'ETH'))).toBe(
        parseUnits(quote.sellAmount, 18) + (await gasCost('ETH', [swapHash])),
      )
      expect(await demo!.progressSteps()).toEqual(['swap:pending', 'swap:sent', 'swap:confirmed'])
      expect((await demo!.eventLog()).map((line) => line.name)).toEqual(
        expect.arrayContaining(['quote', 'before-execute', 'step', 'submitted', 'done']),
      )
      // On one chain the swap's own transaction is the delivery.
      expect(delivered).toMatchObject({
        route: 'tx',
        sourceTx: { chain: 'ETH', hash: swapHash },
        destinationTx: { chain: 'ETH', hash: swapHash },
      })

      // The transaction link leads to the sandbox's own transaction page, which shows the receipt.
      const href = await linkHref('View transaction')
      expect(href).toBe(`${sandbox!.url}/sandbox/tx/1/${swapHash}`)
      expect(await linkHref('View delivery')).toBe(href)
      await screenshot('1-eth-usdc')
      await widgetScreenshot('1-eth-usdc-delivered')
      const txPage = await browser!.context.newPage()
      try {
        await txPage.goto(href!)
        expect(await txPage.locator('[data-testid="tx-status"]').textContent()).toBe('Success')
        expect(await txPage.locator('[data-testid="tx-hash"]').textContent()).toBe(swapHash)
        const transfers = txPage.locator('[data-testid="tx-transfers"] tbody tr', { hasText: 'USDC' })
        expect(await transfers.count()).toBeGreaterThan(0)
        await txPage.screenshot({ path: join(screenshots, '1-eth-usdc-tx-page.png'), fullPage: true })
        // A hash this sandbox never mined gets a page saying so; a malformed one a 400 error body.
        const unknown = await fetch(`${sandbox!.url}/sandbox/tx/1/0x${'0'.repeat(64)}`)
        expect(unknown.status).toBe(404)
        expect(await unknown.text()).toContain('Transaction not found (sandbox)')
        const malformed = await fetch(`${sandbox!.url}/sandbox/tx/1/0x1234`)
        expect(malformed.status).toBe(400)
        expect(await malformed.json()).toMatchObject({ code: 'BAD_REQUEST' })
      } finally {
        await txPage.close()
      }
      expect(demo!.problems).toEqual([])
    },
    FLOW_TIMEOUT_MS,
  )

  it(
    '(2) swaps USDC for ETH, approving exactly the amount first',
    async () => {
      await openFreshPage()
      await demo!.chooseToken('buy', 'ETH')
      await demo!.chooseToken('sell', 'USDC')
      // 5000 USDC goes to a transaction route (0x); a small sell on Ethereum is CoW's (a signed order).
      await demo!.enterAmount('5000')
      await demo!.waitForQuote('Swap')
      // The page's embed settings follow the widget, by symbol.
      const snippet = demo!.page.locator('#snippet')
      await expect.poll(() => snippet.textContent()).toContain('sell-token="USDC"')
      expect(await snippet.textContent()).toContain('buy-token="ETH"')
      expect(await demo!.page.locator('select[name="sellToken"]').inputValue()).toBe('USDC')
      const usdcBefore = await panelUnits('ETH', 'USDC')
      const ethBefore = await panelUnits('ETH', 'ETH')

      await demo!.actionButton().click()
      const delivered = await expectDelivered()
      const ethAfter = await waitForPanelChange('ETH', 'ETH', ethBefore)

      // The approval comes first, in the widget's progress and in the page's event log.
      const steps = await demo!.progressSteps()
      expect(steps).toEqual([
        'approve:pending',
        'approve:sent',
        'approve:confirmed',
        'swap:pending',
        'swap:sent',
        'swap:confirmed',
      ])
      await expect
        .poll(() => demo!.widget.locator('[part="progress"] li').first().textContent())
        .toContain('Approve the token in your wallet')
      const logged = (await demo!.eventLog())
        .filter((line) => line.name === 'step')
        .map((line) => line.summary)
      const approvedAt = logged.findIndex((summary) => summary.startsWith('approve:confirmed'))
      const swapAt = logged.findIndex((summary) => summary.startsWith('swap:pending'))
      expect(approvedAt).toBeGreaterThanOrEqual(0)
      expect(swapAt).toBeGreaterThan(approvedAt)

      const events = await demo!.recordedEvents()
      const quote = executedQuote(events)
      expect(quote.approval).toBeDefined()
      // The approval is for exactly what is sold, to the quote's spender: never unlimited.
      const approveHash = stepHash(events, 'approve:sent')
      const approveTx = await sandbox!.world.chains.ETH!.publicClient.getTransaction({ hash: approveHash })
      const approve = decodeFunctionData({ abi: erc20Abi, data: approveTx.input })
      expect(approve.functionName).toBe('approve')
      expect(approve.args).toEqual([quote.approval!.spender, BigInt(quote.approval!.amountWei)])
      expect(BigInt(quote.approval!.amountWei)).toBe(parseUnits('5000', 6))

      expect(usdcBefore - (await panelUnits('ETH', 'USDC'))).toBe(parseUnits('5000', 6))
      const gas = await gasCost('ETH', [approveHash, stepHash(events, 'swap:sent')])
      expect(ethAfter - ethBefore + gas).toBeGreaterThanOrEqual(parseUnits(quote.minBuyAmount!, 18))
      // The ETH delivered is what arrived before the gas of both transactions was paid.
      expect(parseUnits(delivered.deliveredAmount!, 18)).toBe(ethAfter - ethBefore + gas)
      await screenshot('2-usdc-eth-approval')
      expect(demo!.problems).toEqual([])
    },
    FLOW_TIMEOUT_MS,
  )

  it(
    '(3) signs a CoW order for USDC to DAI, and the sandbox solver fills it',
    async () => {
      // Only CoW can quote: the other venues answer "no liquidity".
      await setSimulatorFaults({
        manifest,
        faults: [
          { simulator: 'zerox', mode: 'noLiquidity' },
          { simulator: 'lifi', mode: 'noLiquidity' },
          { simulator: 'swapkit', mode: 'noLiquidity' },
        ],
      })
      const { widget } = await openFreshPage()
      await demo!.chooseToken('buy', 'DAI')
      await demo!.chooseToken('sell', 'USDC')
      await demo!.enterAmount('100')
      const shown = await demo!.waitForQuote('Sign order')
      expect(shown.provider).toBe('cow')
      expect(await widget.locator('[data-testid="order-note"]').textContent()).toContain(
        'Solvers fill this order in a batch',
      )
      const usdcBefore = await panelUnits('ETH', 'USDC')
      const daiBefore = await panelUnits('ETH', 'DAI')

      await demo!.actionButton().click()
      const delivered = await expectDelivered()
      const daiAfter = await waitForPanelChange('ETH', 'DAI', daiBefore)

      const steps = await demo!.progressSteps()
      expect(steps.filter((step) => !step.startsWith('approve:'))).toEqual([
        'appdata:uploaded',
        'sign:pending',
        'sign:signed',
        'order:posted',
        'order:filled',
      ])
      const quote = executedQuote(await demo!.recordedEvents())
      expect(quote.provider).toBe('cow')
      expect(daiAfter - daiBefore).toBeGreaterThanOrEqual(parseUnits(quote.minBuyAmount!, 18))
      expect(usdcBefore - (await panelUnits('ETH', 'USDC'))).toBe(parseUnits('100', 6))
      // The order is followed by its uid to the settlement that paid the DAI.
      const orderUid = (await demo!.recordedEvents()).find((event) => event.step?.orderUid)?.step?.orderUid
      expect(delivered).toMatchObject({ route: 'order', sourceTx: { chain: 'ETH', hash: orderUid } })
      expect(parseUnits(delivered.deliveredAmount!, 18)).toBe(daiAfter - daiBefore)
      expect(await linkHref('View delivery')).toBe(
        `${sandbox!.url}/sandbox/tx/1/${delivered.destinationTx!.hash}`,
      )
      await screenshot('3-cow-order')
      await widgetScreenshot('3-cow-order-delivered')
      expect(demo!.problems).toEqual([])
    },
    FLOW_TIMEOUT_MS,
  )

  it(
    '(4) swaps ETH for USDG on Robinhood Chain through the router, switching the wallet',
    async () => {
      await openFreshPage()
      // The buy side first: picking RHD's coin on both sides would swap them (one asset has no quote).
      await demo!.chooseChain('buy', 'RHD')
      await demo!.chooseToken('buy', 'USDG')
      await demo!.chooseChain('sell', 'RHD')
      await demo!.enterAmount('0.1')
      const shown = await demo!.waitForQuote('Swap')
      expect(shown.provider).toBe('router')
      expect(shown.buyAmount).toMatch(/ USDG$/)
      const usdgBefore = await panelUnits('RHD', 'USDG')
      const ethBefore = await panelUnits('RHD', 'ETH')

      await demo!.actionButton().click()
      const delivered = await expectDelivered()
      const usdgAfter = await waitForPanelChange('RHD', 'USDG', usdgBefore)

      const events = await demo!.recordedEvents()
      const quote = executedQuote(events)
      expect(await demo!.progressSteps()).toEqual([
        'chain:switching',
        'chain:switched',
        'swap:pending',
        'swap:sent',
        'swap:confirmed',
      ])
      expect(await demo!.page.locator('#wallet-chain').textContent()).toContain('4663')
      expect(usdgAfter - usdgBefore).toBeGreaterThanOrEqual(
        parseUnits(quote.minBuyAmount!, decimalsOf('RHD', 'USDG')),
      )
      const swapHash = stepHash(events, 'swap:sent')
      expect(ethBefore - (await panelUnits('RHD', 'ETH'))).toBe(
        parseUnits(quote.sellAmount, 18) + (await gasCost('RHD', [swapHash])),
      )
      expect(await linkHref('View transaction')).toBe(`${sandbox!.url}/sandbox/tx/4663/${swapHash}`)
      expect(delivered).toMatchObject({ destinationTx: { chain: 'RHD', hash: swapHash } })
      expect(parseUnits(delivered.deliveredAmount!, decimalsOf('RHD', 'USDG'))).toBe(usdgAfter - usdgBefore)
      await screenshot('4-rhd-router')
      expect(demo!.problems).toEqual([])
    },
    FLOW_TIMEOUT_MS,
  )

  it(
    '(5) shows BTC deposit instructions, then follows the BTC sent with the memo until ETH is delivered on Ethereum',
    async () => {
      const btcAccount = manifest.thorchain!.ledger.BTC!.accounts[0]!
      const ledgerUrl = manifest.simulators.thorchainLedger!
      const recipient = manifest.accounts[0]!.address as `0x${string}`
      const { widget } = await openFreshPage()
      await demo!.chooseChain('sell', 'BTC')
      await demo!.chooseToken('buy', 'ETH')
      await demo!.enterAddress('from', btcAccount)
      await demo!.enterAddress('recipient', recipient)
      await demo!.enterAmount('0.01')
      const shown = await demo!.waitForQuote('Show deposit instructions')
      expect(shown.provider).toBe('thorchain')
      expect(shown.buyAmount).toMatch(/ ETH$/)

      await demo!.actionButton().click()
      const deposit = widget.locator('[part="deposit"]')
      await deposit.waitFor()
      const quote = executedQuote(await demo!.recordedEvents())
      const text = async (testId: string) =>
        (await widget.locator(`[data-testid="${testId}"]`).textContent())?.trim()
      expect(await text('deposit-amount')).toBe('0.01')
      expect(await text('deposit-address')).toBe(quote.depositAddress)
      const memo = await text('deposit-memo')
      expect(memo).toBe(quote.memo)
      expect(memo).toContain(recipient)
      expect(await deposit.textContent()).toContain('Send exactly 0.01 BTC')
      // Nothing is seen yet: the delivery view waits for the deposit, and nothing is done.
      const delivery = widget.locator('[data-testid="delivery"]')
      expect(await delivery.getAttribute('data-state')).toBe('awaiting')
      expect(await text('delivery-status')).toContain('Waiting for your deposit of 0.01 BTC')
      expect((await demo!.recordedEvents()).filter((event) => event.type === 'swap-quote:done')).toEqual([])

      // A QR code cannot carry the memo: it shows only once the user says their wallet attaches it.
      const qr = widget.locator('img[part="qr"]')
      expect(await qr.count()).toBe(0)
      expect(await text('memo-warning')).toContain('Without the memo the deposit cannot be matched')
      await widget.locator('input[part="qr-confirm"]').check()
      await qr.waitFor()
      await expect
        .poll(() => qr.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
        .toBeGreaterThan(0)
      await screenshot('5-btc-deposit-instructions')
      await widgetScreenshot('5-btc-deposit-instructions-widget')

      // The user's BTC wallet, played by the demo account on the sandbox ledger: the page's card sends
      // exactly the instructed amount to the instructed address with the memo.
      const eth = sandbox!.world.chains.ETH!.publicClient
      const ethBefore = await eth.getBalance({ address: recipient })
      const btcBalance = async () =>
        BigInt(
          ((await (await fetch(`${ledgerUrl}/ledger/BTC/${btcAccount}`)).json()) as { balance: string })
            .balance,
        )
      const btcBefore = await btcBalance()
      const send = demo!.page.locator('[data-testid="sandbox-deposit-send"]')
      await expect.poll(() => send.isEnabled()).toBe(true)
      expect(await send.textContent()).toContain('Send 0.01 BTC with the memo')
      expect(await demo!.page.locator('[data-testid="sandbox-deposit-from"]').textContent()).toBe(btcAccount)
      await send.click()
      await expect
        .poll(() => demo!.page.locator('[data-testid="sandbox-deposit-status"]').textContent())
        .toMatch(/Sent|Paid out/)
      expect(btcBefore - (await btcBalance())).toBe(parseUnits('0.01', 8))
      // THORChain saw the inbound with the widget's memo.
      const inboundMemos = async () =>
        (
          (await (await fetch(`${ledgerUrl}/payouts`)).json()) as { payouts: { inbound: { memo: string } }[] }
        ).payouts.map((payout) => payout.inbound.memo)
      await expect.poll(inboundMemos, { timeout: 10_000 }).toContain(memo)

      // The widget sees the deposit: the instructions give way to the tracking, which ends Delivered
      // once THORChain's vault has paid ETH out on the chain-1 anvil.
      await expect.poll(() => delivery.getAttribute('data-state'), { timeout: 30_000 }).not.toBe('awaiting')
      expect(await deposit.count()).toBe(0)
      const delivered = await expectDelivered()
      expect((await demo!.deliveryStates())[0]).toBe('awaiting')
      const received = (await eth.getBalance({ address: recipient })) - ethBefore
      expect(received).toBeGreaterThanOrEqual(parseUnits(quote.minBuyAmount!, 18))
      expect(delivered).toMatchObject({ route: 'deposit', destinationTx: { chain: 'ETH' } })
      expect(parseUnits(delivered.deliveredAmount!, 18)).toBe(received)
      expect(await linkHref('View delivery')).toBe(
        `${sandbox!.url}/sandbox/tx/1/${delivered.destinationTx!.hash}`,
      )
      // The page watches the balances after its send, and says when the payout arrived.
      await expect
        .poll(() => demo!.page.locator('[data-testid="sandbox-deposit-status"]').textContent(), {
          timeout: 15_000,
        })
        .toContain('Paid out')
      await waitForPanelChange('ETH', 'ETH', ethBefore)
      await screenshot('5-btc-eth-paid-out')
      await widgetScreenshot('5-btc-eth-delivered')
      expect(demo!.problems).toEqual([])
    },
    FLOW_TIMEOUT_MS,
  )

  it(
    '(6) bridges ETH to Base through LI.FI, and follows it until the ETH is delivered on Base',
    async () => {
      // Only LI.FI can quote: the bridge route is the one followed across chains.
      await setSimulatorFaults({
        manifest,
        faults: [
          { simulator: 'zerox', mode: 'noLiquidity' },
          { simulator: 'cow', mode: 'noLiquidity' },
          { simulator: 'swapkit', mode: 'noLiquidity' },
        ],
      })
      const { widget } = await openFreshPage()
      await demo!.chooseChain('buy', 'BASE')
      await demo!.chooseToken('buy', 'ETH')
      await demo!.enterAmount('0.1')
      const shown = await demo!.waitForQuote('Swap')
      expect(shown.provider).toBe('lifi')
      const baseBefore = await panelUnits('BASE', 'ETH')
      const ethBefore = await panelUnits('ETH', 'ETH')

      await demo!.actionButton().click()
      const delivered = await expectDelivered()
      const baseAfter = await waitForPanelChange('BASE', 'ETH', baseBefore)

      const events = await demo!.recordedEvents()
      const quote = executedQuote(events)
      expect(quote.provider).toBe('lifi')
      expect(await demo!.progressSteps()).toEqual(['swap:pending', 'swap:sent', 'swap:confirmed'])
      const swapHash = stepHash(events, 'swap:sent')
      expect(ethBefore - (await panelUnits('ETH', 'ETH'))).toBe(
        parseUnits(quote.sellAmount, 18) + (await gasCost('ETH', [swapHash])),
      )
      // The delivery is another transaction, on Base, paying what the widget says arrived.
      expect(delivered).toMatchObject({
        route: 'tx',
        sourceTx: { chain: 'ETH', hash: swapHash },
        destinationTx: { chain: 'BASE' },
      })
      const deliveryHash = delivered.destinationTx!.hash
      expect(deliveryHash).not.toBe(swapHash)
      expect(baseAfter - baseBefore).toBeGreaterThanOrEqual(parseUnits(quote.minBuyAmount!, 18))
      expect(parseUnits(delivered.deliveredAmount!, 18)).toBe(baseAfter - baseBefore)
      expect(await widget.locator('[data-testid="delivery-status"]').textContent()).toContain(
        `Delivered: ${shownAmount(delivered.deliveredAmount!)} ETH reached the recipient on Base.`,
      )
      const baseChainId = sandbox!.world.chains.BASE!.chainId
      expect(await linkHref('View transaction')).toBe(`${sandbox!.url}/sandbox/tx/1/${swapHash}`)
      const deliveryHref = await linkHref('View delivery')
      expect(deliveryHref).toBe(`${sandbox!.url}/sandbox/tx/${baseChainId}/${deliveryHash}`)
      await screenshot('6-eth-base-bridge')
      await widgetScreenshot('6-eth-base-bridge-delivered')

      // The delivery link leads to the Base transaction, which succeeded.
      const txPage = await browser!.context.newPage()
      try {
        await txPage.goto(deliveryHref!)
        expect(await txPage.locator('[data-testid="tx-status"]').textContent()).toBe('Success')
        expect(await txPage.locator('[data-testid="tx-hash"]').textContent()).toBe(deliveryHash)
      } finally {
        await txPage.close()
      }
      expect(demo!.problems).toEqual([])
    },
    FLOW_TIMEOUT_MS,
  )
})

describe('the demo page start', () => {
  it('asks its first quote once, for the demo account, never for the preview address, with a production build', async () => {
    const page = await browser!.context.newPage()
    const asked: string[] = []
    const consoleLines: string[] = []
    page.on('console', (message) => consoleLines.push(message.text()))
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/sdk/v1/quote') asked.push(url.searchParams.get('address') ?? '')
    })
    try {
      await page.goto(`${sandbox!.url}/`)
      await page.locator('swap-quote [data-testid="buy-amount"]').waitFor({ timeout: 30_000 })
      // The race under the widget is the widget's own quote's: the page does not ask for it again.
      await page.locator('#alternatives tbody tr').first().waitFor({ timeout: 10_000 })
      const account = manifest.accounts[0]!.address.toLowerCase()
      expect(asked.map((address) => address.toLowerCase())).toEqual([account])
      // This runner sets NODE_ENV to test; the site it built is Lit's production build all the same.
      expect(consoleLines.filter((line) => /dev mode/i.test(line))).toEqual([])
    } finally {
      await page.close()
    }
  }, 60_000)
})

describe('the embed snippet', () => {
  it('works as pasted into a page of another origin: the sandbox serves the published widget', async () => {
    const page = await browser!.context.newPage()
    const dir = mkdtempSync(join(tmpdir(), 'swap-quote-embed-'))
    let server: Server | undefined
    try {
      await page.goto(`${sandbox!.url}/`)
      // A fee the form marks as invalid is left out of the snippet, not copied as typed.
      const fee = page.locator('input[name="partnerFeeBps"]')
      await fee.fill('500')
      expect(await fee.getAttribute('aria-invalid')).toBe('true')
      await fee.fill('25')
      const snippet = (await page.locator('#snippet').textContent()) ?? ''
      expect(snippet).toContain(`src="${sandbox!.url}/swap-quote.js"`)
      expect(snippet).toContain('partner-fee-bps="25"')
      writeFileSync(join(dir, 'index.html'), `<!doctype html><title>A partner's page</title>\n${snippet}\n`)
      server = await serveDirectory(dir)
      const elsewhere = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
      expect(new URL(elsewhere).origin).not.toBe(new URL(sandbox!.url).origin)
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(elsewhere)
      const estimate = page.locator('swap-quote .summary .big > bdi:first-child')
      await estimate.waitFor({ timeout: 30_000 })
      expect(await estimate.textContent()).toMatch(/\d.*USDC/)
      // A lazy chunk loads across origins too: Settings opens.
      await page.locator('swap-quote [part="settings-button"]').click()
      await page.locator('swap-quote [part="settings"]').waitFor({ timeout: 15_000 })
      expect(errors).toEqual([])
    } finally {
      server?.close()
      await page.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('measureTimeToFirstQuote (for the benchmark)', () => {
  it('times each page load to its first rendered quote, and clears the latency it set', async () => {
    const result = await measureTimeToFirstQuote({ url: sandbox!.url, runs: 2, simulatorLatencyMs: 50 })
    expect(result.samplesMs).toHaveLength(2)
    for (const sample of result.samplesMs) expect(sample).toBeGreaterThan(0)
    expect(result.medianMs).toBe(Math.round((result.samplesMs[0]! + result.samplesMs[1]!) / 2))
    for (const control of [manifest.faultControlUrl, manifest.thorchain!.faultControlUrl!]) {
      expect(await (await fetch(`${control}/faults`)).json()).toEqual({ faults: [] })
    }
  }, 60_000)
})

describe('the API reference page on a phone', () => {
  it('fits 375 px without scrolling sideways', async () => {
    const page = await browser!.context.newPage()
    try {
      await page.setViewportSize({ width: 375, height: 812 })
      await page.goto(`${sandbox!.url}/api/sdk/v1/docs`)
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }))
      expect(widths.scroll).toBeLessThanOrEqual(widths.client)
    } finally {
      await page.close()
    }
  }, 60_000)
})

describe('the demo page on a phone and on a desktop', () => {
  const axeSource = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url))

  // On a desktop the hero sits beside the widget, so the live quote is in the first screen too.
  for (const { quoteShown, ...viewport } of [
    { width: 390, height: 844, quoteShown: false },
    { width: 1280, height: 800, quoteShown: true },
  ]) {
    it(`shows the widget and its amount field${quoteShown ? ' and quote' : ''} in the first ${viewport.width}x${viewport.height} screen, with no axe violations on the page`, async () => {
      const page = await browser!.context.newPage()
      try {
        await page.setViewportSize(viewport)
        await page.goto(`${sandbox!.url}/`)
        await page.locator('swap-quote [data-testid="buy-amount"]').waitFor({ timeout: 30_000 })
        const boxes = await page.evaluate(() => {
          const widget = document.querySelector('swap-quote')!
          const amount = widget.shadowRoot!.querySelector('input[name="amount"]')!
          const quote = widget.shadowRoot!.querySelector('[data-testid="buy-amount"]')!
          return {
            widgetTop: widget.getBoundingClientRect().top,
            amountTop: amount.getBoundingClientRect().top,
            amountBottom: amount.getBoundingClientRect().bottom,
            quoteBottom: quote.getBoundingClientRect().bottom,
            scrollY: window.scrollY,
          }
        })
        expect(boxes.scrollY).toBe(0)
        // Every page of the site is one tap away in the top bar, on a phone too.
        for (const name of ['Demo', 'Partners', 'API reference']) {
          expect(
            await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name }).isVisible(),
          ).toBe(true)
        }
        expect(boxes.widgetTop).toBeGreaterThanOrEqual(0)
        expect(boxes.amountTop).toBeGreaterThan(boxes.widgetTop)
        expect(boxes.amountBottom).toBeLessThanOrEqual(viewport.height)
        if (quoteShown) expect(boxes.quoteBottom).toBeLessThanOrEqual(viewport.height)
        await page.addScriptTag({ path: axeSource })
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run(
                  context: Document,
                ): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>
              }
            }
          ).axe
          const result = await axe.run(document)
          return result.violations.map(
            ({ id, nodes }) => `${id}: ${JSON.stringify(nodes.map((node) => node.target))}`,
          )
        })
        expect(violations).toEqual([])
        // Shift+Tab back up the page: the field that takes focus sits just under the sticky top bar, and
        // the page scrolls it clear rather than leave it hidden (WCAG 2.4.11).
        const amount = page.locator('swap-quote input[name="amount"]')
        await amount.evaluate((input) => {
          ;(document.activeElement as HTMLElement | null)?.blur()
          window.scrollBy(0, input.getBoundingClientRect().top - 10)
        })
        await amount.focus()
        const covered = await amount.evaluate((input) => ({
          topBarBottom: document.querySelector('.topbar')!.getBoundingClientRect().bottom,
          amountTop: input.getBoundingClientRect().top,
        }))
        expect(covered.amountTop).toBeGreaterThanOrEqual(Math.max(0, covered.topBarBottom))
      } finally {
        await page.close()
      }
    }, 60_000)
  }
})
