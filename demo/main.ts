/**
 * The demo page at `/`: `<swap-quote>` live against this sandbox's API, the sandbox wallet, the embed
 * snippet for the current settings, the widget's event log, the demo account's balances and the
 * latest quote-log lines.
 */
import { html, nothing, render } from 'lit'
import { formatAmount, parseAmount } from '../shared/amount'
import { findChain } from '../shared/chains'
import { createSwapClient } from '../shared/client'
import type { Chain, Quote, Token } from '../shared/schemas'
import type { DepositInstructions } from '../shared/wallet'
import { SWAP_QUOTE_TAG, type SwapQuote } from '../widget'
import { announceWallet } from './sandboxWallet/announceWallet'
import type { SandboxWallet } from './sandboxWallet/createSandboxWallet'
import { deferSandboxWallet } from './sandboxWallet/deferSandboxWallet'
import type { SandboxStart } from './server/renderSandboxStart'
import { readSandboxStart } from './page/readSandboxStart'
import { afterPaint } from './page/afterPaint'
import { sandboxWalletIcon } from './sandboxWallet/sandboxWalletIcon'
import { describeWidgetEvent } from './page/describeWidgetEvent'
import { findDepositToOffer } from './page/findDepositToOffer'
import { renderBalances, type BalancesResponse } from './page/renderBalances'
import { findInvalidSettings, renderEmbedSnippet, type EmbedSettings } from './page/renderEmbedSnippet'
import { renderEventLog, type LoggedEvent } from './page/renderEventLog'
import { renderAlternatives } from './page/renderAlternatives'
import { renderQuoteLog } from './page/renderQuoteLog'
import { renderSandboxDeposit, type SandboxDepositState } from './page/renderSandboxDeposit'
import { initThemeToggle } from './page/themeToggle'
import { widgetEventNames, type WidgetEvent } from './page/widgetEvents'

type Manifest = {
  chains: Record<string, { symbol: string; chainId: number }>
  accounts: { address: `0x${string}`; privateKey: `0x${string}` }[]
}

const origin = window.location.origin
const client = createSwapClient({ baseUrl: '' })

// What the page needs from the sandbox, asked for before anything renders and in parallel: the
// manifest (the demo account, the chains) and the chain list. The wallet's code (viem, for signing)
// loads in its own chunk once the widget has its first quote: until then the widget gets a stand-in
// that knows the account (from the page, else the manifest), so the quote is the account's, not a preview.
const manifest = fetch('/sandbox/world.json').then((response) => {
  if (!response.ok) throw new Error(`status ${response.status}`)
  return response.json() as Promise<Manifest>
})
const chainList = client.chains().then((response) => response.chains.filter((chain) => chain.type !== 'hive'))
const walletChains = manifest.then(({ chains: worldChains }) =>
  Object.values(worldChains).map((chain) => {
    const definition = findChain(chain.chainId)
    return {
      chainId: chain.chainId,
      name: definition?.name ?? chain.symbol,
      nativeSymbol: definition?.nativeSymbol ?? 'ETH',
      rpcUrl: `${origin}/sandbox/rpc/${chain.chainId}`,
    }
  }),
)
/**
 * The demo account and the chain the sandbox wallet starts on (the manifest's first): from the page
 * itself when the server put them there (`renderSandboxStart`), so the widget's first quote is the
 * account's without waiting on the manifest; else from the manifest.
 */
const walletStart: Promise<SandboxStart> =
  sandboxWalletStart() ??
  walletChains.then((list) =>
    manifest.then(({ accounts }) => {
      const address = accounts[0]?.address
      const chainId = list[0]?.chainId
      if (!address || chainId === undefined) throw new Error('the sandbox manifest has no account or chain')
      return { address, chainId }
    }),
  )

function sandboxWalletStart(): Promise<SandboxStart> | undefined {
  const start = readSandboxStart()
  if (typeof start?.address !== 'string' || typeof start.chainId !== 'number') return undefined
  return Promise.resolve({ address: start.address, chainId: start.chainId })
}
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

