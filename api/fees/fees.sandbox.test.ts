import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSandboxWallet } from '../../demo/sandboxWallet/createSandboxWallet'
import { startSandbox, type Sandbox } from '../../demo/server/startSandbox'
import { createSwapClient, type SwapClient } from '../../shared/client'
import type { Quote, QuoteParams } from '../../shared/schemas'
import { createSwapWallet } from '../../shared/wallet/createSwapWallet'
import { executeQuote } from '../../shared/wallet/executeQuote'
import { runPartnerReport } from '../partnerReport'
import type { PartnerReportRow } from '../quoteLog/summarizeQuoteLog'
import { parseLedgerLine, type QuoteLogEntry } from '../quoteLog/quoteLogEntry'

/*
 * Fees as the venues really pay them, through the whole sandbox: the API's real adapters against the
 * venue simulators (which follow each venue's published terms), swaps executed on the anvil chains,
 * and the partner statement read from the quote log the API wrote.
 */

let sandbox: Sandbox
let sandboxDir: string
let client: SwapClient
let user: Address
let eth: PublicClient

beforeAll(async () => {
  sandboxDir = mkdtempSync(join(tmpdir(), 'swap-quote-fees-'))
  sandbox = await startSandbox({ port: 0, sandboxDir })
  client = createSwapClient({ baseUrl: sandbox.url })
  user = sandbox.world.accounts[0]!.address
  eth = sandbox.world.chains.ETH!.publicClient
})

afterAll(async () => {
  await sandbox?.stop()
  rmSync(sandboxDir, { recursive: true, force: true })
})

afterEach(async () => {
  const manifest = sandbox.world.manifest
  for (const url of [manifest.faultControlUrl, manifest.thorchain?.faultControlUrl]) {
    if (url) await fetch(`${url}/faults`, { method: 'DELETE' })
  }
})

