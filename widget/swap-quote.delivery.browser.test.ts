import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'
import type { SwapQuoteDoneEvent, SwapQuoteErrorEvent } from './events'
import type { DelayTimers } from './parts/delay'
import { SWAP_RECORD_PREFIX } from './parts/hasSwapRecord'
import { saveSwapRecord } from './parts/swapRecords'
import type { SwapQuote } from './swap-quote'
import type { FakeStatusStep } from './test/fakeApi'
import {
  $,
  afterEach,
  assert,
  assertEqual,
  describe,
  it,
  quoteLog,
  scenarioBase,
  textOf,
  typeInto,
  waitForQuote,
  waitUntil,
} from './test/harness'

const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const btcAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const deliveryHash = `0x${'de'.repeat(32)}`

/**
 * Timers the test runs by hand: the status polls wait on them, so each `tick` is one poll, and no
 * test waits out the real 3 to 15 s between polls.
 */
function handTimers() {
  const waiting = new Set<() => void>()
  const timers: DelayTimers = {
    setTimeout: (run) => {
      waiting.add(run)
      return run
    },
    clearTimeout: (timer) => waiting.delete(timer as () => void),
  }
  return {
    timers,
    /** Waits until a poll is scheduled, then runs it. */
    async tick() {
      await waitUntil(() => waiting.size > 0, 'a status poll is scheduled', 15_000)
      const due = [...waiting]
      waiting.clear()
      for (const run of due) run()
    },
  }
}

const elements: SwapQuote[] = []

