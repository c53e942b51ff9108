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
    submitted: [] as SwapQuoteSubmittedEvent[],
    done: undefined as SwapQuoteDoneEvent | undefined,
    errors: [] as SwapQuoteErrorEvent[],
  }
  element.addEventListener('swap-quote:quote', (event: SwapQuoteQuoteEvent) =>
    events.quotes.push(event.quote),
  )
  element.addEventListener('swap-quote:step', (event: SwapQuoteStepEvent) =>
    events.steps.push(event.step.step),
  )
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

async function receiptStatus(provider: SandboxWallet, hash: string): Promise<string | undefined> {
  const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
    status?: string
  } | null
  return receipt?.status
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
      await waitUntil(() => events.done, 'swap-quote:done', 30_000)

      assertEqual(events.steps, [
        'approve:pending',
        'approve:sent',
        'approve:confirmed',
        'swap:pending',
        'swap:sent',
        'swap:confirmed',
      ])
      assertEqual(events.submitted.length, 1, 'submitted once, for the swap')
      const result = events.done!.result
      assert(result.status === 'confirmed', `confirmed, got ${result.status}`)
      assertEqual(events.submitted[0]!.txHash, result.txHash)
      assertEqual(await receiptStatus(provider, result.txHash), '0x1', 'the swap is mined successfully')
      assertEqual(await receiptStatus(provider, result.approvalTxHash!), '0x1', 'the approval is mined')
      const links = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part="tx-link"]')].map(
        (link) => link.getAttribute('href'),
      )
      assertEqual(links, [`/sandbox/tx/1/${result.approvalTxHash}`, `/sandbox/tx/1/${result.txHash}`])
      assert(textOf(element, '[data-testid="execution-message"]').includes('confirmed'), 'outcome shown')
      assertEqual(events.errors.length, 0, 'no error events')
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
        assert(textOf(element, '[data-testid="order-note"]'), 'the order note is shown')

        await clickAction(element, 'Sign order')
        await waitUntil(() => events.done ?? events.errors[0], 'swap-quote:done', 45_000)

        assertEqual(
          events.errors.map((event) => `${event.source} ${event.code}: ${event.message}`),
          [],
          `no errors (steps ${events.steps.join(', ')})`,
        )
        const result = events.done!.result
        assert(result.status === 'filled', `filled, got ${result.status}`)
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
        assertEqual(
          events.submitted.map((event) => event.orderUid),
          [result.orderUid],
          'submitted once, with the order uid',
        )
        assert(textOf(element, '[data-testid="execution-message"]').includes('filled'), 'outcome shown')
        assert(textOf(element, '[part="progress"]').includes(result.orderUid.slice(0, 10)), 'order uid shown')
      } finally {
        restoreFetch()
        await clearFaults()
      }
    },
    SANDBOX_TEST_TIMEOUT_MS,
  )

  it(
    'shows BTC -> ETH deposit instructions: address, memo, amount and a QR code',
    async () => {
      const { url, btcSender } = await sandbox()
      const element = await mount({
        'api-base': url,
        'sell-chain': 'BTC',
        'sell-token': 'BTC',
        'buy-chain': 'ETH',
        'buy-token': 'ETH',
        amount: '0.01',
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
      await waitUntil(() => events.done, 'swap-quote:done')

      assertEqual(events.done!.result.status, 'instructions')
      assertEqual(events.steps, ['deposit:instructions'])
      assertEqual(events.submitted.length, 0, 'nothing submitted by the widget')
      assertEqual(textOf(element, '[data-testid="deposit-address"]'), quote.depositAddress)
      assertEqual(textOf(element, '[data-testid="deposit-memo"]'), quote.memo)
      assertEqual(textOf(element, '[data-testid="deposit-amount"]'), '0.01')
      assert(
        textOf(element, '[part="deposit"]').includes('Send exactly 0.01 BTC on BTC'),
        'plain instructions',
      )
      const qr = await waitUntil(() => $<HTMLImageElement>(element, '[part="qr"]'), 'the QR code')
      assert(qr.src.startsWith('data:image/png;base64,'), 'the QR code is an image')
      // Not `qr.decode()`: it never settles in a page Chromium keeps in the background.
      await waitUntil(() => qr.complete && qr.naturalWidth > 0, 'the QR code renders')
    },
    SANDBOX_TEST_TIMEOUT_MS,
  )
})
