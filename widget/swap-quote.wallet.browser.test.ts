import { readSwapHistory } from './parts/swapHistory'
import { createFakeProvider } from '../shared/wallet/testing/createFakeProvider'
import type { Eip1193Provider } from '../shared/wallet'
import { ACCOUNT_WAIT_MS } from './parts/WalletController'
import { PREVIEW_ADDRESS } from './swap-quote'
import type {
  SwapQuoteDoneEvent,
  SwapQuoteErrorEvent,
  SwapQuoteStepEvent,
  SwapQuoteSubmittedEvent,
} from './events'
import {
  $,
  advanceClock,
  assert,
  assertEqual,
  describe,
  it,
  mount,
  quoteLog,
  scenarioBase,
  textOf,
  typeInto,
  waitForQuote,
  waitUntil,
} from './test/harness'

const user = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const base = {
  'sell-chain': 'ETH',
  'sell-token': 'ETH',
  'buy-chain': 'ETH',
  'buy-token': 'USDC',
  amount: '1',
}

const button = (element: Awaited<ReturnType<typeof mount>>, part: string) =>
  waitUntil(() => $<HTMLButtonElement>(element, `[part="${part}"]`), `${part} shown`)

/** The button labelled `label` once it shows. */
const buttonLabelled = (element: Awaited<ReturnType<typeof mount>>, label: string) =>
  waitUntil(
    () => [...element.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === label),
    `${label} shown`,
  )

/** Waits until the swap transaction is sent (the first execution also loads the wallet chunk). */
const swapSent = (element: Awaited<ReturnType<typeof mount>>) =>
  waitUntil(() => $(element, '[data-step="swap:sent"]'), 'swap sent', 15_000)

async function connected(
  scenario: string,
  attributes: Record<string, string> = {},
  options = {},
  /** The wallet the element gets, from the fake one: a wallet that behaves otherwise in one method. */
  wrap: (fake: ReturnType<typeof createFakeProvider>) => Eip1193Provider = (fake) => fake,
) {
  const api = await scenarioBase(scenario)
  const provider = createFakeProvider({ accounts: [user], ...options })
  const element = await mount({ 'api-base': api, ...base, ...attributes })
  element.provider = wrap(provider)
  await waitUntil(() => textOf(element, '[data-testid="account"]'), 'account shown')
  await waitUntil(
    () => quoteLog(api).then((log) => log.some((entry) => entry.query.address === user)),
    'quoted for the account',
  )
  await waitUntil(
    () => !$(element, '[data-testid="indicative"]') && $(element, '[data-testid="buy-amount"]'),
    'firm',
  )
  return { api, provider, element }
}