/** Mounts `<swap-quote>` whose status polls wait on `timers` (set before it connects). */
async function mountTracked(attributes: Record<string, string>, timers: DelayTimers): Promise<SwapQuote> {
  const element = document.createElement('swap-quote')
  // The status polls (3 to 15 s apart, a resumed one at once) wait on `timers`; the rest of the element (the quote's
  // debounce, the countdowns, a refresh long after) keeps the page's own.
  const isPoll = (ms: number) => ms === 0 || (ms >= 3_000 && ms <= 15_000)
  const polls = new Set<unknown>()
  element.clock = {
    now: () => Date.now(),
    setTimeout: (run, ms) => {
      if (!isPoll(ms)) return setTimeout(run, ms)
      const timer = timers.setTimeout(run, ms)
      polls.add(timer)
      return timer
    },
    clearTimeout: (timer) => {
      if (polls.delete(timer)) timers.clearTimeout(timer)
      else clearTimeout(timer as ReturnType<typeof setTimeout>)
    },
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  elements.push(element)
  await element.updateComplete
  return element
}

afterEach(() => {
  for (const element of elements.splice(0)) element.remove()
  for (const key of Object.keys(localStorage)) if (key.startsWith('swap-quote:')) localStorage.removeItem(key)
})

/** A fake API session whose `/status` answers `script`, one step per poll. */
async function scripted(scenario: string, script: FakeStatusStep[]): Promise<string> {
  const api = await scenarioBase(scenario)
  await fetch(`${api}/__status`, { method: 'POST', body: JSON.stringify(script) })
  return api
}

async function polls(api: string): Promise<{ hash: string | null }[]> {
  return (await fetch(`${api}/__status`)).json()
}

/** A connected wallet and a firm quote for it, on `api`. */
async function connected(
  api: string,
  attributes: Record<string, string>,
  timers: DelayTimers,
  wallet: { pendingPolls?: number } = {},
) {
  const element = await mountTracked(
    { 'api-base': api, 'sell-chain': 'ETH', 'sell-token': 'ETH', amount: '1', ...attributes },
    timers,
  )
  element.provider = createFakeProvider({ accounts: [user], ...wallet })
  await waitUntil(
    () => quoteLog(api).then((log) => log.some((entry) => entry.query.address === user)),
    'quoted for the account',
    15_000,
  )
  await waitUntil(
    () => !$(element, '[data-testid="indicative"]') && $(element, '[data-testid="buy-amount"]'),
    'firm',
  )
  return element
}

const action = (element: SwapQuote) =>
  waitUntil(() => $<HTMLButtonElement>(element, '[part="action-button"]:not([disabled])'), 'action button')

const status = (element: SwapQuote) => textOf(element, '[data-testid="delivery-status"]')
/** The stage marked current for assistive technology. */
const current = (element: SwapQuote) =>
  $(element, '[part="delivery"] [aria-current="step"]')?.getAttribute('data-stage') ?? ''

/** Mounts a BTC deposit route with its refund address filled in, and shows its instructions. */
async function depositShown(api: string, timers: DelayTimers) {
  const element = await mountTracked(
    {
      'api-base': api,
      'sell-chain': 'BTC',
      'sell-token': 'BTC',
      'buy-chain': 'ETH',
      'buy-token': 'ETH',
      amount: '0.01',
      recipient: user,
    },
    timers,
  )
  typeInto(
    await waitUntil(() => $<HTMLInputElement>(element, 'input[name="from"]'), 'from field'),
    btcAddress,
  )
  await waitForQuote(element)
  ;(await action(element)).click()
  await waitUntil(() => textOf(element, '[data-testid="deposit-address"]'), 'deposit address', 15_000)
  return element
}

describe('<swap-quote> follows a swap to delivery', () => {
  it('says On its way once confirmed, then Delivered with the delivery link, and fires done only on delivery', async () => {
    const hand = handTimers()
    const api = await scripted('ok', [
      { state: 'pending' },
      { state: 'inFlight' },
      {
        state: 'delivered',
        destinationTx: { chain: 'BASE', hash: deliveryHash },
        deliveredAmount: '2500.000001',
      },
    ])
    const element = await connected(
      api,
      { 'buy-chain': 'BASE', 'buy-token': 'USDC', recipient: user },
      hand.timers,
    )
    const done: SwapQuoteDoneEvent[] = []
    element.addEventListener('swap-quote:done', (event) => done.push(event))
    ;(await action(element)).click()
    await waitUntil(
      () => $(element, '[data-step="swap:confirmed"]'),
      'the source transaction confirmed',
      30_000,
    )
    // Confirmed on the sell chain is not delivered: the tester saw "Done: the swap is confirmed" here.
    assert(!textOf(element, '[part="progress"]').includes('Done'), textOf(element, '[part="progress"]'))
    assertEqual(done.length, 0, 'no done at confirmation')
    // Confirmed is past "waiting for the network to confirm it" (the tester saw that under "Swap
    // confirmed"): on its way, and a venue that has not seen the transaction yet does not take it back.
    assertEqual(current(element), 'On its way')
    assert(!status(element).startsWith('Sent:'), status(element))
    // Inside the progress log a screen reader reads what is added: the sentence, not the three stages at
    // once ("Sent, On its way, Delivered" before anything is delivered).
    const stages = $(element, '[part="delivery"] [data-stage]')!
    assert(stages.closest('[aria-hidden="true"]'), 'the stages are for the eye')
    assert(
      !$(element, '[data-testid="delivery-status"]')!.closest('[aria-hidden="true"]'),
      'the sentence is read',
    )

    await hand.tick()
    await waitUntil(async () => (await polls(api)).length === 1, 'the first poll, answered pending')
    await element.updateComplete
    assertEqual(current(element), 'On its way')
    assert(!status(element).startsWith('Sent:'), status(element))
    await hand.tick()
    await waitUntil(() => current(element) === 'On its way', 'on its way')
    assert(status(element).includes('on Base'), status(element))
    assertEqual(done.length, 0, 'no done while in flight')

    await hand.tick()
    await waitUntil(() => done.length > 0, 'swap-quote:done')
    assertEqual(current(element), 'Delivered')
    assert(status(element).startsWith('Delivered: 2,500 USDC reached the recipient on Base'), status(element))
    const link = $<HTMLAnchorElement>(element, '[data-testid="delivery-status"] a')
    assertEqual(link?.href, `https://basescan.org/tx/${deliveryHash}`)
    assertEqual(done.length, 1)
    assertEqual(done[0]!.result.status, 'delivered')
    assert(
      'deliveredAmount' in done[0]!.result && done[0]!.result.deliveredAmount === '2500.000001',
      'amount',
    )
    // Every poll named the transaction the wallet sent.
    const sent = $(element, '[data-step="swap:sent"] a')?.getAttribute('href') ?? ''
    const made = await polls(api)
    assertEqual(made.length, 3)
    assert(
      made.every((poll) => poll.hash && sent.endsWith(poll.hash)),
      JSON.stringify(made),
    )
    assert($(element, '[part="progress"] ~ button'), 'New quote once delivered')
  }, 60_000)

  it('reports a refund with its reason as an alert and as done with status refunded', async () => {
    const hand = handTimers()
    const api = await scripted('ok', [
      { state: 'inFlight' },
      {
        state: 'refunded',
        reason: 'The price moved past the minimum.',
        destinationTx: { chain: 'ETH', hash: deliveryHash },
        deliveredAmount: '0.998',
      },
    ])
    const element = await connected(
      api,
      { 'buy-chain': 'BASE', 'buy-token': 'USDC', recipient: user },
      hand.timers,
    )
    let done: SwapQuoteDoneEvent | undefined
    element.addEventListener('swap-quote:done', (event) => (done = event))
    ;(await action(element)).click()
    await hand.tick()
    await waitUntil(() => current(element) === 'On its way', 'on its way')
    await hand.tick()
    await waitUntil(() => done, 'swap-quote:done')
    assertEqual(done!.result.status, 'refunded')
    const refund = $(element, '[data-testid="delivery-status"]')!
    assertEqual(refund.getAttribute('role'), 'alert')
    assert(status(element).includes('0.998 ETH went back'), status(element))
    assert(status(element).includes('The price moved past the minimum.'), status(element))
    assertEqual(current(element), 'Refunded')
  }, 60_000)

  it('reports a swap /status says failed as swap-quote:error, never as done', async () => {
    const hand = handTimers()
    const api = await scripted('ok', [{ state: 'failed', reason: 'The order expired unfilled.' }])
    const element = await connected(api, { 'buy-token': 'USDC' }, hand.timers)
    const done: SwapQuoteDoneEvent[] = []
    let error: SwapQuoteErrorEvent | undefined
    element.addEventListener('swap-quote:done', (event) => done.push(event))
    element.addEventListener('swap-quote:error', (event) => (error = event))
    ;(await action(element)).click()
    await hand.tick()
    await waitUntil(() => error, 'swap-quote:error')
    assertEqual(error!.code, 'delivery-failed')
    assert(status(element).includes('The order expired unfilled.'), status(element))
    assertEqual(done.length, 0)
  }, 60_000)

  it('keeps a same-chain signed order running until /status says delivered, polling with the order uid', async () => {
    const hand = handTimers()
    const api = await scripted('order', [
      { state: 'pending' },
      { state: 'delivered', deliveredAmount: '2500' },
    ])
    const element = await connected(api, { 'sell-token': 'USDC', 'buy-token': 'ETH' }, hand.timers)
    const done: SwapQuoteDoneEvent[] = []
    element.addEventListener('swap-quote:done', (event) => done.push(event))
    ;(await action(element)).click()
    await waitUntil(() => $(element, '[data-step="order:filled"]'), 'order filled', 15_000)
    assertEqual(done.length, 0, 'no done when the order fills')
    await hand.tick()
    await hand.tick()
    await waitUntil(() => done.length > 0, 'swap-quote:done')
    assertEqual(done[0]!.result.status, 'delivered')
    assertEqual((await polls(api))[0]!.hash, `0x${'0d'.repeat(56)}`)
  }, 60_000)

  it('says a signed order waits for solvers to fill it, not for a network, and settles once filled', async () => {
    const hand = handTimers()
    const api = await scripted('order', [{ state: 'pending' }, { state: 'inFlight' }])
    // A signed order kept by an earlier page, not filled yet: the new element picks it up.
    const { quoteId } = (await (
      await fetch(
        `${api}/api/sdk/v1/quote?sellChain=ETH&sellToken=USDC&buyChain=ETH&buyToken=ETH&amount=2500`,
      )
    ).json()) as { quoteId: string }
    saveSwapRecord({
      quoteId,
      apiBase: api,
      page: location.pathname,
      route: 'order',
      hash: `0x${'0d'.repeat(56)}`,
      sellChain: 'ETH',
      sellSymbol: 'USDC',
      sellAmount: '2500',
      buyChain: 'ETH',
      buySymbol: 'ETH',
      minBuyAmount: '0.99',
      state: 'pending',
    })
    const element = await mountTracked(
      { 'api-base': api, 'sell-chain': 'ETH', 'sell-token': 'USDC', 'buy-token': 'ETH', amount: '2500' },
      hand.timers,
    )
    await hand.tick()
    await waitUntil(() => current(element) === 'Sent', 'the kept order is shown')
    assertEqual(status(element), 'Order placed, waiting for solvers to fill it.')
    await hand.tick()
    await waitUntil(() => current(element) === 'On its way', 'filled: on its way')
    assertEqual(status(element), 'On its way: the swap is settling.')
  }, 60_000)

  it('ends a tracking the service will never answer (an expired quote) with its words and "New quote", not a locked form', async () => {
    const hand = handTimers()
    const api = await scripted('ok', [{ state: 'pending' }])
    // A swap kept by an earlier visit, of a quote the service no longer follows (404 NOT_FOUND).
    saveSwapRecord({
      quoteId: 'q_gone-for-good',
      apiBase: api,
      page: location.pathname,
      route: 'tx',
      hash: `0x${'0e'.repeat(32)}`,
      sellChain: 'ETH',
      sellSymbol: 'ETH',
      sellAmount: '1',
      buyChain: 'ETH',
      buySymbol: 'USDC',
      minBuyAmount: '2900',
      state: 'inFlight',
    })
    assert(localStorage.getItem(`${SWAP_RECORD_PREFIX}q_gone-for-good`), 'kept before')
    const element = await mountTracked({ 'api-base': api, 'buy-token': 'USDC', amount: '1' }, hand.timers)
    await waitUntil(() => current(element) === 'On its way', 'the kept swap is shown')
    assert(
      $(element, 'input[name="amount"]')!.matches(':disabled'),
      'the form is locked while it is followed',
    )
    const promise = () => textOf(element, '[part="delivery"]').includes('You can leave this page')
    assert(promise(), 'followed: it will be picked up again')
    await hand.tick()
    await waitUntil(() => textOf(element, '[data-testid="execution-message"]'), "the service's words")
    assert(
      textOf(element, '[data-testid="execution-message"]').includes('Unknown quote'),
      textOf(element, '[data-testid="execution-message"]'),
    )
    assert(!promise(), 'no longer promised to be picked up again')
    const newQuote = await waitUntil(
      () =>
        [...element.shadowRoot!.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'New quote',
        ),
      '"New quote" offered',
    )
    newQuote.click()
    await waitUntil(() => !$(element, 'input[name="amount"]')!.matches(':disabled'), 'the form is back')
    assertEqual(localStorage.getItem(`${SWAP_RECORD_PREFIX}q_gone-for-good`), null, 'the record is forgotten')
  }, 60_000)

  it('keeps retrying a failed status poll rather than end the tracking', async () => {
    const hand = handTimers()
    const api = await scripted('ok', [{ state: 'delivered' }])
    const element = await connected(api, { 'buy-token': 'USDC' }, hand.timers)
    let done: SwapQuoteDoneEvent | undefined
    element.addEventListener('swap-quote:done', (event) => (done = event))
    // The service cannot be reached for one poll.
    const realFetch = window.fetch
    let statusCalls = 0
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/status?') && statusCalls++ === 0)
        return Promise.reject(new TypeError('Failed to fetch'))
      return realFetch(input, init)
    }
    try {
      ;(await action(element)).click()
      await hand.tick()
      await hand.tick()
      await waitUntil(() => done, 'delivered after a failed poll')
      assertEqual(statusCalls, 2, 'one failed poll, then one that answered')
    } finally {
      window.fetch = realFetch
    }
  }, 60_000)
})