const settings: EmbedSettings = {
  apiBase: origin,
  partner: 'demo-partner',
  partnerFeeBps: '25',
  theme: 'auto',
  sellChain: 'ETH',
  sellToken: 'ETH',
  buyChain: 'ETH',
  buyToken: 'USDC',
  amount: '0.1',
}

const form = byId<HTMLFormElement>('settings')
const field = <T extends HTMLInputElement | HTMLSelectElement>(name: keyof EmbedSettings) =>
  form.elements.namedItem(name) as T
const widgetHost = byId<HTMLDivElement>('widget-host')

/**
 * Resolves once the widget's first quote or failure is on screen, or after `ms`, whichever comes
 * first: in a task after the frame that paints it. The widget announces its quote before it renders
 * it, so what waits here, resolved in the event itself, ran in the same task as that render, before its
 * paint (in a trace, about 30 ms of fetches and the wallet's import).
 */
function afterFirstAnswer(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => afterPaint(resolve, { fallbackMs: 100 })
    widgetHost.addEventListener('swap-quote:quote', painted, { once: true })
    widgetHost.addEventListener('swap-quote:error', painted, { once: true })
    // Also where the widget never answers.
    setTimeout(resolve, ms)
  })
}

// What the page shows besides the widget waits for the widget's first answer: the signing code,
// which a quote does not need, and the page's own lists (the settings form's chains and tokens, the
// quote log). Filled while the first quote was on its way, the lists' renders held up reading the
// quote's answer on this page's main thread by 40 to 110 ms.
const firstAnswer = afterFirstAnswer(1500)
const walletLoading = Promise.all([manifest, walletChains, firstAnswer]).then(
  async ([{ accounts }, list]) => {
    const privateKey = accounts[0]?.privateKey
    if (!privateKey) throw new Error('the sandbox manifest has no account')
    const { createSandboxWallet } = await import('./sandboxWallet/createSandboxWallet')
    return createSandboxWallet({ privateKey, chains: list })
  },
)
// The widget gets the sandbox wallet at once; its requests wait for the wallet's code where they must.
const sandboxProvider = deferSandboxWallet({ start: walletStart, wallet: walletLoading })
let widget: SwapQuote | undefined
let wallet: SandboxWallet | undefined
let walletMode: 'sandbox' | 'discover' = 'sandbox'

const effectiveTheme = initThemeToggle({ onChange: () => applySettingsToWidget() })

// ── widget ────────────────────────────────────────────────────────────────

function widgetTheme(): 'light' | 'dark' {
  return settings.theme === 'auto' ? effectiveTheme() : settings.theme
}

/** Widget changes made inside the element flow back into the settings, so the snippet stays true. */
const changeToSetting: Record<string, keyof EmbedSettings> = {
  'sell-chain': 'sellChain',
  'sell-token': 'sellToken',
  'buy-chain': 'buyChain',
  'buy-token': 'buyToken',
  amount: 'amount',
}

function applySettingsToWidget(): void {
  if (!widget) return
  const attributes: Record<string, string> = {
    partner: settings.partner.trim(),
    'partner-fee-bps': settings.partnerFeeBps.trim(),
    'sell-chain': settings.sellChain,
    'sell-token': settings.sellToken,
    'buy-chain': settings.buyChain,
    'buy-token': settings.buyToken,
    amount: settings.amount.trim(),
    theme: widgetTheme(),
  }
  for (const [name, value] of Object.entries(attributes)) {
    // A pair or amount the user changed inside the element lives in its property, not its attribute:
    // compared with the attribute, a preset naming the attribute's old value would be skipped.
    const key = changeToSetting[name]
    const current = key ? (widget as unknown as Record<string, unknown>)[key] : widget.getAttribute(name)
    if (value) {
      if (current !== value) widget.setAttribute(name, value)
    } else widget.removeAttribute(name)
  }
}

