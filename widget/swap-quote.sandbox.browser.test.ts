import type { Hex } from 'viem'
import { createSandboxWallet, type SandboxWallet } from '../demo/sandboxWallet/createSandboxWallet'
import type { Quote } from '../shared/schemas'
import type {
  SwapQuoteDoneEvent,
  SwapQuoteErrorEvent,
  SwapQuoteQuoteEvent,
  SwapQuoteStepEvent,
  SwapQuoteSubmittedEvent,
} from './events'
import type { SwapQuote } from './swap-quote'
import { $, assert, assertEqual, describe, it, mount, textOf, typeInto, waitUntil } from './test/harness'

/*
 * <swap-quote> against the real sandbox world: the API's quotes, executed by dev account 0's wallet on
 * the anvil chains through the sandbox's `/sandbox/rpc` bridge (proxied same-origin by the test
 * server, see web-test-runner.config.mjs), CoW orders settled by the sandbox solver, and a
 * THORChain deposit route.
 */

/** The first test also waits for the sandbox to start; settling runs real transactions. */
const SANDBOX_TEST_TIMEOUT_MS = 60_000

type SandboxInfo = {
  url: string
  cowUrl: string
  privateKey: Hex
  chains: { chainId: number; symbol: string }[]
  btcSender: string
}

let info: SandboxInfo | undefined

async function sandbox(): Promise<SandboxInfo> {
  info ??= (await (await fetch('/__sandbox.json')).json()) as SandboxInfo
  return info
}

const proxy = (name: string) => `${location.origin}/__sandbox/proxy/${name}`

/**
 * The order book's URLs in a quote point at the sandbox (its `/sandbox/...` routes or the CoW
 * simulator's own origin), which answer no CORS preflight for a JSON PUT or POST from this test
 * page's origin (the live CoW API does). Those requests go through the test server's same-origin
 * proxy, unchanged otherwise; the API's own GETs stay cross-origin, as a host page makes them.
 */
function routeSandboxThroughProxy({ url: sandboxUrl, cowUrl }: SandboxInfo): () => void {
  const original = window.fetch
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (url.startsWith(`${sandboxUrl}/sandbox/`)) {
      return original(proxy('sandbox') + url.slice(sandboxUrl.length), init)
    }
    if (url.startsWith(cowUrl)) return original(proxy('cow') + url.slice(cowUrl.length), init)
    return original(input, init)
  }
  return () => (window.fetch = original)
}

async function wallet(): Promise<SandboxWallet> {
  const { privateKey, chains } = await sandbox()
  return createSandboxWallet({
    privateKey,
    chains: chains.map(({ chainId, symbol }) => ({
      chainId,
      name: symbol,
      nativeSymbol: symbol,
      rpcUrl: `${proxy('sandbox')}/sandbox/rpc/${chainId}`,
    })),
  })
}