describe('<swap-quote> deposit routes are followed until delivered', () => {
  it('keeps the instructions until the deposit is seen, then shows the tracking instead, and fires done on delivery', async () => {
    const hand = handTimers()
    const depositHash = 'ab'.repeat(32)
    const api = await scripted('deposit', [
      { state: 'pending' },
      { state: 'inFlight', sourceTx: { chain: 'BTC', hash: depositHash } },
      { state: 'delivered', destinationTx: { chain: 'ETH', hash: deliveryHash }, deliveredAmount: '0.39' },
    ])
    let done: SwapQuoteDoneEvent | undefined
    const element = await depositShown(api, hand.timers)
    element.addEventListener('swap-quote:done', (event) => (done = event))
    // The tester saw done fire right here, with nothing sent yet.
    assertEqual(done, undefined, 'no done when the instructions show')
    assert(status(element).startsWith('Waiting for your deposit of 0.01 BTC'), status(element))

    await hand.tick()
    await waitUntil(() => polls(api).then((made) => made.length === 1), 'first poll')
    assert(
      textOf(element, '[data-testid="deposit-expiry"]').startsWith('Time left'),
      'still waiting: time left',
    )
    assertEqual((await polls(api))[0]!.hash, null, 'a deposit is polled without a hash')

    await hand.tick()
    await waitUntil(() => current(element) === 'On its way', 'deposit seen, on its way')
    for (const gone of [
      '[data-testid="deposit-expiry"]',
      '[data-testid="deposit-address"]',
      '[part="deposit"]',
    ]) {
      assert(!$(element, gone), `${gone} is gone once the deposit is seen`)
    }
    assertEqual(done, undefined)

    await hand.tick()
    await waitUntil(() => done, 'swap-quote:done')
    assertEqual(done!.result.status, 'delivered')
    assertEqual((await polls(api))[2]!.hash, depositHash, 'polled with the deposit once seen')
    assert(status(element).startsWith('Delivered: 0.39 ETH'), status(element))
  }, 60_000)

  it('shows the QR code only once the user confirms their wallet can attach the memo, and keeps the copy buttons', async () => {
    const hand = handTimers()
    const element = await depositShown(await scripted('deposit', [{ state: 'pending' }]), hand.timers)
    assertEqual(element.shadowRoot!.querySelectorAll('[part="copy-button"]').length, 3)
    const warning = textOf(element, '[data-testid="memo-warning"]')
    assert(warning.includes('never the memo'), warning)
    // The tester could scan the address with no word about the memo: no QR code without the confirmation.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    assert(!$(element, '[part="qr"]'), 'no QR code before the confirmation')
    const confirm = $<HTMLInputElement>(element, '[part="qr-confirm"]')!
    confirm.click()
    const qr = await waitUntil(() => $<HTMLImageElement>(element, '[part="qr"]'), 'QR code', 10_000)
    assert(qr.src.startsWith('data:image/png'), 'QR code image')
    assert(qr.alt.includes('without the memo'), qr.alt)
    confirm.click()
    await waitUntil(() => !$(element, '[part="qr"]'), 'QR code gone once unchecked')
  }, 60_000)
})