/** (Re)creates the widget: a provider set once cannot be taken back, so a mode change means a new element. */
function mountWidget(): void {
  const element = document.createElement(SWAP_QUOTE_TAG)
  element.setAttribute('api-base', '')
  // The sandbox's chains are local: their transactions open on the sandbox's own transaction page.
  element.setAttribute('explorer-url', `${origin}/sandbox/tx/{chainId}/{hash}`)
  widget = element
  applySettingsToWidget()
  if (walletMode === 'sandbox') element.provider = sandboxProvider
  widgetHost.replaceChildren(element)
  byId('wallet-mode-note').textContent =
    walletMode === 'sandbox'
      ? 'The widget starts connected to the sandbox wallet (handed in as its provider property): Swap signs with it.'
      : 'The widget lists the wallets announced by EIP-6963: the sandbox wallet and any your browser injects. Connect, then Swap.'
}

// ── settings and snippet ──────────────────────────────────────────────────

/** The published widget as this sandbox serves it, so the snippet works as pasted into any page. */
const scriptUrl = `${origin}/swap-quote.js`

function showSnippet(): void {
  byId('snippet').textContent = renderEmbedSnippet(settings, scriptUrl)
  // A value the snippet cannot carry is marked, and its hint says the range; it is left out of the snippet.
  const invalid = findInvalidSettings(settings)
  for (const name of ['partnerFeeBps', 'amount'] as const) {
    field<HTMLInputElement>(name).setAttribute('aria-invalid', String(invalid.includes(name)))
  }
}

function fillSelect(
  select: HTMLSelectElement,
  options: { value: string; label: string }[],
  selected: string,
) {
  select.replaceChildren(
    ...options.map(({ value, label }) => {
      const option = document.createElement('option')
      option.value = value
      option.textContent = label
      return option
    }),
  )
  if (!options.some((option) => option.value === selected) && selected) {
    const option = document.createElement('option')
    option.value = selected
    option.textContent = selected
    select.append(option)
  }
  select.value = selected
}

let chains: Chain[] = []
const tokenCache = new Map<string, Promise<Token[]>>()
const tokensOf = (chain: string) => {
  let tokens = tokenCache.get(chain)
  if (!tokens) {
    tokens = client.tokens(chain).then((response) => response.tokens)
    tokens.catch(() => tokenCache.delete(chain))
    tokenCache.set(chain, tokens)
  }
  return tokens
}

async function fillTokens(side: 'sell' | 'buy'): Promise<void> {
  await firstAnswer
  const chain = side === 'sell' ? settings.sellChain : settings.buyChain
  const key = side === 'sell' ? 'sellToken' : 'buyToken'
  const tokens = await tokensOf(chain).catch(() => [] as Token[])
  if ((side === 'sell' ? settings.sellChain : settings.buyChain) !== chain) return
  fillSelect(
    field<HTMLSelectElement>(key),
    tokens.map((token) => ({ value: token.symbol, label: `${token.symbol} · ${token.name}` })),
    settings[key],
  )
}

function showSettings(): void {
  for (const name of ['partner', 'partnerFeeBps', 'amount', 'theme'] as const) {
    const input = field<HTMLInputElement>(name)
    if (input.value !== settings[name]) input.value = settings[name]
  }
  const chainOptions = chains.map((chain) => ({ value: chain.id, label: `${chain.name} (${chain.id})` }))
  fillSelect(field<HTMLSelectElement>('sellChain'), chainOptions, settings.sellChain)
  fillSelect(field<HTMLSelectElement>('buyChain'), chainOptions, settings.buyChain)
  void fillTokens('sell')
  void fillTokens('buy')
}

form.addEventListener('input', (event) => {
  const target = event.target as HTMLInputElement | HTMLSelectElement
  const name = target.name as keyof EmbedSettings
  if (!(name in settings) || name === 'apiBase') return
  if (name === 'theme') settings.theme = target.value as EmbedSettings['theme']
  else settings[name] = target.value
  if (name === 'sellChain' || name === 'buyChain') {
    const side = name === 'sellChain' ? 'sell' : 'buy'
    settings[`${side}Token`] = chains.find((chain) => chain.id === target.value)?.nativeSymbol ?? ''
    void fillTokens(side)
  }
  applySettingsToWidget()
  showSnippet()
})
form.addEventListener('submit', (event) => event.preventDefault())