async function setFaults(faults: { simulator: string; mode: string }[]): Promise<void> {
  for (const fault of faults) {
    const control = fault.simulator === 'swapkit' ? 'thorfaults' : 'faults'
    const response = await fetch(`${proxy(control)}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    })
    assertEqual(response.status, 200, 'fault set')
  }
}

async function clearFaults(): Promise<void> {
  await fetch(`${proxy('faults')}/faults`, { method: 'DELETE' })
  await fetch(`${proxy('thorfaults')}/faults`, { method: 'DELETE' })
}

/** Records every event the element fires during an execution. */
function record(element: SwapQuote) {
  const events = {
    quotes: [] as Quote[],
    steps: [] as string[],
    /** Each transaction's hash by the step that reported it (`approve:sent`, `swap:sent`). */
    hashes: {} as Record<string, string>,
    submitted: [] as SwapQuoteSubmittedEvent[],
    done: undefined as SwapQuoteDoneEvent | undefined,
    errors: [] as SwapQuoteErrorEvent[],
  }
  element.addEventListener('swap-quote:quote', (event: SwapQuoteQuoteEvent) =>
    events.quotes.push(event.quote),
  )
  element.addEventListener('swap-quote:step', (event: SwapQuoteStepEvent) => {
    events.steps.push(event.step.step)
    if (event.step.txHash) events.hashes[event.step.step] = event.step.txHash
  })
  element.addEventListener('swap-quote:submitted', (event) => events.submitted.push(event))
  element.addEventListener('swap-quote:done', (event) => (events.done = event))
  element.addEventListener('swap-quote:error', (event) => events.errors.push(event))
  return events
}

/** Waits for a firm quote for the connected account, then returns it. */
async function firmQuote(element: SwapQuote, events: ReturnType<typeof record>): Promise<Quote> {
  await waitUntil(
    () => !$(element, '[data-testid="indicative"]') && textOf(element, '[data-testid="buy-amount"]'),
    'a firm quote is shown',
    20_000,
  )
  const quote = events.quotes.at(-1)
  assert(quote, 'swap-quote:quote fired')
  return quote
}

async function clickAction(element: SwapQuote, label: string): Promise<void> {
  const button = await waitUntil(() => {
    const candidate = $<HTMLButtonElement>(element, '[part="action-button"]')
    return candidate && !candidate.disabled && candidate.textContent?.trim() === label ? candidate : undefined
  }, `the "${label}" button`)
  button.click()
}

/**
 * Waits until the element's delivery view says Delivered and `swap-quote:done` reported it (a quote
 * with a `quoteId` is followed to delivery), then returns that result.
 */
async function delivered(element: SwapQuote, events: ReturnType<typeof record>, timeoutMs: number) {
  await waitUntil(() => events.done ?? events.errors[0], 'swap-quote:done', timeoutMs)
  assertEqual(
    events.errors.map((event) => `${event.source} ${event.code}: ${event.message}`),
    [],
    `no errors (steps ${events.steps.join(', ')})`,
  )
  const result = events.done!.result
  assert(result.status === 'delivered', `delivered, got ${result.status}`)
  await waitUntil(
    () => $(element, '[data-testid="delivery"]')?.getAttribute('data-state') === 'delivered',
    'the delivery view says delivered',
  )
  assert(textOf(element, '[data-testid="delivery-status"]').startsWith('Delivered:'), 'delivery shown')
  return result
}

async function receiptStatus(provider: SandboxWallet, hash: string): Promise<string | undefined> {
  const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
    status?: string
  } | null
  return receipt?.status
}

/** 0.01 BTC for ETH on Ethereum: a deposit route, with the user's BTC address typed into the form. */
const BTC_TO_ETH = {
  'sell-chain': 'BTC',
  'sell-token': 'BTC',
  'buy-chain': 'ETH',
  'buy-token': 'ETH',
  amount: '0.01',
}

describe('<swap-quote> on the sandbox world', () => {
  it(
    'approves and swaps USDC -> ETH on Ethereum, linking each transaction through explorer-url',
    async () => {
      const { url } = await sandbox()
      const provider = await wallet()
      const element = await mount({
        'api-base': url,
        'sell-chain': 'ETH',
        'sell-token': 'USDC',
        'buy-chain': 'ETH',
        'buy-token': 'ETH',
        // A transaction route (0x): a small USDC sell on Ethereum goes to CoW, where gas is dear.
        amount: '5000',
        'explorer-url': '/sandbox/tx/{chainId}/{hash}',
      })
      const events = record(element)
      element.provider = provider
      const quote = await firmQuote(element, events)
      assert(quote.approval && quote.tx, `a quote with an approval and a transaction (${quote.provider})`)
      // The floor the chain enforces, to 7 significant digits and never rounded up.
      const floor = new Intl.NumberFormat(navigator.language, {
        maximumSignificantDigits: 7,
        maximumFractionDigits: 0,
        roundingPriority: 'morePrecision',
        roundingMode: 'trunc',
      }).format(quote.minBuyAmount as unknown as number)
      assertEqual(textOf(element, '[data-testid="min-buy-amount"]'), `${floor} ETH`)

      await clickAction(element, 'Swap')
      const result = await delivered(element, events, 45_000)

      assertEqual(events.steps, [
        'approve:pending',
        'approve:sent',
        'approve:confirmed',
        'swap:pending',
        'swap:sent',
        'swap:confirmed',
      ])
      assertEqual(events.submitted.length, 1, 'submitted once, for the swap')
      const swapHash = events.hashes['swap:sent']!
      const approvalHash = events.hashes['approve:sent']!
      assertEqual(events.submitted[0]!.txHash, swapHash)
      // On one chain the swap's own transaction is the delivery.
      assertEqual(result.sourceTx, { chain: 'ETH', hash: swapHash })
      assertEqual(result.destinationTx, { chain: 'ETH', hash: swapHash })
      assertEqual(await receiptStatus(provider, swapHash), '0x1', 'the swap is mined successfully')
      assertEqual(await receiptStatus(provider, approvalHash), '0x1', 'the approval is mined')
      const links = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part="tx-link"]')].map(
        (link) => [link.textContent, link.getAttribute('href')],
      )
      assertEqual(links, [
        ['View transaction', `/sandbox/tx/1/${approvalHash}`],
        ['View transaction', `/sandbox/tx/1/${swapHash}`],
        ['View delivery', `/sandbox/tx/1/${swapHash}`],
      ])
    },
    SANDBOX_TEST_TIMEOUT_MS,
  )

  it(
    'asks the user to confirm a trade of cents whose network fee outweighs what arrives',
    async () => {
      const { url } = await sandbox()
      const element = await mount({
        'api-base': url,
        'sell-chain': 'ETH',
        'sell-token': 'USDC',
        'buy-chain': 'ETH',
        'buy-token': 'ETH',
        amount: '0.1',
      })
      const events = record(element)
      element.provider = await wallet()
      const quote = await firmQuote(element, events)
      assert(quote.tx && quote.networkCost, `a transaction route with a network cost (${quote.provider})`)
      assert(Number(quote.networkCost) > Number(quote.buyAmount), 'the gas is worth more than what arrives')
      // Counted in the price impact, as a CoW order counts it: a warning, and a confirmation before Swap.
      await waitUntil(
        () => textOf(element, '[data-testid="price-impact-warning"]').includes('100%'),
        'warned: about 100% less than the trade is worth',
      )
      await waitUntil(
        () => textOf(element, '[part="action-button"]') === 'Confirm the price impact',
        'no Swap before the confirmation',
      )
      assert($<HTMLButtonElement>(element, '[part="action-button"]')!.disabled, 'the button waits')
    },
    SANDBOX_TEST_TIMEOUT_MS,
  )

  it(
    'signs a CoW order that the sandbox solver fills, when only CoW can quote',
    async () => {
      const { url } = await sandbox()
      await setFaults(['zerox', 'lifi', 'swapkit'].map((simulator) => ({ simulator, mode: 'noLiquidity' })))
      const restoreFetch = routeSandboxThroughProxy(await sandbox())
      try {
        const element = await mount({
          'api-base': url,
          'sell-chain': 'ETH',
          'sell-token': 'USDC',
          'buy-chain': 'ETH',
          'buy-token': 'ETH',
          amount: '250',
        })
        const events = record(element)
        element.provider = await wallet()
        const quote = await firmQuote(element, events)
        assertEqual(quote.provider, 'cow')
        assertEqual(textOf(element, '[data-testid="provider"]'), 'CoW Protocol')
        // Above the button that signs it, with the checks before a swap (their chunk loads with the quote).
        await waitUntil(() => textOf(element, '[data-testid="order-note"]'), 'the order note is shown')

        await clickAction(element, 'Sign order')
        const result = await delivered(element, events, 50_000)
        assertEqual(events.steps, [
          'approve:pending',
          'approve:sent',
          'approve:confirmed',
          'appdata:uploaded',
          'sign:pending',
          'sign:signed',
          'order:posted',
          'order:filled',
        ])
        const orderUid = events.submitted[0]?.orderUid
        assert(orderUid, 'submitted with the order uid')
        assertEqual(events.submitted.length, 1, 'submitted once')
        assertEqual(result.route, 'order')
        assertEqual(result.sourceTx, { chain: 'ETH', hash: orderUid })
        assert(result.destinationTx?.chain === 'ETH', 'the settlement is the delivery')
        assert(textOf(element, '[part="progress"]').includes(orderUid.slice(0, 10)), 'order uid shown')
      } finally {
        restoreFetch()
        await clearFaults()
      }
    },
    SANDBOX_TEST_TIMEOUT_MS,
  )

  it(
    'marks the address the service refused for a checksum typo, with its words, until it is corrected',
    async () => {
      const { url, btcSender } = await sandbox()
      const element = await mount({
        'api-base': url,
        ...BTC_TO_ETH,
      })
      element.provider = await wallet()
      const field = await waitUntil(
        () => $<HTMLInputElement>(element, '[part="from"]'),
        'the BTC address field',
      )
      // One character off: a BTC address's shape, which the element checks, with a wrong checksum.
      typeInto(field, btcSender.slice(0, -1) + (btcSender.endsWith('q') ? 'p' : 'q'))
      await waitUntil(() => field.getAttribute('aria-invalid') === 'true', 'the field marked invalid')
      const description = field
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => element.shadowRoot!.getElementById(id)?.textContent ?? '')
        .join(' ')
      assert(/wrong checksum for a BTC address/.test(description), `described by the refusal: ${description}`)
      typeInto(field, btcSender)
      await waitUntil(
        () => textOf(element, '[data-testid="buy-amount"]'),
        'a quote for the corrected address',
      )
      assertEqual(field.getAttribute('aria-invalid'), 'false', 'no longer marked')
    },
    SANDBOX_TEST_TIMEOUT_MS,
  )

  it(
    'shows BTC -> ETH deposit instructions, the QR code once the memo is confirmed, and tracks the deposit to delivery',
    async () => {
      const { url, btcSender } = await sandbox()
      const element = await mount({
        'api-base': url,
        ...BTC_TO_ETH,
        'explorer-url': '/sandbox/tx/{chainId}/{hash}',
      })
      const events = record(element)
      const provider = await wallet()
      element.provider = provider
      await waitUntil(() => $(element, '[part="from"]'), 'the BTC address field')
      typeInto($<HTMLInputElement>(element, '[part="from"]'), btcSender)
      const quote = await firmQuote(element, events)
      assert(quote.depositAddress && quote.memo, 'a deposit route')
      assert(quote.memo.toLowerCase().includes(provider.address.toLowerCase()), 'the memo pays the account')

      await clickAction(element, 'Show deposit instructions')
      await waitUntil(() => $(element, '[part="deposit"]'), 'the deposit instructions')

      assertEqual(events.steps, ['deposit:instructions'])
      assertEqual(events.submitted.length, 0, 'nothing submitted by the widget')
      assertEqual(events.done, undefined, 'not done before the deposit is delivered')
      assertEqual($(element, '[data-testid="delivery"]')?.getAttribute('data-state'), 'awaiting')
      assertEqual(textOf(element, '[data-testid="deposit-address"]'), quote.depositAddress)
      assertEqual(textOf(element, '[data-testid="deposit-memo"]'), quote.memo)
      assertEqual(textOf(element, '[data-testid="deposit-amount"]'), '0.01')
      assert(
        textOf(element, '[part="deposit"]').includes('Send exactly 0.01 BTC on Bitcoin'),
        'plain instructions',
      )
      // A QR code cannot carry the memo: it shows only once the user says their wallet attaches it.
      assertEqual($(element, '[part="qr"]'), null, 'no QR code before the memo is confirmed')
      $<HTMLInputElement>(element, '[part="qr-confirm"]')!.click()
      const qr = await waitUntil(() => $<HTMLImageElement>(element, '[part="qr"]'), 'the QR code')
      assert(qr.src.startsWith('data:image/png;base64,'), 'the QR code is an image')
      // Not `qr.decode()`: it never settles in a page Chromium keeps in the background.
      await waitUntil(() => qr.complete && qr.naturalWidth > 0, 'the QR code renders')

      // The demo account's BTC wallet on the sandbox ledger sends the deposit with the memo.
      const sent = await fetch(`${proxy('sandbox')}/sandbox/ledger/BTC/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: quote.depositAddress, amount: '1000000', memo: quote.memo }),
      })
      assertEqual(sent.status, 200, 'the ledger took the deposit')
      const result = await delivered(element, events, 50_000)
      assertEqual(result.route, 'deposit')
      assertEqual($(element, '[part="deposit"]'), null, 'the instructions give way to the tracking')
      assert(result.destinationTx?.chain === 'ETH', 'paid out on Ethereum')
      const payout = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part="tx-link"]')].find(
        (link) => link.textContent === 'View delivery',
      )
      assertEqual(payout?.getAttribute('href'), `/sandbox/tx/1/${result.destinationTx.hash}`)
      assertEqual(await receiptStatus(provider, result.destinationTx.hash), '0x1', 'the payout is mined')
    },
    SANDBOX_TEST_TIMEOUT_MS,
  )
})