describe('<swap-quote> tracking while the service is away', () => {
  it('says it cannot reach the service to follow the swap, and goes on once it answers again', async () => {
    const hand = handTimers()
    const api = await scripted('ok', [
      { state: 'inFlight' },
      { unavailable: true },
      { state: 'delivered', destinationTx: { chain: 'BASE', hash: deliveryHash }, deliveredAmount: '2500' },
    ])
    const element = await connected(
      api,
      { 'buy-chain': 'BASE', 'buy-token': 'USDC', recipient: user },
      hand.timers,
    )
    ;(await action(element)).click()
    await hand.tick()
    await waitUntil(() => current(element) === 'On its way', 'on its way')
    assertEqual($(element, '[data-testid="tracking-unreachable"]'), null, 'nothing to say while it answers')
    await hand.tick()
    const note = await waitUntil(
      () => textOf(element, '[data-testid="tracking-unreachable"]'),
      'the outage said',
    )
    assert(note.includes('cannot be reached'), note)
    assertEqual(current(element), 'On its way', 'the stage it last knew')
    await hand.tick()
    await waitUntil(() => current(element) === 'Delivered', 'delivered once it answers')
    assertEqual($(element, '[data-testid="tracking-unreachable"]'), null, 'the outage note gone')
  }, 60_000)
  it('follows a swap on when the element removed while it waited for the network is put back', async () => {
    const hand = handTimers()
    const api = await scripted('ok', [
      { state: 'inFlight' },
      { state: 'delivered', destinationTx: { chain: 'BASE', hash: deliveryHash }, deliveredAmount: '2500' },
    ])
    // The wallet never reports the transaction confirmed: the swap is still running when the element goes.
    const element = await connected(
      api,
      { 'buy-chain': 'BASE', 'buy-token': 'USDC', recipient: user },
      hand.timers,
      { pendingPolls: 1_000_000 },
    )
    const errors: string[] = []
    element.addEventListener('swap-quote:error', (event) => errors.push(event.code))
    let done: SwapQuoteDoneEvent | undefined
    element.addEventListener('swap-quote:done', (event) => (done = event))
    ;(await action(element)).click()
    await waitUntil(() => current(element) === 'Sent', 'sent, waiting for the network')
    element.remove()
    const message = () => textOf(element, '[data-testid="execution-message"]')
    await waitUntil(() => message().includes('interrupted'), 'interrupted while away')
    assertEqual(errors, ['interrupted'])

    document.body.append(element)
    await waitUntil(() => !message(), 'no longer said to be interrupted')
    assertEqual(current(element), 'Sent', 'where it was')
    await hand.tick()
    await waitUntil(() => current(element) === 'On its way', 'followed again')
    await hand.tick()
    await waitUntil(() => done, 'delivered')
    assertEqual(done!.result.status, 'delivered')
    assertEqual(current(element), 'Delivered')
    assertEqual(errors, ['interrupted'], 'no other error')
  }, 60_000)
})