// Each preset is a case the sandbox market gives to a different venue (demo/market/winner-matrix.md),
// so the partner fee shows on a 0x, a CoW and an LI.FI route without any fault injected.
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-preset]')) {
  button.addEventListener('click', () => {
    const [sellChain, sellToken, buyChain, buyToken, amount] = (button.dataset.preset ?? '').split(' ')
    if (!sellChain || !sellToken || !buyChain || !buyToken || !amount) return
    Object.assign(settings, { sellChain, sellToken, buyChain, buyToken, amount })
    showSettings()
    applySettingsToWidget()
    showSnippet()
    void fillLedgerSender(sellChain)
  })
}

/**
 * A preset that sells from the sandbox ledger (BTC and friends) fills in the address the deposit is
 * sent from, the demo account's on that ledger, as a user's own wallet would: a newcomer cannot know it.
 */
async function fillLedgerSender(chain: string): Promise<void> {
  if (findChain(chain)?.type === 'evm') return
  try {
    const { address } = await readLedgerAccount(chain)
    if (widget?.sellChain === chain && !widget.refundAddress) widget.refundAddress = address
  } catch {
    // Not a chain of the sandbox ledger: the user types the address.
  }
}

byId('copy-snippet').addEventListener('click', async (event) => {
  const button = event.currentTarget as HTMLButtonElement
  try {
    await navigator.clipboard.writeText(renderEmbedSnippet(settings, scriptUrl))
    button.textContent = 'Copied'
  } catch {
    button.textContent = 'Select and copy'
  }
  setTimeout(() => (button.textContent = 'Copy'), 1500)
})

// ── event log ─────────────────────────────────────────────────────────────

const events: LoggedEvent[] = []
let eventId = 0
const eventList = byId<HTMLOListElement>('events')

function showEvents(): void {
  render(renderEventLog(events), eventList)
  byId('events-empty').hidden = events.length > 0
}

/** The quote the widget last executed: a deposit route's instructions are its own. */
let executedQuote: Quote | undefined

for (const name of widgetEventNames) {
  widgetHost.addEventListener(name, (event) => {
    const widgetEvent = event as WidgetEvent
    events.unshift({ ...describeWidgetEvent(widgetEvent), at: new Date(), id: ++eventId })
    events.length = Math.min(events.length, 100)
    showEvents()
    if (widgetEvent.type === 'swap-quote:change') {
      const key = changeToSetting[widgetEvent.name]
      if (key && key !== 'theme') {
        settings[key] = widgetEvent.value
        if (key === 'sellChain' || key === 'buyChain') showSettings()
        else if (key === 'amount') field<HTMLInputElement>('amount').value = widgetEvent.value
        else if (key === 'sellToken' || key === 'buyToken') void showTokenSetting(key, widgetEvent.value)
        else field<HTMLSelectElement>(key).value = widgetEvent.value
        showSnippet()
      }
    }
    if (widgetEvent.type === 'swap-quote:quote') {
      scheduleQuoteLogRefresh()
      showAlternatives(widgetEvent.quote)
    }
    if (widgetEvent.type === 'swap-quote:before-execute') executedQuote = widgetEvent.quote
    if (widgetEvent.type === 'swap-quote:done') {
      void refreshBalances()
      // `/status` saw the swap delivered: the log now holds its execution line.
      scheduleQuoteLogRefresh()
    }
    const deposit = findDepositToOffer({ event: widgetEvent, executed: executedQuote })
    if (deposit) {
      void offerSandboxDeposit(deposit)
    } else if (
      (widgetEvent.type === 'swap-quote:quote' || widgetEvent.type === 'swap-quote:before-execute') &&
      sandboxDeposit?.status !== 'sending'
    ) {
      showSandboxDeposit(undefined)
    }
  })
}

/**
 * The widget reports a picked token by its CAIP id; the settings form and the snippet show it by
 * symbol when the chain's list has it (the form's options are symbols), and as given otherwise.
 */