/** Leaves only `winner` pricing same-chain Ethereum swaps, so its fee path is the one exercised. */
async function onlyVenue(winner: 'zerox' | 'lifi' | 'cow' | 'swapkit'): Promise<void> {
  const manifest = sandbox.world.manifest
  const others = ['zerox', 'lifi', 'cow', 'swapkit'].filter((simulator) => simulator !== winner)
  for (const simulator of others) {
    const url = simulator === 'swapkit' ? manifest.thorchain!.faultControlUrl! : manifest.faultControlUrl!
    const response = await fetch(`${url}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ simulator, mode: 'noLiquidity' }),
    })
    expect(response.status).toBe(200)
  }
}

const params = (overrides: Partial<QuoteParams>): QuoteParams =>
  ({
    sellChain: 'ETH',
    sellToken: 'ETH',
    buyChain: 'ETH',
    buyToken: 'USDC',
    amount: '0.5',
    address: user,
    ...overrides,
  }) as QuoteParams

const wallets = () =>
  sandbox.world.manifest.feeRecipients as { service: Address; partner: Address; registeredPartner: Address }
const token = (symbol: string) => sandbox.world.manifest.chains.ETH!.contracts.tokens[symbol] as Address
const balanceOf = (tokenAddress: Address, owner: Address) =>
  eth.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

async function execute(quote: Quote) {
  const world = sandbox.world
  const provider = createSandboxWallet({
    privateKey: world.accounts[0]!.privateKey,
    chains: Object.values(world.chains).map((chain) => ({
      chainId: chain.chainId,
      name: chain.symbol,
      nativeSymbol: chain.symbol,
      rpcUrl: `${sandbox.url}/sandbox/rpc/${chain.chainId}`,
    })),
  })
  const result = await executeQuote({
    quote,
    wallet: createSwapWallet({ provider, address: user }),
    address: user,
    pollIntervalMs: 100,
  })
  expect(['confirmed', 'filled']).toContain(result.status)
  return result
}

/** The quote log's line for a quote, once the API has written it. */
async function loggedLine(quoteId: string): Promise<QuoteLogEntry> {
  return vi.waitFor(
    () => {
      const line = readFileSync(sandbox.quoteLogPath, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => parseLedgerLine(JSON.parse(text)))
        .find((entry): entry is QuoteLogEntry => !!entry && !('kind' in entry) && entry.quoteId === quoteId)
      if (!line) throw new Error(`quote ${quoteId} not logged yet`)
      return line
    },
    { timeout: 5_000, interval: 50 },
  )
}

async function statement(partner: string) {
  return JSON.parse(
    await runPartnerReport(['--log', sandbox.quoteLogPath, '--json', '--partner', partner], undefined),
  ).rows as PartnerReportRow[]
}

describe('fees as the venues pay them, in the sandbox', () => {
  it('0x pays a registered partner on chain in the same swap, through the fee lists', async () => {
    await onlyVenue('zerox')
    const quote = await client.quote(params({ partner: 'demo-partner', partnerFeeBps: 25 }))
    expect(quote.provider).toBe('0x')
    expect(quote.partnerFee).toMatchObject({
      collectedBps: 25,
      collected: true,
      recipient: wallets().registeredPartner,
      note: expect.stringMatching(
        /^Paid on chain in the swap through 0x's swap fee to the partner's registered wallet/,
      ),
    })
    const logged = await loggedLine(quote.quoteId!)
    const partnerLeg = logged.fees?.find((leg) => leg.party === 'partner')
    expect(partnerLeg).toMatchObject({
      paidTo: 'partner',
      payout: 'inSwap',
      token: 'buy',
      recipient: wallets().registeredPartner,
    })
    const usdc = token('USDC')
    const [partnerBefore, serviceBefore, unregisteredBefore] = await Promise.all([
      balanceOf(usdc, wallets().registeredPartner),
      balanceOf(usdc, wallets().service),
      balanceOf(usdc, wallets().partner),
    ])
    await execute(quote)
    // The partner's 25 bps arrive in the swap itself, at its own wallet; the service's 15 bps at the service's.
    expect((await balanceOf(usdc, wallets().registeredPartner)) - partnerBefore).toBe(
      BigInt(partnerLeg!.amount!),
    )
    const serviceLeg = logged.fees?.find((leg) => leg.party === 'service')
    expect((await balanceOf(usdc, wallets().service)) - serviceBefore).toBe(BigInt(serviceLeg!.amount!))
    // Nothing at PARTNER_FEE_RECIPIENT, where fees the service owes unregistered partners arrive.
    expect(await balanceOf(usdc, wallets().partner)).toBe(unregisteredBefore)
    const [row] = await statement('demo-partner')
    expect(row?.fees).toEqual([
      expect.objectContaining({
        settlement: 'venue on chain',
        paidBy: '0x, in the swap',
        symbol: 'USDC',
        venueShare: '0',
      }),
    ])
    expect(row?.tokens.every((entry) => entry.feeOwed === '0')).toBe(true)
    // The same id as a partner's site may spell it (capitals, a typographic dash) is the same partner.
    const respelled = await client.quote(params({ partner: 'Demo\u2010Partner', partnerFeeBps: 25 }))
    expect(respelled.partner).toBe('Demo\u2010Partner')
    expect(respelled.partnerFee).toMatchObject({ recipient: wallets().registeredPartner })
  })

  it('LI.FI keeps its share of the integrator fee: the service receives the rest and owes the partner its net share', async () => {
    await onlyVenue('lifi')
    const quote = await client.quote(
      params({
        sellToken: 'USDC',
        buyToken: 'ETH',
        amount: '400',
        partner: 'lifi-partner',
        partnerFeeBps: 20,
      }),
    )
    expect(quote.provider).toBe('lifi')
    expect(quote.partnerFee).toMatchObject({
      collectedBps: 20,
      note: expect.stringMatching(
        /less LI\.FI's 25% share; the service settles the partner's share off-chain/,
      ),
    })
    expect(quote.partnerFee).not.toHaveProperty('recipient')
    const logged = await loggedLine(quote.quoteId!)
    expect(logged.fees?.map((leg) => [leg.party, leg.bps, leg.venueSharePpm, leg.amount])).toEqual([
      ['service', 30, 250_000, '1200000'],
      ['partner', 20, 250_000, '800000'],
    ])
    const usdc = token('USDC')
    const serviceBefore = await balanceOf(usdc, wallets().service)
    const executed = await execute(quote)
    // 50 bps of 400 USDC is 2 USDC; LI.FI keeps a quarter, the service's wallet gets 1.5.
    expect((await balanceOf(usdc, wallets().service)) - serviceBefore).toBe(1_500_000n)
    const fee = (netExecuted: string) => ({
      settlement: 'us off-chain',
      paidBy: 'the service, off-chain (received in the swap)',
      caip: expect.any(String),
      symbol: 'USDC',
      gross: '0.8',
      venueShare: '0.2',
      net: '0.6',
      netExecuted,
    })
    // Sent, but nobody has followed it through /status yet: quoted, not yet owed.
    const [quoted] = await statement('lifi-partner')
    expect(quoted).toMatchObject({ quotes: 1, executedQuotes: 0, fees: [fee('0')] })
    expect(quoted?.tokens).toEqual([
      expect.objectContaining({ symbol: 'USDC', volume: '400', feeOwed: '0.6', feeOwedExecuted: '0' }),
    ])
    // /status sees the swap delivered (the receipt, checked on chain) and the ledger records the execution.
    const hash = 'txHash' in executed ? executed.txHash : ''
    await vi.waitFor(
      async () => {
        const status = await fetch(`${sandbox.url}/api/sdk/v1/status?quoteId=${quote.quoteId}&hash=${hash}`)
        expect(((await status.json()) as { state: string }).state).toBe('delivered')
      },
      { timeout: 15_000, interval: 200 },
    )
    await vi.waitFor(async () => expect((await statement('lifi-partner'))[0]?.executedQuotes).toBe(1), {
      timeout: 5_000,
      interval: 50,
    })
    const [row] = await statement('lifi-partner')
    expect(row?.fees).toEqual([fee('0.6')])
    expect(row?.tokens).toEqual([
      expect.objectContaining({ symbol: 'USDC', volume: '400', feeOwed: '0.6', feeOwedExecuted: '0.6' }),
    ])
  })

  it("a quote's transaction sent twice is two swaps: the statement owes the partner's fee of each", async () => {
    await onlyVenue('zerox')
    const quote = await client.quote(params({ amount: '0.1', partner: 'resender', partnerFeeBps: 40 }))
    expect(quote.provider).toBe('0x')
    const logged = await loggedLine(quote.quoteId!)
    const owed = BigInt(logged.fees!.find((leg) => leg.party === 'partner')!.amount!)
    const usdc = token('USDC')
    const serviceBefore = await balanceOf(usdc, wallets().service)
    // The same transaction, as it stands, sent twice (a resend that also landed): both swap.
    const hashes = []
    for (let sent = 0; sent < 2; sent += 1) {
      const executed = await execute(quote)
      hashes.push('txHash' in executed ? executed.txHash : '')
    }
    expect(new Set(hashes).size).toBe(2)
    const serviceLeg = BigInt(logged.fees!.find((leg) => leg.party === 'service')!.amount!)
    // Both swaps paid the fees in the swap (the second at the price the first left, a hair lower).
    const received = (await balanceOf(usdc, wallets().service)) - serviceBefore
    expect(received).toBeLessThanOrEqual(2n * (serviceLeg + owed))
    expect(received).toBeGreaterThan((2n * (serviceLeg + owed) * 99n) / 100n)
    for (const hash of hashes) {
      await vi.waitFor(
        async () => {
          const status = await fetch(`${sandbox.url}/api/sdk/v1/status?quoteId=${quote.quoteId}&hash=${hash}`)
          expect(((await status.json()) as { state: string }).state).toBe('delivered')
        },
        { timeout: 15_000, interval: 200 },
      )
    }
    await vi.waitFor(async () => expect((await statement('resender'))[0]?.executions).toBe(2), {
      timeout: 5_000,
      interval: 50,
    })
    const [row] = await statement('resender')
    expect(row).toMatchObject({ quotes: 1, executedQuotes: 1, executions: 2 })
    expect(row?.tokens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ symbol: 'USDC', feeOwedExecuted: formatUnits(2n * owed, 6) }),
      ]),
    )
  })

  it("LI.FI caps a registered partner's fee at its maxFeeBps, as every venue does", async () => {
    await onlyVenue('lifi')
    // `capped-partner` is registered with a 20 bps cap; it asks for 50.
    const quote = await client.quote(
      params({
        sellToken: 'USDC',
        buyToken: 'ETH',
        amount: '400',
        partner: 'capped-partner',
        partnerFeeBps: 50,
      }),
    )
    expect(quote.provider).toBe('lifi')
    expect(quote.partnerFee).toMatchObject({
      requestedBps: 50,
      collectedBps: 20,
      note: expect.stringContaining("the partner's registered cap is 20 bps"),
    })
    const logged = await loggedLine(quote.quoteId!)
    expect(logged.fees?.map((leg) => [leg.party, leg.bps, leg.amount])).toEqual([
      ['service', 30, '1200000'],
      ['partner', 20, '800000'],
    ])
    const usdc = token('USDC')
    const serviceBefore = await balanceOf(usdc, wallets().service)
    await execute(quote)
    // 30 + 20 bps of 400 USDC is 2 USDC, not the 3.2 of 30 + 50; LI.FI keeps a quarter.
    expect((await balanceOf(usdc, wallets().service)) - serviceBefore).toBe(1_500_000n)
  })

  it('CoW pays nothing in the settlement: the capped policies accrue for CoW DAO’s later payout, less its share', async () => {
    await onlyVenue('cow')
    const quote = await client.quote(
      params({
        sellToken: 'USDC',
        buyToken: 'ETH',
        amount: '300',
        partner: 'cow-partner',
        partnerFeeBps: 100,
      }),
    )
    expect(quote.provider).toBe('cow')
    // 70 bps asked after the service's 30; the backend's compounding cap applies 69.79.
    expect(quote.partnerFee).toMatchObject({
      requestedBps: 100,
      collectedBps: 69,
      recipient: wallets().partner,
      note: expect.stringMatching(
        /^Clamped from 100 to 69 bps: .* paid later by CoW DAO .* less CoW DAO's 25% share/,
      ),
    })
    const settlement = sandbox.world.manifest.chains.ETH!.contracts.gpv2Settlement as Address
    const [partnerBefore, heldBefore] = await Promise.all([
      eth.getBalance({ address: wallets().partner }),
      eth.getBalance({ address: settlement }),
    ])
    await execute(quote)
    expect(await eth.getBalance({ address: wallets().partner })).toBe(partnerBefore)
    expect((await eth.getBalance({ address: settlement })) - heldBefore).toBeGreaterThan(0n)
    const [row] = await statement('cow-partner')
    expect(row?.fees).toEqual([
      expect.objectContaining({
        settlement: 'us off-chain',
        paidBy: 'the service, off-chain (once CoW DAO has paid it)',
        symbol: 'ETH',
      }),
    ])
    const [fee] = row!.fees
    // What reaches the partner is the fee less CoW DAO's quarter.
    expect(Number(fee!.venueShare) / Number(fee!.gross)).toBeCloseTo(0.25, 6)
  })

  it('the routing provider’s same-chain route pays its affiliate fee, service’s and partner’s, to the service’s wallet in the swap', async () => {
    await onlyVenue('swapkit')
    const quote = await client.quote(
      params({
        sellToken: 'USDC',
        buyToken: 'WETH',
        amount: '1000',
        partner: 'sk-same-chain',
        partnerFeeBps: 40,
      }),
    )
    expect(quote.provider).toBe('swapkit')
    const logged = await loggedLine(quote.quoteId!)
    const legs = logged.fees ?? []
    expect(legs.find((leg) => leg.party === 'partner')).toMatchObject({ bps: 40, paidTo: 'service' })
    const service = wallets().service
    const before = await balanceOf(token('USDC'), service)
    await execute(quote)
    const received = (await balanceOf(token('USDC'), service)) - before
    // The service's 20 bps and the partner's 40, of the 1,000 USDC sold: what the report counts as received.
    expect(received).toBe(6_000_000n)
  })

  it('the routing provider’s own memo affiliate stays; only the service’s entry is counted, the partner’s part owed', async () => {
    const manifest = sandbox.world.manifest
    const quote = await client.quote({
      sellChain: 'BTC',
      sellToken: 'BTC',
      buyChain: 'ETH',
      buyToken: 'ETH',
      amount: '0.01',
      address: manifest.thorchain!.ledger.BTC!.accounts[0]!,
      recipient: user,
      partner: 'memo-partner',
      partnerFeeBps: 30,
    } as QuoteParams)
    expect(quote.provider).toBe('thorchain')
    // SwapKit's `sk` keeps its 15 bps; `sq` carries affiliateFee: the service's 20 and the partner's 30
    // (the sandbox switches routing-provider partner fees on), settled to the partner off-chain.
    expect(quote.memo).toMatch(/:sk\/sq:15\/50$/)
    expect(quote.partnerFee).toMatchObject({
      collectedBps: 30,
      // THORChain pays affiliates in RUNE, swapped from the fee taken: not the BTC the user paid it in.
      note: expect.stringMatching(
        /service's fee wallet, paid in RUNE \(the venue swaps the fee at the swap's price\); the service settles the partner's share off-chain/,
      ),
    })
    const logged = await loggedLine(quote.quoteId!)
    expect(logged.fees?.find((leg) => leg.party === 'partner')).toMatchObject({
      bps: 30,
      paidTo: 'service',
      recipient: 'sq',
      token: 'sell',
      paidAs: { caip: 'cosmos:thorchain-1/slip44:931', symbol: 'RUNE' },
    })
    expect(logged.serviceBps).toBe(20)
    expect((await statement('memo-partner'))[0]!.fees).toEqual([
      expect.objectContaining({
        symbol: 'BTC',
        paidBy: 'the service, off-chain (received in the swap as RUNE)',
      }),
    ])
  })
})