describe('<swap-quote> tracking survives a reload', () => {
  it('picks an unfinished swap up again in a new element on the page, follows it to delivery, and lets the user dismiss it', async () => {
    const first = handTimers()
    const api = await scripted('ok', [
      { state: 'inFlight' },
      { state: 'delivered', destinationTx: { chain: 'BASE', hash: deliveryHash }, deliveredAmount: '2500' },
    ])
    const attributes = { 'buy-chain': 'BASE', 'buy-token': 'USDC', recipient: user }
    const before = await connected(api, attributes, first.timers)
    ;(await action(before)).click()
    await first.tick()
    await waitUntil(() => current(before) === 'On its way', 'on its way')
    const sentHash = (await polls(api))[0]!.hash!
    // The page goes away (a reload): only what the element kept in storage is left.
    before.remove()
    const kept = Object.keys(localStorage).filter((key) => key.startsWith('swap-quote:'))
    assertEqual(kept.length, 1, 'one swap kept')

    const second = handTimers()
    // The page now sets another amount and token: the form shows the swap picked up until it is dismissed.
    const after = await mountTracked(
      {
        'api-base': api,
        'sell-chain': 'ETH',
        'sell-token': 'ETH',
        ...attributes,
        amount: '7',
        'buy-token': 'DAI',
      },
      second.timers,
    )
    const form = () => [
      $<HTMLInputElement>(after, '[name="amount"]')!.value,
      textOf(after, '[name="buy-token"] b'),
    ]
    let done: SwapQuoteDoneEvent | undefined
    after.addEventListener('swap-quote:done', (event) => (done = event))
    await waitUntil(() => current(after) === 'On its way', 'the swap shows again after the reload', 10_000)
    const source = $<HTMLAnchorElement>(after, '[part="delivery"] a')
    assertEqual(source?.href, `https://etherscan.io/tx/${sentHash}`, 'its transaction is linked')
    assert(
      textOf(after, '[part="delivery"]').includes('1 ETH for at least'),
      textOf(after, '[part="delivery"]'),
    )
    assert(!$(after, '[part="progress"] ~ button'), 'nothing to dismiss while unfinished')
    // The element's own attributes are another swap: no quote of theirs, nor a wait for one, beside it.
    assertEqual(textOf(after, '[part="quote"]'), '', 'no other quote beside the tracking')
    assertEqual(form(), ['1', 'USDC'], 'the form shows the swap picked up')

    await second.tick()
    await waitUntil(() => done, 'done after the reload')
    assertEqual(done!.result.status, 'delivered')
    assertEqual(
      Object.keys(localStorage).filter((key) => key.startsWith('swap-quote:')).length,
      0,
      'forgotten once final',
    )
    const dismiss = await waitUntil(
      () => $<HTMLButtonElement>(after, '[part="progress"] ~ button'),
      'New quote',
    )
    dismiss.click()
    await waitUntil(() => !$(after, '[part="delivery"]'), 'dismissed')
    await waitForQuote(after)
    assertEqual(form(), ['7', 'DAI'], "then the page's own inputs")
  }, 60_000)
})