async function showTokenSetting(key: 'sellToken' | 'buyToken', value: string): Promise<void> {
  const select = field<HTMLSelectElement>(key)
  select.value = value
  const chain = key === 'sellToken' ? settings.sellChain : settings.buyChain
  const tokens = await tokensOf(chain).catch(() => [] as Token[])
  // Another pick arrived meanwhile: that one wins.
  if (settings[key] !== value) return
  const symbol = tokens.find((token) => token.caip.toLowerCase() === value.toLowerCase())?.symbol
  if (!symbol) return
  settings[key] = symbol
  select.value = symbol
  showSnippet()
}

byId('clear-events').addEventListener('click', () => {
  events.length = 0
  showEvents()
})

// ── balances and quote log ────────────────────────────────────────────────

let lastBalances: BalancesResponse | undefined
const balancesBox = byId<HTMLDivElement>('balances')

async function refreshBalances(): Promise<void> {
  if (!wallet) return
  try {
    const response = await fetch(`/sandbox/balances?address=${wallet.address}`)
    if (!response.ok) throw new Error(`status ${response.status}`)
    const balances = (await response.json()) as BalancesResponse
    render(renderBalances(balances, lastBalances), balancesBox)
    lastBalances = balances
  } catch {
    render(html`<p class="empty">Balances could not be read from the sandbox chains.</p>`, balancesBox)
  }
}

const alternativesBox = byId<HTMLDivElement>('alternatives')

/**
 * The race behind the widget's quote: the widget asks every quote with `include=alternatives`, so the
 * quote its event carries lists every venue. (Asking the API again for them doubled every quote in
 * the quote log, the partner statement and the rate limit, and could show another race.)
 */
function showAlternatives(quote: Quote): void {
  render(renderAlternatives(quote), alternativesBox)
}

const quoteLogBox = byId<HTMLDivElement>('quote-log')
let quoteLogTimer: ReturnType<typeof setTimeout> | undefined

async function refreshQuoteLog(): Promise<void> {
  try {
    const response = await fetch('/sandbox/quote-log?limit=20')
    if (!response.ok) throw new Error(`status ${response.status}`)
    const { entries } = (await response.json()) as { entries: unknown[] }
    render(renderQuoteLog(entries), quoteLogBox)
  } catch {
    render(html`<p class="empty">The quote log could not be read.</p>`, quoteLogBox)
  }
}

function scheduleQuoteLogRefresh(): void {
  clearTimeout(quoteLogTimer)
  // The log line is appended as the quote is answered; a short pause lets the write land.
  quoteLogTimer = setTimeout(() => void refreshQuoteLog(), 250)
}

// ── deposit routes: the demo account's wallet on the sandbox ledger ─────────

let sandboxDeposit: SandboxDepositState | undefined
const sandboxDepositBox = byId<HTMLDivElement>('sandbox-deposit')
const PAYOUT_POLLS = 30
const PAYOUT_POLL_MS = 1000

function showSandboxDeposit(state: SandboxDepositState | undefined): void {
  sandboxDeposit = state
  render(state ? renderSandboxDeposit(state, () => void sendSandboxDeposit()) : nothing, sandboxDepositBox)
}

type LedgerAccount = { address: string; balance: string; decimals: number }

async function readLedgerAccount(chain: string): Promise<LedgerAccount> {
  const response = await fetch(`/sandbox/ledger/${encodeURIComponent(chain)}`)
  if (!response.ok) throw new Error(`status ${response.status}`)
  return (await response.json()) as LedgerAccount
}

/** A deposit route's instructions are shown: offer to send the deposit from the demo account's ledger wallet. */
async function offerSandboxDeposit(deposit: DepositInstructions): Promise<void> {
  showSandboxDeposit({ deposit, status: 'loading' })
  try {
    const account = await readLedgerAccount(deposit.chain)
    if (sandboxDeposit?.deposit !== deposit) return
    const balance = formatAmount({ value: BigInt(account.balance), decimals: account.decimals })
    showSandboxDeposit({ deposit, status: 'ready', account: { address: account.address, balance } })
  } catch {
    // Not a chain of the sandbox ledger (or it did not answer): nothing to offer.
    if (sandboxDeposit?.deposit === deposit) showSandboxDeposit(undefined)
  }
}