describe('<swap-quote> wallet and execution', () => {
  it('connects a provider the host hands in, re-quotes for the account, and disconnects', async () => {
    const api = await scenarioBase('ok')
    const provider = createFakeProvider({ accounts: [user] })
    const element = await mount({ 'api-base': api, ...base })
    await waitForQuote(element)
    element.provider = createFakeProvider({ accounts: [] })
    ;(await button(element, 'connect-button')).click()
    element.provider = provider
    await waitUntil(() => textOf(element, '[data-testid="account"]').includes('0xf39f'), 'account shown')
    await waitUntil(
      () => quoteLog(api).then((log) => log.some((entry) => entry.query.address === user)),
      'a firm quote for the connected address',
    )
    ;(await button(element, 'disconnect-button')).click()
    await button(element, 'connect-button')
  })

  it('asks its first quote for the account of a provider handed in before it connects, not for a preview', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base }, (_clock, mounting) => {
      mounting.provider = createFakeProvider({ accounts: [user] })
    })
    await waitForQuote(element)
    await waitUntil(() => !$(element, '[data-testid="indicative"]'), 'a firm quote')
    const asked = (await quoteLog(api)).map((entry) => entry.query.address)
    assertEqual(asked, [user], 'one quote, for the account')
  })

  /** Mounted with a host wallet that never answers `eth_accounts`. */
  const mountWithSilentWallet = (api: string) => {
    const wallet = createFakeProvider({ accounts: [user] })
    const silent: Eip1193Provider = {
      request: (args) =>
        args.method === 'eth_accounts' ? new Promise(() => undefined) : wallet.request(args),
    }
    return mount({ 'api-base': api, ...base }, (_clock, mounting) => {
      mounting.provider = silent
    })
  }

  it('asks for a preview quote when the provider does not tell its account in time', async () => {
    const api = await scenarioBase('ok')
    const element = await mountWithSilentWallet(api)
    // Meanwhile the quote shows as on its way.
    assertEqual(textOf(element, '[data-testid="quote-pending"]'), 'Getting the best quote…')
    await advanceClock(element, ACCOUNT_WAIT_MS)
    await waitForQuote(element)
    assert($(element, '[data-testid="indicative"]'), 'the preview quote is shown as indicative')
    const asked = (await quoteLog(api)).map((entry) => entry.query.address)
    assertEqual(asked, [PREVIEW_ADDRESS], 'one quote, for the preview address')
  })

  it('asks for no chain or token list while its first quote waits for the wallet to tell its account', async () => {
    const api = await scenarioBase('ok')
    const lists = async () => (await fetch(`${api}/__lists`)).json() as Promise<{ asked: number }>
    const element = await mountWithSilentWallet(api)
    await element.updateComplete
    assertEqual((await lists()).asked, 0, 'no list while the quote waits for the account')
    await advanceClock(element, ACCOUNT_WAIT_MS)
    await waitForQuote(element)
    // The chain list and the token list (both sides are on ETH), once the quote is answered.
    await waitUntil(() => lists().then(({ asked }) => asked >= 2), 'the lists asked for after it')
  })

  it('lets the host open its own wallet modal by cancelling swap-quote:connect', async () => {
    const provider = createFakeProvider({ accounts: [user] })
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: announce('Only', provider) }))
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    let asked = 0
    element.addEventListener('swap-quote:connect', (event) => {
      asked++
      event.preventDefault()
    })
    ;(await button(element, 'connect-button')).click()
    await element.updateComplete
    assertEqual(asked, 1)
    assert(
      !provider.calls.some((call) => call.method === 'eth_requestAccounts'),
      'the widget did not connect',
    )
  })

  it('gives focus back to Connect when the wallet menu closes, not to the page', async () => {
    const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
    const focused = () => element.shadowRoot!.activeElement?.getAttribute('part')
    ;(await button(element, 'connect-button')).click()
    // The first Connect loads the wallet menu's chunk (@wagmi/core), transformed on demand here.
    const cancel = await waitUntil(
      () => $<HTMLButtonElement>(element, '[part="wallet-menu-cancel"]'),
      'the menu',
      90_000,
    )
    cancel.focus()
    cancel.click()
    await waitUntil(() => !$(element, '[part="wallet-menu-cancel"]'), 'the menu closed')
    await waitUntil(() => focused() === 'connect-button', `focus on Connect after Cancel, got ${focused()}`)
  }, 120_000)

  it('discovers injected wallets by EIP-6963 and lets the user choose one', async () => {
    const first = createFakeProvider({ accounts: [user] })
    const second = createFakeProvider({ accounts: ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'] })
    const onRequest = () => {
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: announce('Alpha', first) }))
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: announce('Beta', second) }))
    }
    window.addEventListener('eip6963:requestProvider', onRequest)
    try {
      const element = await mount({ 'api-base': await scenarioBase('ok'), ...base })
      ;(await button(element, 'connect-button')).click()
      const beta = await waitUntil(
        () =>
          [...element.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Beta'),
        'wallet choices',
        // The first Connect loads the wallet menu's chunk (@wagmi/core), transformed on demand here.
        90_000,
      )
      beta.click()
      await waitUntil(
        () => textOf(element, '[data-testid="account"]').includes('0x7099'),
        'chosen wallet connected',
      )
      assert(
        second.calls.some((call) => call.method === 'eth_requestAccounts'),
        'asked the chosen wallet',
      )
      assert(!first.calls.some((call) => call.method === 'eth_requestAccounts'), 'not the other one')
    } finally {
      window.removeEventListener('eip6963:requestProvider', onRequest)
    }
  }, 120_000)

  it('prompts to switch when the wallet is on another chain, switches, and moves focus on to Swap', async () => {
    const { element, provider } = await connected('ok', {}, { chainId: 8453 })
    const prompt = await waitUntil(() => textOf(element, '[data-testid="wrong-chain"]'), 'wrong-chain prompt')
    assert(prompt.includes('Ethereum'), prompt)
    const switchButton = await button(element, 'switch-button')
    switchButton.focus()
    switchButton.click()
    await waitUntil(() => !$(element, '[data-testid="wrong-chain"]'), 'prompt gone')
    assertEqual(provider.chainId, 1)
    // The pressed button is gone: focus goes on to the action, not to the page.
    await waitUntil(
      () => element.shadowRoot!.activeElement?.getAttribute('part') === 'action-button',
      'focus on Swap',
    )
  })

  it('executes a transaction quote step by step with explorer links and events', async () => {
    const { element, provider } = await connected('ok', { 'sell-token': 'USDC' })
    const steps: string[] = []
    const submitted: string[] = []
    let done: SwapQuoteDoneEvent | undefined
    element.addEventListener('swap-quote:step', (event: SwapQuoteStepEvent) => steps.push(event.step.step))
    element.addEventListener('swap-quote:submitted', (event: SwapQuoteSubmittedEvent) =>
      submitted.push(event.txHash ?? ''),
    )
    element.addEventListener('swap-quote:done', (event) => (done = event))
    ;(await button(element, 'action-button')).click()
    // The first execution loads the wallet chunk (viem), which the dev server transforms on demand.
    await waitUntil(() => done, 'swap-quote:done', 15_000)
    assertEqual(steps, [
      'approve:pending',
      'approve:sent',
      'approve:confirmed',
      'swap:pending',
      'swap:sent',
      'swap:confirmed',
    ])
    assertEqual(submitted.length, 1, 'submitted once, for the swap')
    assertEqual(done?.result.status, 'confirmed')
    const links = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part="progress"] a')].map(
      (a) => a.href,
    )
    assertEqual(links.length, 2, 'a link for the approval and one for the swap')
    assert(
      links.every((href) => href.startsWith('https://etherscan.io/tx/0x')),
      links.join(),
    )
    assert(textOf(element, '[data-testid="execution-message"]').includes('confirmed'), 'outcome shown')
    assertEqual(provider.calls.filter((call) => call.method === 'eth_sendTransaction').length, 2)
  })

  it('lets the host veto an execution through swap-quote:before-execute', async () => {
    const { element, provider } = await connected('ok')
    let vetoed = 0
    element.addEventListener('swap-quote:before-execute', (event) => {
      assert(event.quote.buyAmount, 'the event carries the quote')
      vetoed++
      event.preventDefault()
    })
    ;(await button(element, 'action-button')).click()
    await waitUntil(() => vetoed === 1, 'the host is asked')
    assert(!$(element, '[part="progress"]'), 'nothing started')
    assert(!provider.calls.some((call) => call.method === 'eth_sendTransaction'), 'nothing sent')
  })

  it('says that a leftover allowance is first reset to 0, not "Approve" twice', async () => {
    // 1 unit of USDC already approved: too little, so it is set to 0 before the exact approval.
    const { element } = await connected('ok', { 'sell-token': 'USDC' }, { allowance: 1n })
    ;(await button(element, 'action-button')).click()
    await swapSent(element)
    const approvals = [...element.shadowRoot!.querySelectorAll('[data-step="approve:pending"]')].map((item) =>
      item.textContent!.trim(),
    )
    assertEqual(approvals, [
      'First reset the old approval to 0 in your wallet',
      'Approve the token in your wallet',
    ])
  })

  it('asks the host once for a double click on Swap, and sends one swap', async () => {
    const { element, provider } = await connected('ok')
    let asked = 0
    element.addEventListener('swap-quote:before-execute', () => asked++)
    const swap = await button(element, 'action-button')
    swap.click()
    swap.click()
    await waitUntil(() => $(element, '[part="progress"]'), 'the swap started')
    await waitUntil(
      () => provider.calls.some((call) => call.method === 'eth_sendTransaction'),
      'the swap was sent',
    )
    assertEqual(asked, 1, 'one before-execute')
    assertEqual(provider.calls.filter((call) => call.method === 'eth_sendTransaction').length, 1, 'one swap')
  })

  it('reports a transaction declined in the wallet as its own outcome', async () => {
    const { element } = await connected('ok', {}, { rejectSendIndex: 0 })
    const errors: SwapQuoteErrorEvent[] = []
    element.addEventListener('swap-quote:error', (event) => errors.push(event))
    ;(await button(element, 'action-button')).click()
    await waitUntil(() => errors.length, 'swap-quote:error')
    assertEqual([errors[0]?.source, errors[0]?.code], ['execution', 'rejected'])
    assertEqual(
      textOf(element, '[data-testid="execution-message"]'),
      'The swap was declined in the wallet.',
      'plain words',
    )
    // Nothing was sent; the button says what it does (a fresh quote in the form), and Swap there asks again.
    ;(await buttonLabelled(element, 'New quote')).click()
    await waitUntil(() => !$(element, '[part="progress"]'), 'the form is back')
    await waitUntil(() => textOf(element, '[part="action-button"]') === 'Swap', 'Swap offered again')
  })

  it('places a signed order and follows it until filled', async () => {
    const { element, provider } = await connected('order', { 'sell-token': 'USDC' })
    // With the checks above the button, whose chunk loads with the quote.
    const note = await waitUntil(() => textOf(element, '[data-testid="order-note"]'), 'the order note')
    // An unfilled order takes no tokens, but an approval it needed has paid gas: no "costs nothing".
    assert(note.includes('batch') && note.includes('your tokens stay in your wallet'), note)
    const steps: string[] = []
    element.addEventListener('swap-quote:step', (event) => steps.push(event.step.step))
    ;(await button(element, 'action-button')).click()
    await waitUntil(() => steps.includes('order:filled'), 'order filled', 8000)
    assert(
      provider.calls.some((call) => call.method === 'eth_signTypedData_v4'),
      'signed',
    )
    assertEqual(steps.slice(-5), [
      'appdata:uploaded',
      'sign:pending',
      'sign:signed',
      'order:posted',
      'order:filled',
    ])
  })

  it('says so when the order book is out of reach, and asks for no signature', async () => {
    const { element, provider } = await connected('order-unreachable', { 'sell-token': 'USDC' })
    const errors: SwapQuoteErrorEvent[] = []
    element.addEventListener('swap-quote:error', (event) => errors.push(event))
    ;(await button(element, 'action-button')).click()
    await waitUntil(() => errors.length, 'swap-quote:error', 8000)
    assertEqual([errors[0]?.source, errors[0]?.code], ['execution', 'order-unreachable'])
    const message = textOf(element, '[data-testid="execution-message"]')
    assert(message.includes('order book could not be reached'), message)
    assert(!provider.calls.some((call) => call.method === 'eth_signTypedData_v4'), 'not signed')
    // Here nothing was signed, but the element cannot tell this from a book that went away after the
    // signature, where the order may stand already: the form comes back with a new quote.
    await buttonLabelled(element, 'New quote')
  })

  it('leaves focus where the user put it: a control they left is replaced later without pulling focus back', async () => {
    const { element } = await connected('ok')
    const disconnect = await button(element, 'disconnect-button')
    disconnect.focus()
    element.requestUpdate()
    await element.updateComplete
    // The user moves on (a click on the page's text): focus is on the page, not in the widget.
    disconnect.blur()
    element.requestUpdate()
    await element.updateComplete
    element.provider = undefined
    await button(element, 'connect-button')
    assertEqual(element.shadowRoot!.activeElement, null, 'nothing in the widget took focus')
  })

  it('disconnects when the host clears provider', async () => {
    const { element, provider } = await connected('ok')
    element.provider = undefined
    await button(element, 'connect-button')
    assertEqual(textOf(element, '[data-testid="account"]'), '', 'no account shown')
    await waitUntil(() => $(element, '[data-testid="indicative"]'), 'back to an indicative quote')
    assertEqual(textOf(element, '[part="action-button"]'), 'Connect wallet to swap')
    provider.emit('accountsChanged', ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'])
    await element.updateComplete
    assertEqual(textOf(element, '[data-testid="account"]'), '', 'the old wallet is no longer followed')
  })

  it('reports a declined network switch as a wallet error', async () => {
    const { element } = await connected(
      'ok',
      {},
      { chainId: 8453, rejectMethods: ['wallet_switchEthereumChain'] },
    )
    const errors: SwapQuoteErrorEvent[] = []
    element.addEventListener('swap-quote:error', (event) => errors.push(event))
    ;(await button(element, 'switch-button')).click()
    await waitUntil(() => errors.length, 'swap-quote:error')
    assertEqual([errors[0]?.source, errors[0]?.code], ['wallet', 'rejected'])
    assert(textOf(element, '[data-testid="wallet-message"]').includes('declined'), 'plain words')
  })

  it('locks the form while a swap runs and until the user asks for a new quote', async () => {
    const { element } = await connected('ok')
    const controls = () =>
      ['[name="amount"]', '[name="sell-token"]', '[part="flip-button"]', '[name="buy-token"]'].map(
        (selector) => $<HTMLInputElement>(element, selector)!,
      )
    ;(await button(element, 'action-button')).click()
    await waitUntil(() => $(element, '[part="progress"]'), 'progress shown', 15_000)
    assert(
      controls().every((control) => control.matches(':disabled')),
      'every input is disabled while the swap runs',
    )
    await waitUntil(() => textOf(element, '[data-testid="execution-message"]'), 'done')
    assert(
      controls().every((control) => control.matches(':disabled')),
      'still disabled beside the outcome',
    )
    ;(await buttonLabelled(element, 'New quote')).click()
    await element.updateComplete
    assert(
      controls().every((control) => !control.matches(':disabled')),
      'editable again for the new quote',
    )
  })

  it('keeps the quote and the form of the swap on screen, asking for no other, while it runs', async () => {
    const { api, element } = await connected('ok', {}, { pendingPolls: 2 })
    const shown = textOf(element, '[data-testid="buy-amount"]')
    const quotes: unknown[] = []
    element.addEventListener('swap-quote:quote', (event) => quotes.push(event))
    ;(await button(element, 'action-button')).click()
    await swapSent(element)
    const asked = (await quoteLog(api)).length
    // The host changes the pair and the amount mid-swap; an earlier refresh would have answered meanwhile too.
    element.setAttribute('amount', '2')
    element.setAttribute('buy-token', 'DAI')
    await advanceClock(element, 10 * 60_000)
    assertEqual((await quoteLog(api)).length, asked, 'no quote request during the swap')
    assertEqual(quotes.length, 0, 'no swap-quote:quote beside the progress')
    assertEqual(textOf(element, '[data-testid="buy-amount"]'), shown, 'the executed quote still shows')
    assertEqual($(element, '[part="error"]'), null, 'no quote problem beside the progress')
    const form = () => [
      $<HTMLInputElement>(element, '[name="amount"]')!.value,
      textOf(element, '[name="buy-token"] b'),
    ]
    assertEqual(form(), ['1', 'USDC'], 'the form shows the swap running, not the pair set since')
    await waitUntil(() => textOf(element, '[data-testid="execution-message"]'), 'done')
    assertEqual(quotes.length, 0, 'none beside the outcome either')
    assertEqual(form(), ['1', 'USDC'], 'and beside its outcome')
    ;(await buttonLabelled(element, 'New quote')).click()
    await waitUntil(() => quotes.length > 0, 'a quote for the new amount after "New quote"')
    assertEqual((await quoteLog(api)).at(-1)?.query.amount, '2')
    assertEqual(form(), ['2', 'DAI'], 'the form shows what the host set once it is free')
  })

  it('links a sent swap whose receipt never came, saying it may still confirm', async () => {
    const { element } = await connected('ok', {}, { pendingPolls: 1_000_000 })
    const errors: SwapQuoteErrorEvent[] = []
    element.addEventListener('swap-quote:error', (event) => errors.push(event))
    ;(await button(element, 'action-button')).click()
    await swapSent(element)
    // Eleven minutes on, the receipt wait is over.
    await advanceClock(element, 11 * 60_000)
    const note = await waitUntil(() => textOf(element, '[data-testid="unsettled-tx"]'), 'the failure')
    assert(note.includes('may still confirm'), note)
    const link = $<HTMLAnchorElement>(element, '[data-testid="unsettled-tx"] a')
    assert(link?.href.startsWith('https://etherscan.io/tx/0x'), `explorer link: ${link?.href}`)
    assertEqual($(element, '[data-testid="execution-message"]')?.getAttribute('role'), 'alert')
    assertEqual(
      errors.map((event) => event.code),
      ['receipt-timeout'],
    )
  })

  it('keeps a running swap going when the page moves the widget', async () => {
    const { element } = await connected('ok', {}, { pendingPolls: 2 })
    let done: SwapQuoteDoneEvent | undefined
    element.addEventListener('swap-quote:done', (event) => (done = event))
    ;(await button(element, 'action-button')).click()
    await swapSent(element)
    // Appending an element that is already in the page moves it: removed and added back at once.
    document.body.append(element)
    await waitUntil(() => done, 'swap-quote:done')
    assert(textOf(element, '[data-testid="execution-message"]').includes('confirmed'), 'outcome shown')
  })

  it('follows the wallet after the page moves the widget', async () => {
    const { element, provider } = await connected('ok')
    document.body.append(element)
    provider.emit('accountsChanged', ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'])
    await waitUntil(
      () => textOf(element, '[data-testid="account"]').includes('0x7099'),
      'the new account is shown',
    )
  })

  it("follows the host's wallet after a move also when a wallet of the menu is remembered", async () => {
    // A visitor who once connected through the menu: the element loads it to restore that wallet,
    // and then the host hands in its own.
    const remembered = 'swap-quote.wallet.recentConnectorId'
    localStorage.setItem(remembered, '"gone.wallet"')
    try {
      const { element, provider } = await connected('ok')
      // The menu's code, loaded to restore that wallet, is in place before the page moves the widget.
      await waitUntil(
        () => (element as unknown as { wallet: { menu?: object } }).wallet.menu,
        'the wallet menu loaded',
      )
      document.body.append(element)
      provider.emit('accountsChanged', ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'])
      await waitUntil(
        () => textOf(element, '[data-testid="account"]').includes('0x7099'),
        'the new account is shown',
      )
    } finally {
      localStorage.removeItem(remembered)
    }
  })

  it('follows a wallet handed in while the widget is out of the page once it is back, and not before', async () => {
    const api = await scenarioBase('ok')
    const element = await mount({ 'api-base': api, ...base })
    await waitForQuote(element)
    element.remove()
    const provider = createFakeProvider({ accounts: [user] })
    // Which of the widget's listeners the wallet holds.
    const held = new Set<unknown>()
    const { on, removeListener } = provider
    provider.on = (event, listener) => {
      held.add(listener)
      on.call(provider, event, listener)
    }
    provider.removeListener = (event, listener) => {
      held.delete(listener)
      removeListener.call(provider, event, listener)
    }
    element.provider = provider
    await element.updateComplete
    assertEqual(held.size, 0, 'a page that drops the widget can free it')
    document.body.append(element)
    await waitUntil(() => textOf(element, '[data-testid="account"]').includes('0xf39f'), 'account shown')
    provider.emit('accountsChanged', ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'])
    await waitUntil(
      () => textOf(element, '[data-testid="account"]').includes('0x7099'),
      'the new account is shown',
    )
  })

  it('says not to confirm a wallet request left open past its quote’s expiry', async () => {
    // The wallet's prompt stays open: the user walked away from it.
    const { element } = await connected('ok', {}, {}, (fake) => ({
      ...fake,
      request: (args) =>
        args.method === 'eth_sendTransaction' ? new Promise(() => undefined) : fake.request(args),
    }))
    ;(await button(element, 'action-button')).click()
    await waitUntil(
      () => textOf(element, '[part="progress"]').includes('Confirm the swap in your wallet'),
      'the wallet asks',
    )
    assertEqual($(element, '[data-testid="prompt-expired"]'), null, 'nothing to say while the quote holds')
    await advanceClock(element, 61_000)
    const warning = await waitUntil(
      () => $(element, '[data-testid="prompt-expired"]'),
      'warned once it expired',
    )
    assertEqual(warning.getAttribute('role'), 'alert')
    assert(warning.textContent!.includes('reject the request in your wallet'), warning.textContent!)
  })

  it('says a swap was interrupted when the widget was removed, links what was sent, and offers a new quote', async () => {
    const { element } = await connected('ok', {}, { pendingPolls: 1_000_000 })
    const errors: SwapQuoteErrorEvent[] = []
    element.addEventListener('swap-quote:error', (event) => errors.push(event))
    ;(await button(element, 'action-button')).click()
    await swapSent(element)
    element.remove()
    await waitUntil(() => textOf(element, '[data-testid="execution-message"]'), 'the interruption')
    document.body.append(element)
    await element.updateComplete
    assert(!textOf(element, '[part="progress"]').includes('Working'), 'no longer working')
    assert(textOf(element, '[data-testid="execution-message"]').includes('interrupted'), 'says what happened')
    assert(textOf(element, '[data-testid="unsettled-tx"]').includes('may still confirm'), 'the sent swap')
    assert($<HTMLAnchorElement>(element, '[data-testid="unsettled-tx"] a')?.href, 'linked')
    assertEqual(
      errors.map((event) => event.code),
      ['interrupted'],
    )
    ;(await buttonLabelled(element, 'New quote')).click()
    await waitUntil(() => textOf(element, '[part="action-button"]') === 'Swap', 'a new quote to swap')
  })

  it('shows deposit instructions with copy buttons and a QR code, sending nothing', async () => {
    const api = await scenarioBase('deposit')
    const element = await mount({
      'api-base': api,
      ...base,
      'sell-chain': 'BTC',
      'sell-token': 'BTC',
      recipient: user,
    })
    const from = await waitUntil(() => $<HTMLInputElement>(element, 'input[name="from"]'), 'from field')
    from.value = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    from.dispatchEvent(new Event('input'))
    await waitForQuote(element)
    let done: SwapQuoteDoneEvent | undefined
    element.addEventListener('swap-quote:done', (event) => (done = event))
    ;(await button(element, 'action-button')).click()
    await waitUntil(() => textOf(element, '[data-testid="deposit-address"]'), 'deposit address')
    assertEqual(
      textOf(element, '[data-testid="deposit-address"]'),
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    )
    assertEqual(textOf(element, '[data-testid="deposit-memo"]'), '=:ETH.ETH:0xf39f:0/1/0')
    assertEqual(textOf(element, '[data-testid="deposit-amount"]'), '1')
    assert(textOf(element, '[data-testid="deposit-expiry"]').startsWith('Time left: '), 'the time left')
    assertEqual(element.shadowRoot!.querySelectorAll('[part="copy-button"]').length, 3)
    // A memo route's QR code shows once the user confirms their wallet can attach the memo.
    $<HTMLInputElement>(element, '[part="qr-confirm"]')!.click()
    const qr = await waitUntil(() => $<HTMLImageElement>(element, '[part="qr"]'), 'QR code')
    assert(qr.src.startsWith('data:image/png'), 'QR code image')
    assertEqual(done?.result.status, 'instructions')
  })

  it('lists a deposit in the history once it is seen, never instructions given up', async () => {
    localStorage.removeItem('swap-quote-history')
    const api = await scenarioBase('deposit')
    // The first polls find nothing sent yet; then the deposit's transaction.
    const seen = { chain: 'BTC', hash: 'a'.repeat(64) }
    await fetch(`${api}/__status`, {
      method: 'POST',
      body: JSON.stringify([
        { state: 'pending' },
        { state: 'pending' },
        { state: 'pending', sourceTx: seen },
      ]),
    })
    const element = await showDeposit(api)
    const polls = async () => ((await (await fetch(`${api}/__status`)).json()) as unknown[]).length
    await waitUntil(async () => {
      await advanceClock(element, 5_000)
      return (await polls()) >= 1
    }, 'a first poll')
    assertEqual(readSwapHistory().length, 0, 'no history entry while nothing was sent')
    await waitUntil(async () => {
      await advanceClock(element, 5_000)
      return readSwapHistory().length === 1
    }, 'the deposit listed once seen')
  })

  it('withdraws the deposit address once the quote expires and offers a new quote', async () => {
    const element = await showDeposit(await scenarioBase('deposit'))
    await advanceClock(element, 2 * 60_000)
    const expired = await waitUntil(() => textOf(element, '[data-testid="deposit-expired"]'), 'expired')
    assert(expired.includes('Do not send'), expired)
    for (const hidden of [
      '[data-testid="deposit-address"]',
      '[data-testid="deposit-memo"]',
      '[part="qr"]',
      '[part="copy-button"]',
    ]) {
      assert(!$(element, hidden), `${hidden} is gone`)
    }
    assert(!textOf(element, '[part="form"]').includes('refreshing'), 'no refresh is promised')
    await advanceClock(element, -2 * 60_000)
    ;(await buttonLabelled(element, 'New quote')).click()
    await waitUntil(
      () => textOf(element, '[part="action-button"]') === 'Show deposit instructions',
      'a new quote to use',
    )
  })
})

/** A BTC sale through THORChain, from its sender's address, quoted and its deposit instructions shown. */
async function showDeposit(api: string) {
  const element = await mount({
    'api-base': api,
    ...base,
    'sell-chain': 'BTC',
    'sell-token': 'BTC',
    recipient: user,
  })
  typeInto(
    await waitUntil(() => $<HTMLInputElement>(element, 'input[name="from"]'), 'from field'),
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  )
  await waitForQuote(element)
  ;(await button(element, 'action-button')).click()
  await waitUntil(() => textOf(element, '[data-testid="deposit-address"]'), 'deposit address', 15_000)
  return element
}

function announce(name: string, provider: unknown) {
  return {
    info: {
      uuid: `uuid-${name}-${Math.random()}`,
      name,
      icon: 'data:image/svg+xml,<svg/>',
      rdns: `test.${name}`,
    },
    provider,
  }
}