async function sendSandboxDeposit(): Promise<void> {
  const state = sandboxDeposit
  if (!state || (state.status !== 'ready' && state.status !== 'failed')) return
  const { deposit } = state
  showSandboxDeposit({ ...state, status: 'sending', message: undefined })
  try {
    const { decimals } = await readLedgerAccount(deposit.chain)
    const response = await fetch(`/sandbox/ledger/${encodeURIComponent(deposit.chain)}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        to: deposit.address,
        amount: String(parseAmount({ value: deposit.amount, decimals })),
        ...(deposit.memo ? { memo: deposit.memo } : {}),
      }),
    })
    const answer = (await response.json()) as { txId?: string; error?: string }
    if (!response.ok || !answer.txId) throw new Error(answer.error ?? `status ${response.status}`)
    const after = await readLedgerAccount(deposit.chain).catch(() => undefined)
    const account = after
      ? { address: after.address, balance: formatAmount({ value: BigInt(after.balance), decimals }) }
      : state.account
    showSandboxDeposit({ ...state, status: 'sent', txId: answer.txId, account })
    await watchForPayout(deposit)
  } catch (error) {
    if (sandboxDeposit?.deposit !== deposit) return
    const reason = error instanceof Error ? error.message : 'no answer'
    showSandboxDeposit({
      ...state,
      status: 'failed',
      message: `The sandbox ledger refused the send: ${reason}`,
    })
  }
}

/** Refreshes the balances until the payout shows in them (bounded), then marks the deposit paid. */
async function watchForPayout(deposit: DepositInstructions): Promise<void> {
  const before = JSON.stringify(lastBalances?.chains)
  for (let poll = 0; poll < PAYOUT_POLLS; poll++) {
    await new Promise((resolve) => setTimeout(resolve, PAYOUT_POLL_MS))
    if (sandboxDeposit?.deposit !== deposit) return
    await refreshBalances()
    if (JSON.stringify(lastBalances?.chains) !== before) {
      showSandboxDeposit({ ...sandboxDeposit, status: 'paid' })
      return
    }
  }
}

byId('refresh-balances').addEventListener('click', () => void refreshBalances())
byId('refresh-quote-log').addEventListener('click', () => void refreshQuoteLog())

// ── sandbox wallet ────────────────────────────────────────────────────────

function showWallet(): void {
  if (!wallet) return
  byId('wallet-address').textContent = wallet.address
  const chain = findChain(wallet.chainId)
  byId('wallet-chain').textContent = `${chain?.name ?? 'Chain'} (chain id ${wallet.chainId})`
}

for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="wallet-mode"]')) {
  radio.addEventListener('change', () => {
    if (!radio.checked) return
    walletMode = radio.value === 'discover' ? 'discover' : 'sandbox'
    mountWidget()
  })
}

/**
 * Renders the page without waiting on the sandbox: the widget mounts at once and asks for its first
 * quote while the manifest, the chain list and the wallet's code are still on their way; each part of
 * the page fills in as its data arrives.
 */
function start(): void {
  showSnippet()
  render(html`<p class="empty">Loading balances…</p>`, balancesBox)
  render(html`<p class="empty">Loading the quote log…</p>`, quoteLogBox)
  render(renderAlternatives(undefined), alternativesBox)
  mountWidget()
  showSettings()
  Promise.all([chainList, firstAnswer]).then(
    ([list]) => {
      chains = list
      showSettings()
    },
    () => undefined,
  )
  walletLoading.then(
    (loaded) => {
      wallet = loaded
      loaded.on('chainChanged', showWallet)
      announceWallet({
        provider: loaded,
        info: {
          uuid: crypto.randomUUID(),
          name: 'Sandbox wallet',
          icon: sandboxWalletIcon,
          rdns: 'dev.swap-quote.sandbox',
        },
      })
      showWallet()
      void refreshBalances()
    },
    () => {
      byId('wallet-address').textContent = 'The sandbox did not answer. Is `npm start` still running?'
      render(html`<p class="empty">Balances could not be read from the sandbox chains.</p>`, balancesBox)
    },
  )
  void firstAnswer.then(refreshQuoteLog)
}

start()
