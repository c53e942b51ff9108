import { initialState, Task, TaskStatus } from '@lit/task'
import { adoptStyles, html, LitElement, nothing } from 'lit'
import type { PropertyValues, TemplateResult } from 'lit'
import { findChain } from '../shared/chains'
import type { QuoteClient } from '../shared/client'
import type { AssetRef, Chain, Quote, QuoteParams, Token } from '../shared/schemas'
import type { CreateConnectorFn } from '@wagmi/core'
import type { Eip1193Provider } from '../shared/wallet'
import {
  SwapQuoteBeforeExecuteEvent,
  SwapQuoteChangeEvent,
  SwapQuoteConnectEvent,
  SwapQuoteErrorEvent,
  SwapQuoteQuoteEvent,
} from './events'
import { ClockController } from './parts/ClockController'
import { findToken } from './parts/findToken'
import { formatCountdown, secondsLeft } from './parts/formatCountdown'
import { loadChainTokens } from './parts/loadChainTokens'
import { quoting } from './parts/quoting'
import { readAmountInput } from './parts/readAmountInput'
import { readPriceImpactBps } from './parts/readPriceImpactBps'
import { formatNumber, prepareNumberFormats } from './parts/formatNumber'
import type { FundsCheck } from './parts/readFunds'
import type * as SafetyChecks from './parts/renderSafetyChecks'
import { loadedQuoteProblems, loadQuoteProblems } from './parts/loadQuoteProblems'
import type { SetupProblem } from './parts/describeSetupProblem'
import { renderQuoteSummary } from './parts/renderQuoteSummary'
import { shortenAddress } from './parts/shortenAddress'
import { renderTokenField } from './parts/renderTokenField'
import { renderWallet } from './parts/renderWallet'
import { validateAddress } from './parts/validateAddress'
import { hasSwapRecord } from './parts/hasSwapRecord'
import { isSlippagePercent } from './parts/isSlippagePercent'
import { darkScheme, followHostBackground } from './parts/followHostBackground'
import { loadPanel, type PanelName, type Panels } from './parts/loadPanel'
import { readStoredSlippage } from './parts/settingsStore'
import { realTimers } from './parts/delay'
import type { ExecutionController } from './parts/ExecutionController'
import type { FormShown } from './parts/formShown'
import type { PickerController } from './parts/PickerController'
import {
  QuoteController,
  type QuoteRequest,
  type QuoteResult,
  type QuoteTimers,
} from './parts/QuoteController'
import { WalletController } from './parts/WalletController'
import { styles } from './swap-quote.styles'
// `t` marks words sent in English in events and translated where shown (see translate.ts).
import { english, english as t, type Translate } from './parts/translate'

/** The tag the element registers. */
export const SWAP_QUOTE_TAG = 'swap-quote'

/** Pause after the last input before a quote is requested. */
export { QUOTE_DEBOUNCE_MS } from './parts/QuoteController'
/** A clock with timers, for the `clock` property: `now()` in ms, `setTimeout`, `clearTimeout`. */
export type SwapQuoteClock = QuoteTimers

/** Where focus goes when an update takes away the control that had it (see `updated`). */
const FOCUS_NEXT: Record<string, string> = {
  'connect-button': 'disconnect-button',
  'disconnect-button': 'connect-button',
  'switch-button': 'action-button',
  // Swap disabled by a failed refresh, "Try again" answered, the rate of a quote withdrawn: the quote
  // says what changed. (A wallet option disabled while it connects keeps to the menu's own hand-over.)
  'action-button': 'quote',
  'retry-button': 'quote',
  'rate-button': 'quote',
}

/**
 * The address an indicative quote is requested for before a wallet is connected; a quote for it is
 * shown but never executed (the connected account gets its own quote).
 */
export const PREVIEW_ADDRESS = '0x000000000000000000000000000000000000dEaD'

type ChainInfo = Pick<Chain, 'id' | 'name' | 'type' | 'chainId'> & { nativeSymbol?: string }
type Problems = { amount?: string; from?: string; recipient?: string }
type ChangeName = 'sell-token' | 'buy-token' | 'amount' | 'recipient' | 'refund-address'

/**
 * `<swap-quote>`: fetches one firm swap quote from the Swap Quote API and drives the user's wallet
 * through its execution (approval and transaction, signed order, or deposit instructions).
 *
 * @example
 * <swap-quote api-base="https://api.example" sell-chain="BASE" sell-token="ETH" buy-chain="BASE" buy-token="USDC" amount="0.1"></swap-quote>
 */
export class SwapQuote extends LitElement {
  static override styles = styles

  static override properties = {
    apiBase: { attribute: 'api-base' },
    partner: {},
    partnerFeeBps: { attribute: 'partner-fee-bps' },
    sellChain: { attribute: 'sell-chain' },
    sellToken: { attribute: 'sell-token' },
    buyChain: { attribute: 'buy-chain' },
    buyToken: { attribute: 'buy-token' },
    amount: {},
    slippage: {},
    recipient: {},
    refundAddress: { attribute: 'refund-address' },
    theme: { reflect: true },
    explorerUrl: { attribute: 'explorer-url' },
    provider: { attribute: false },
    walletConnectProjectId: { attribute: 'walletconnect-project-id' },
    walletConnectors: { attribute: false },
    clock: { attribute: false },
    priceImpactWarning: { attribute: 'price-impact-warning' },
    priceImpactConfirm: { attribute: 'price-impact-confirm' },
    locale: {},
    _impactAccepted: { state: true },
    _safety: { state: true },
    _rateInverted: { state: true },
    _copied: { state: true },
    _slippage: { state: true },
    _panel: { state: true },
    _starting: { state: true },
    t: { state: true },
  }

  /** Base URL of the Swap Quote API, without `/api/sdk/v1`; empty means this page's origin. */
  declare apiBase: string
  /** Integrator id, echoed and logged by the service (at most 64 characters). */
  declare partner: string | undefined
  /** Partner fee in basis points, on top of the service's own fee. */
  declare partnerFeeBps: string | undefined
  /** Chain symbol or id (`BASE`, `base`, `8453`, `eip155:8453`), kept as the registry's symbol. */
  declare sellChain: string
  /** Symbol, CAIP id or contract address of the token sold. */
  declare sellToken: string
  declare buyChain: string
  declare buyToken: string
  /** Human units of the sell token, for example `0.1`. */
  declare amount: string
  /** Percent, 0 < s <= 50. */
  declare slippage: string | undefined
  /**
   * Where the bought asset lands on a cross-chain pair, shown in its field and required. Not sent for a
   * same-chain pair, where no field shows it: the output goes to the connected wallet.
   */
  declare recipient: string
  /**
   * The user's own address on a sell chain this page has no wallet for (BTC, LTC, ...): the quote's
   * `address`, where refunds go. Shown in its field, and only for such chains.
   */
  declare refundAddress: string
  /** `light`, `dark` or `auto` (follows `prefers-color-scheme`). */
  declare theme: 'light' | 'dark' | 'auto'
  /**
   * Where transaction links point: a URL template with `{chainId}`, `{chain}` (symbol) and `{hash}`,
   * for example `/sandbox/tx/{chainId}/{hash}`. Unset: the chain's block explorer from the registry.
   */
  declare explorerUrl: string | undefined
  /** An EIP-1193 provider handed in by the host; without one Connect opens the wallet menu. */
  declare provider: Eip1193Provider | undefined
  /** WalletConnect (Reown) project id: WalletConnect is offered in the wallet menu only with one. */
  declare walletConnectProjectId: string | undefined
  /** Extra wagmi connectors (`CreateConnectorFn`s) the wallet menu offers after the browser wallets. */
  declare walletConnectors: readonly CreateConnectorFn[] | undefined
  /**
   * The clock and timers the element schedules with: quote refreshes and retries, countdowns, quote
   * and deposit expiry, the wait for a receipt. For tests and hosts that keep their own time; a
   * property only, best set before the element connects. Unset: the page's `Date.now` and timers.
   */
  declare clock: SwapQuoteClock

  /** Percent of price impact from which it is flagged (default 3). */
  declare priceImpactWarning: string | undefined
  /** Percent of price impact from which the user must confirm it before Swap or Sign (default 10). */
  declare priceImpactConfirm: string | undefined

  /** The quote whose high price impact the user accepted: its inputs and the impact accepted. */
  declare private _impactAccepted: { key: string; bps: number } | undefined
  /** The checks before Swap (`renderSafetyChecks`, `isTokenAcknowledged`), once loaded. */
  declare private _safety: typeof SafetyChecks | undefined
  private safetyChecks: Promise<unknown> | undefined
  /** The rate is shown as "1 buy = x sell" (the user pressed it). */
  declare private _rateInverted: boolean
  /** The token picker; its code loads on the first press of a token button. */
  private picker: PickerController | undefined
  declare private _copied: string | undefined
  /** The user's own slippage on this site (the settings panel), over the host's `slippage`. */
  declare private _slippage: string | undefined
  /** The open panel: the settings or the history. */
  declare private _panel: 'settings' | 'history' | undefined
  /** Swap was pressed and its code is loading (seconds on a slow connection): the button says so. */
  declare private _starting: boolean
  /** The panels loaded so far (see `panel`). */
  private readonly panels: Panels = {}

  private localeSet: string | undefined
  /** The locale whose catalog was asked for last; unset while English needs none. */
  private localeShown: string | undefined
  /** The words in the element's locale (see `parts/translate.ts`); English until its catalog loads. */
  declare private t: Translate

  // Re-renders once a second for the countdowns, on the element's clock.
  private readonly ticks = new ClockController(this, () => this.clock)
  private readonly internals = this.attachInternals()
  /** The swap being carried out; its code loads with the first Swap (see `loadExecution`). */
  private execution: ExecutionController | undefined
  private executionLoading: Promise<ExecutionController> | undefined
  private readonly wallet = new WalletController(this, {
    onFailure: ({ message, rejected }) =>
      this.dispatchEvent(
        new SwapQuoteErrorEvent({ source: 'wallet', code: rejected ? 'rejected' : 'wallet-error', message }),
      ),
    settings: () => ({
      walletConnectProjectId: this.walletConnectProjectId,
      connectors: this.walletConnectors,
      hostProvider: this.provider,
      t: this.t,
    }),
    timers: () => this.clock,
  })
  private clients = new Map<string, QuoteClient>()
  /** Stops a running execution once the element has really left the page (see disconnectedCallback). */
  private executionStop: ReturnType<typeof setTimeout> | undefined

  // Before the chain and token lists: its Task runs first in each update, so the first quote, the
  // request the page waits for, is the first to leave.
  private readonly quotes = new QuoteController(this, {
    request: () => this.quoteRequest(),
    client: (apiBase) => this.client(apiBase),
    held: () => this.wallet.accountPending,
    // From the Swap press on: an answer landing while the swap's code loads would replace the quote pressed.
    paused: () => this._starting || this.execution?.view !== undefined,
    connected: () => this.isConnected,
    onQuote: (quote) => {
      // Each fresh quote reads the balance again: it may have moved meanwhile.
      this.fundsEpoch++
      this.dispatchEvent(new SwapQuoteQuoteEvent(quote))
    },
    onProblem: (problem) =>
      this.dispatchEvent(
        new SwapQuoteErrorEvent({ source: 'quote', code: problem.code, message: problem.message }),
      ),
    timers: {
      setTimeout: (run, ms) => this.clock.setTimeout(run, ms),
      clearTimeout: (timer) => this.clock.clearTimeout(timer),
      now: () => this.clock.now(),
    },
  })

  /**
   * Whether the chain and token lists may load: once no quote is on its way or held for the wallet's
   * account, after the update that shows its answer (see `updated`), so never before the first quote
   * is on screen (or not asked). Loaded beside it, their answers, checks and logos reached the page's
   * main thread just as the quote's answer did, and the quote came on screen later (about 40 ms on a
   * bare page); asked in the update that rendered the answer, their three requests came before that
   * render. The quote does not need them. Open for good once open, and opened by the token picker.
   */
  private listsOpen = false

  private readonly chainsTask = new Task(this, {
    // Without api-base there is nothing to ask; the set-up note tells the site owner.
    task: async ([apiBase, open], { signal }) =>
      open ? (await this.client(apiBase).chains({ signal })).chains : initialState,
    args: () => [this.apiBase, this.listsOpen] as const,
  })

  private readonly sellTokensTask = new Task(this, {
    task: async ([apiBase, chain, open], { signal }) =>
      chain && open ? loadChainTokens({ client: this.client(apiBase), chain, signal }) : initialState,
    args: () => [this.apiBase, this.sellChain, this.listsOpen] as const,
  })

  private readonly buyTokensTask = new Task(this, {
    task: async ([apiBase, chain, open], { signal }) =>
      chain && open ? loadChainTokens({ client: this.client(apiBase), chain, signal }) : initialState,
    args: () => [this.apiBase, this.buyChain, this.listsOpen] as const,
  })

  /** Bumped to read the balance again (a new quote, the form back after a swap). */
  private fundsEpoch = 0

  /**
   * The connected wallet's funds on the sell chain, read through the wallet (the wallet code loads
   * for it). Nothing is read while the wallet is on another chain: its answer would be about that one.
   */
  private readonly fundsTask = new Task(this, {
    task: async ([provider, account, walletChainId, chainId, token]) => {
      if (
        !provider ||
        !account ||
        walletChainId === undefined ||
        walletChainId !== chainId ||
        token === undefined
      )
        return initialState
      const module = await import('./parts/fundsAndChecks')
      const funds = await module.readFunds({
        provider,
        owner: account as `0x${string}`,
        token: token === '' ? undefined : (token as `0x${string}`),
      })
      return { ...module, funds, of: String([account, chainId, token]) }
    },
    args: () =>
      [
        this.wallet.provider,
        this.wallet.account,
        this.wallet.chainId,
        this.chainInfo(this.sellChain)?.chainId,
        this.sellTokenAddress(),
        this.fundsEpoch,
      ] as const,
  })

  constructor() {
    super()
    this.apiBase = ''
    this.sellChain = 'ETH'
    this.sellToken = 'ETH'
    this.buyChain = 'ETH'
    this.buyToken = 'USDC'
    this.amount = ''
    this.recipient = ''
    this.refundAddress = ''
    this.theme = 'auto'
    this.clock = { ...realTimers, now: () => Date.now() }
    this._slippage = readStoredSlippage()
    this._starting = false
    this.t = english
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Without light-dark() no colour of the styles reads: such a browser loads the plain palette apart.
    if (!CSS.supports('color', 'light-dark(red,red)')) {
      void import('./parts/plainPalette').then(({ plainPalette }) =>
        adoptStyles(this.renderRoot as ShadowRoot, [styles, plainPalette]),
      )
    }
    // A page that turns dark later does it with an attribute of its root or body (a class, `style`,
    // `data-theme`, `data-bs-theme`, …), the element's class or style, or a media query of its styles.
    const { documentElement, body } = this.ownerDocument
    for (const node of [documentElement, body]) if (node) this.pageWatch.observe(node, { attributes: true })
    this.pageWatch.observe(this, { attributeFilter: ['class', 'style'] })
    darkScheme?.addEventListener('change', this.checkBackground)
    // Back in a page (moved, or re-added by an app's router): its background may have changed meanwhile.
    if (this.hasUpdated) this.checkBackground()
    clearTimeout(this.executionStop)
    // A swap followed before a reload is shown again; only then does the execution code load here.
    if (hasSwapRecord()) {
      this.loadExecution().then(
        (execution) => execution.resume(),
        () => undefined,
      )
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.pageWatch.disconnect()
    darkScheme?.removeEventListener('change', this.checkBackground)
    // Detached, the element has no computed style: a check now would clear the palette it chose.
    clearTimeout(this.backgroundCheck)
    this.backgroundCheck = undefined
    // A move in the page disconnects and reconnects at once; only a real removal stops a swap.
    this.executionStop = setTimeout(() => this.execution?.stop())
  }

  /**
   * Follows a host background set after the first render (`followHostBackground`): changes that come
   * close together are read once, in a task of their own, since reading makes the browser compute the
   * element's style (a page may write its root's `style` many times a second). The page's own timer, as
   * in `firstUpdated`, and not a frame callback: a page in a background tab runs no frames.
   */
  private readonly checkBackground = () => {
    if (this.backgroundCheck) return
    this.backgroundCheck = setTimeout(() => {
      this.backgroundCheck = undefined
      this.followHostBackground()
    }, 50)
  }
  private backgroundCheck: ReturnType<typeof setTimeout> | undefined
  private readonly pageWatch = new MutationObserver(this.checkBackground)

  /** Set-up problems already warned about in the console: each is said once. */
  private readonly warnedSetup = new Set<string>()

  /** The control that had focus in the element as this update began, to hand focus on if it goes. */
  private focused: Element | null | undefined

  protected override firstUpdated(): void {
    // The first quote left during this update: the number formatters its answer needs are made
    // while it is on the way (see prepareNumberFormats), in a task of their own after this update.
    // The page's own timer, not the element's clock: this is no waiting the user sees, and a test
    // that runs the clock by hand (the status polls) must not find it among its timers.
    setTimeout(() => prepareNumberFormats(this.locale))
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    // The chain and token lists open (`listsOpen`) once an update found no quote on its way or held for
    // the wallet's account, in a task of their own, so their requests leave after the update that shows
    // the quote. Read here: the quote's Task (the first controller) has started this update's request
    // by now, so the first update finds it pending. Once, though updates before the timer each set one,
    // and not for an element gone from the page meanwhile: its next update there opens them. The page's
    // own timer, as in `firstUpdated`.
    if (!this.listsOpen && !this.quotes.pending && !(this.wallet.accountPending && this.quoteRequest())) {
      setTimeout(() => {
        if (this.isConnected && !this.listsOpen) {
          this.listsOpen = true
          this.requestUpdate()
        }
      })
    }
    if (changed.has('theme')) this.followHostBackground()
    // An update that removed or disabled the focused control would leave focus on the page: it goes
    // where `FOCUS_NEXT` says. (The wallet menu hands its own on, `close`.)
    const lost = this.focused as HTMLButtonElement | null
    if (lost && (!lost.isConnected || lost.disabled) && document.activeElement === document.body) {
      this.renderRoot
        .querySelector<HTMLElement>(`[part="${FOCUS_NEXT[lost.getAttribute('part')!]}"]`)
        ?.focus()
    }
    // The words come with the problems' code, loaded when there is one to tell.
    const problems = loadedQuoteProblems()
    if (problems) problems.warnSetupProblems(this.setupProblems(), this.warnedSetup)
    else if (this.setupProblems().length > 0) void loadQuoteProblems().then(() => this.requestUpdate())
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.focused = this.shadowRoot!.activeElement
    const locale = this.locale
    // Another language's catalog (and its text direction) loads only when a locale asks for one
    // (the locale is canonical: `en`, `en-GB`, never `EN`).
    if (locale !== this.localeShown && (this.localeShown || !/^en/.test(locale))) {
      this.localeShown = locale
      import('./parts/loadTranslator').then(
        ({ loadTranslator }) =>
          loadTranslator({
            locale,
            root: this.shadowRoot!,
            use: (t) => (this.t = t),
          }),
        // Without its catalog the element stays in English.
        () => undefined,
      )
    }
    // One spelling of each chain from here on: the attributes take a symbol or id in any case.
    if (changed.has('sellChain')) this.sellChain = findChain(this.sellChain)?.symbol ?? this.sellChain
    if (changed.has('buyChain')) this.buyChain = findChain(this.buyChain)?.symbol ?? this.buyChain
    if (changed.has('provider')) this.wallet.useHostProvider(this.provider, Boolean(changed.get('provider')))
    // What the inputs say, worked out once per update: render, the quote Task and the handlers read it.
    const setup = this.computeSetupProblems()
    const inputs = this.computeInputProblems()
    this.derived = { setup, inputs, request: this.computeQuoteRequest(setup, inputs) }
  }

  private derived: { setup: SetupProblem[]; inputs: Problems; request: QuoteRequest | undefined } = {
    setup: [],
    inputs: {},
    request: undefined,
  }

  /**
   * With a host-set background, the palette that reads on it (`followHostBackground`). It runs only for
   * a host that set `--swap-quote-background` (or to undo what it decided before). Its few lines are in
   * the first load: as a chunk of its own it weighed more than it saved there.
   */
  private followHostBackground(): void {
    const states = this.internals.states
    if (!states.size && !getComputedStyle(this).getPropertyValue('--swap-quote-background').trim()) return
    followHostBackground({ host: this, states, theme: this.theme })
  }

  /** Set-up problems of the last update (see `computeSetupProblems`). */
  private setupProblems(): SetupProblem[] {
    return this.derived.setup
  }

  private inputProblems(): Problems {
    return this.derived.inputs
  }

  private quoteRequest(): QuoteRequest | undefined {
    return this.derived.request
  }

  protected override render(): TemplateResult {
    const view = this.execution?.view
    const frozen = view?.form
    const form = frozen ?? this.formAsSet()
    const refundChain = this.refundChain(form)
    const recipientChain = this.recipientChain(form)
    // Nothing the user edits may change under a running or finished execution ("New quote" frees it).
    const locked = view !== undefined
    // The inputs a swap started from were quoted: what the host set since is judged once they show.
    const problems = frozen ? {} : this.inputProblems()
    const sellValueUsd = this.shownResult()?.quote.sellValueUsd
    const setup = this.setupProblems()
    // As the action button has it: a set-up problem is said there before a short balance.
    const short = setup.length === 0 && this.fundsCheck()?.short
    // A field whose value the service refused (the refusal's `param`): marked, and described by its words.
    const refused = !view && this.quotes.problemFor(this.quoteRequest())?.param
    // Escape while a panel is open closes it (in the panel, or on its button right after opening it, as
    // a popover closes); focus goes back to its button. Taken: a page dialog around the element must not
    // close with it. The picker takes its own Escape first.
    const closePanel = (event: KeyboardEvent) => {
      if (
        this._panel &&
        event.key === 'Escape' &&
        !event.defaultPrevented &&
        // From the panel or its button only: Escape in the form must not pull focus up to the button.
        (event.target as Element).closest(`[part^="${this._panel}"]`)
      ) {
        event.preventDefault()
        void this.focusPart(`${this._panel}-button`)
        this._panel = undefined
      }
    }
    // The language of the words shown (English until a catalog has loaded), which may not be the page's:
    // a screen reader reads each in its own voice.
    return html`<div lang=${this.t === english ? 'en' : this.locale} @keydown=${closePanel}>
      ${loadedQuoteProblems()?.renderSetupProblems(setup)}
      <div class="bar">
        ${(['settings', 'history'] as const).map(
          (name) =>
            html`<button
              type="button"
              class="secondary"
              part="${name}-button"
              aria-expanded=${this._panel === name}
              @click=${() => (this._panel = this._panel === name ? undefined : name)}
            >
              ${name === 'settings' ? this.t('Settings') : this.t('History')}
            </button>`,
        )}
      </div>
      ${this._panel ? this.panel(this._panel)?.renderPanel(this as never) : nothing}
      <form part="form" @submit=${(event: Event) => event.preventDefault()} novalidate>
        <fieldset part="sell" ?disabled=${locked}>
          <legend>${this.t('You pay')}</legend>
          <div class="pair">
            ${this.renderTokenField('sell', form)}
            <label class="field">
              <span>${this.t('Amount to sell')}</span>
              <input
                part="amount"
                name="amount"
                inputmode="decimal"
                autocomplete="off"
                placeholder="0.0"
                .value=${form.amount}
                aria-invalid=${problems.amount || short || refused === 'amount' ? 'true' : 'false'}
                aria-describedby=${
                  // Short of funds: the button's "Insufficient … balance" describes the amount too.
                  `amount-problem${short ? ' action' : ''}${refused === 'amount' ? ' problem-detail' : ''}`
                }
                @input=${(event: Event) => {
                  this.quotes.typed()
                  this.change('amount', (event.target as HTMLInputElement).value.trim())
                }}
              />
            </label>
          </div>
          ${
            // What the amount is worth, as the quote of this very amount values it.
            sellValueUsd
              ? html`<p class="hint" data-testid="sell-value">
                  <bdi dir="ltr"
                    >≈ ${formatNumber({ value: sellValueUsd, style: 'usd', locale: this.locale })}</bdi
                  >
                </p>`
              : nothing
          }
          ${this.renderFunds(locked)}
          <p id="amount-problem" class="error-text" data-testid="amount-problem">${problems.amount ?? ''}</p>
          ${
            refundChain
              ? this.renderAddressField({
                  id: 'from',
                  label: this.t('The {chain} address you send from', { chain: refundChain.name }),
                  value: form.refundAddress,
                  problem: problems.from,
                  refused: refused === 'address',
                  onInput: (value) => this.change('refund-address', value),
                })
              : nothing
          }
        </fieldset>
        <button
          type="button"
          class="flip secondary"
          part="flip-button"
          aria-label=${this.t('Swap the tokens sold and bought')}
          ?disabled=${locked}
          @click=${() => this.flip()}
        >
          ⇅
        </button>
        <fieldset part="buy" ?disabled=${locked}>
          <legend>${this.t('You receive')}</legend>
          ${this.renderTokenField('buy', form)}
          ${
            recipientChain
              ? this.renderAddressField({
                  id: 'recipient',
                  label: this.t('Recipient address on {chain}', { chain: recipientChain.name }),
                  value: form.recipient,
                  // An empty field means the connected wallet: say so where the user looks.
                  placeholder: form.walletRecipient,
                  problem: problems.recipient,
                  refused: refused === 'recipient',
                  onInput: (value) => this.change('recipient', value),
                })
              : nothing
          }
        </fieldset>
        <section part="quote" class="quote" aria-label=${this.t('Quote')} tabindex="-1" data-testid="quote">
          ${this.renderQuoteState()}
        </section>
        <p role="status" class="sr" data-testid="quote-status">
          ${
            // The quote area is no live region: each refresh read its changed figures out, unlabelled, and
            // each request while typing the whole summary again. What the user must hear is its problem
            // (never beside a quote: each answer clears the other).
            this.t(this.quotes.problemFor(this.quoteRequest())?.message ?? '')
          }
        </p>
        ${this.renderExpiry()}
        ${renderWallet({
          account: this.wallet.account,
          walletChainId: this.wallet.chainId,
          neededChain: this.neededChain(),
          menu: this.wallet.menu?.render(),
          message: this.wallet.message,
          messageValues: this.wallet.messageValues,
          onConnect: () => this.connect(),
          onDisconnect: () => this.wallet.disconnect(this.provider),
          onSwitch: () => this.switchChain(),
          t: this.t,
        })}
        ${this.renderChecks()} ${this.renderAction()}
        ${
          this.execution?.view && this.execution.executing
            ? this.execution.executing.renderExecution({
                execution: this.execution,
                copied: this._copied,
                nowMs: this.clock.now(),
                explorerUrl: this.explorerUrl,
                onCopy: (label, value) => this.copy(label, value),
                onReset: () => this.reset(),
                locale: this.locale,
                t: this.t,
              })
            : nothing
        }
      </form>
      ${this.picker?.render() ?? nothing}
    </div>`
  }

  private renderTokenField(side: 'sell' | 'buy', form: FormShown): TemplateResult {
    const chain = form[`${side}Chain`]
    return renderTokenField({
      side,
      chainName: this.chainInfo(chain)?.name ?? chain,
      token: form[`${side}Info`],
      value: form[`${side}Token`],
      apiBase: this.apiBase,
      onOpen: () => this.openPicker(side),
      t: this.t,
    })
  }

  /** An address field; the address runs left to right also in Arabic, so its `0x` start stays in view. */
  private renderAddressField({
    id,
    label,
    value,
    placeholder = '',
    problem,
    refused,
    onInput,
  }: {
    id: string
    label: string
    value: string
    placeholder?: string
    problem: string | undefined
    /** The service refused this address (its words are the quote's problem). */
    refused: boolean
    onInput: (value: string) => void
  }): TemplateResult {
    return html`
      <label class="field">
        <span>${label}</span>
        <input
          part=${id}
          name=${id}
          dir="ltr"
          autocomplete="off"
          spellcheck="false"
          placeholder=${placeholder}
          .value=${value}
          aria-invalid=${(problem && value) || refused ? 'true' : 'false'}
          aria-describedby="${id}-problem${refused ? ' problem-detail' : ''}"
          @input=${(event: Event) => {
            this.quotes.typed()
            onInput((event.target as HTMLInputElement).value.trim())
          }}
        />
      </label>
      <p id="${id}-problem" class="error-text" data-testid="${id}-problem">${value ? (problem ?? '') : ''}</p>
    `
  }

  private renderQuoteState(): TemplateResult | typeof nothing {
    const request = this.quoteRequest()
    const view = this.execution?.view
    // A quote and a problem never stand together: each answer clears the other.
    const shown = this.shownResult()
    if (shown) {
      const { quote } = shown
      return renderQuoteSummary({
        quote,
        indicative: shown.address === PREVIEW_ADDRESS,
        locale: this.locale,
        impactBps: readPriceImpactBps(quote),
        warnBps: this.readThresholdBps('warning') ?? 0,
        onDetailToggle: () => this.panel('route'),
        detail: this.panels.route?.renderRouteDetail({
          quote,
          locale: this.locale,
          networkFee: this.fundsCheck()?.networkFee,
          t: this.t,
        }),
        inverted: this._rateInverted,
        onInvert: () => (this._rateInverted = !this._rateInverted),
        slippage: this._slippage ?? this.slippage,
        t: this.t,
      })
    }
    if (view) return nothing
    if (!request && this.setupProblems().length > 0) {
      return html`<p class="hint">${this.t('Quotes are not available on this page yet.')}</p>`
    }
    if (!request) {
      return html`<p class="hint">${this.t('{action} to see a quote.', { action: this.missingInput() })}</p>`
    }
    const problem = this.quotes.problemFor(request)
    if (problem) {
      const retryAt = this.quotes.retryAt
      const views = loadedQuoteProblems()
      // Without its view (that code could not load): the words; the retry comes on its own.
      return views
        ? views.renderQuoteProblem(
            problem,
            retryAt === undefined ? undefined : secondsLeft(retryAt, this.clock.now()),
            () => this.quotes.refresh(),
            this.t,
          )
        : html`<p class="problem" part="error">${problem.message}</p>`
    }
    return html`<p class="hint" data-testid="quote-pending">${this.t('Getting the best quote…')}</p>`
  }

  /** What keeps the inputs from being quoted, as an instruction ("Enter the recipient address"). */
  private missingInput(): string {
    const problems = this.inputProblems()
    if (!this.typedAmount) return this.t('Enter an amount')
    if (problems.amount) return this.t('Correct the amount')
    if (problems.from)
      return this.refundAddress
        ? this.t('Correct the address you send from')
        : this.t('Enter the address you send from')
    if (problems.recipient) {
      return this.effectiveRecipient()
        ? this.t('Correct the recipient address')
        : this.t('Enter the recipient address')
    }
    return this.t('Choose the tokens')
  }

  private renderExpiry(): TemplateResult | typeof nothing {
    const result = this.currentResult()
    // During an execution refreshing is paused; a deposit shows its own time left.
    if (!result || this.execution?.view) return nothing
    const seconds = secondsLeft(Date.parse(result.quote.expiresAt), this.clock.now())
    return html`<p class="hint" part="expiry" data-testid="expiry">
      ${
        seconds > 0
          ? this.t('Quote expires in {time}', { time: formatCountdown(seconds, this.t) })
          : this.t('Quote expired; refreshing…')
      }
    </p>`
  }

  private renderAction(): TemplateResult | typeof nothing {
    const result = this.currentResult()
    const button = (label: string, onClick?: () => void) =>
      html`<button type="button" id="action" part="action-button" ?disabled=${!onClick} @click=${onClick}>
        ${label}
      </button>`
    if (this._starting || this.execution?.running) return button(this.t('Swapping…'))
    if (this.execution?.view) return nothing
    if (this.setupProblems().length > 0) return button(this.t('Not available on this page yet'))
    const short = this.fundsCheck()?.short
    // Short of gas: of the native coin, also when a token is sold.
    if (short)
      return button(
        this.t('Insufficient {symbol} balance', {
          symbol: short === 'gas' ? (this.chainInfo(this.sellChain)?.nativeSymbol ?? '') : this.sellSymbol(),
        }),
      )
    if (!result) {
      const request = this.quoteRequest()
      const problem = this.quotes.problemFor(request)
      const retryAt = this.quotes.retryAt
      if (problem) {
        return button(
          loadedQuoteProblems()?.describeProblemAction(
            problem,
            retryAt === undefined ? undefined : secondsLeft(retryAt, this.clock.now()),
            this.t,
          ) ?? this.t('Service unavailable'),
        )
      }
      return button(request ? this.t('Getting a quote…') : this.missingInput())
    }
    const { quote } = result
    // An expired quote is never offered (rule 6); its refresh is already on the way.
    if (Date.parse(quote.expiresAt) <= this.clock.now()) return button(this.t('Getting a fresh quote…'))
    const waiting = this.checksWaiting(quote)
    if (waiting) return button(waiting)
    if (quote.depositAddress && !quote.tx && !quote.order) {
      return button(this.t('Show deposit instructions'), () => this.execute())
    }
    const account = this.wallet.account
    if (!account) return button(this.t('Connect wallet to swap'), () => this.connect())
    if (result.address.toLowerCase() !== account.toLowerCase()) return button(this.t('Updating the quote…'))
    const anyway = this.impactToConfirm(quote) !== undefined
    const label = quote.order
      ? anyway
        ? this.t('Sign order anyway')
        : this.t('Sign order')
      : anyway
        ? this.t('Swap anyway')
        : this.t('Swap')
    return button(label, () => this.execute())
  }

  /**
   * What still stands between this quote and Swap or Sign, as the button's words: an unlisted token not
   * acknowledged, a high price impact not confirmed. (A balance still being read does not hold Swap
   * back: the execution reads it again and refuses before anything is sent.)
   */
  private checksWaiting(quote: Quote): string | undefined {
    // Until the checks have loaded, an unlisted token counts as not acknowledged.
    if (this.unlistedTokens(quote).some((token) => !this._safety?.isTokenAcknowledged(token.caip))) {
      return this.t('Review the token warning')
    }
    const impact = this.impactToConfirm(quote)
    if (impact !== undefined && !this.impactAccepted(quote, impact)) return this.t('Confirm the price impact')
    return undefined
  }

  /** The balance and "Max", once the wallet's funds are known. */
  private renderFunds(locked: boolean): TemplateResult | typeof nothing {
    const check = this.fundsCheck()
    return check
      ? this.fundsTask.value!.renderFunds({
          check,
          symbol: this.sellSymbol(),
          locale: this.locale,
          t: this.t,
          locked,
          onMax: (amount) => this.change('amount', amount),
        })
      : nothing
  }

  /** The unlisted-token warnings and the price impact confirmation, when the quote on offer needs them. */
  private renderChecks(): TemplateResult | typeof nothing {
    const result = this.currentResult()
    if (!result || this.execution?.view) return nothing
    const { quote, request } = result
    const impactBps = this.impactToConfirm(quote)
    const impact = readPriceImpactBps(quote)
    const highImpactBps = impact! >= (this.readThresholdBps('warning') ?? 0) ? impact : undefined
    if (highImpactBps === undefined && !this.unlistedTokens(quote).length && !quote.order) return nothing
    // A rarely shown view: it loads when first needed (the button waits meanwhile), with an order's note.
    this.safetyChecks ??= import('./parts/fundsAndChecks').then(
      (module) => (this._safety = module),
      () => (this.safetyChecks = undefined),
    )
    return (
      this._safety?.renderSafetyChecks({
        quote,
        impactBps,
        highImpactBps,
        impactAccepted: impactBps !== undefined && this.impactAccepted(quote, impactBps),
        onAcceptImpact: (yes) =>
          (this._impactAccepted = yes ? { key: JSON.stringify(request), bps: impactBps! } : undefined),
        onAcknowledge: () => this.requestUpdate(),
        locale: this.locale,
        t: this.t,
      }) ?? nothing
    )
  }

  /** A panel's code, once loaded; the first call loads it and renders again when it is here. */
  private panel<Name extends PanelName>(name: Name): Panels[Name] {
    if (!(name in this.panels)) {
      this.panels[name] = undefined
      loadPanel[name]().then(
        (module) => {
          this.panels[name] = module as Panels[Name]
          this.requestUpdate()
        },
        () => delete this.panels[name],
      )
    }
    return this.panels[name]
  }

  // ── safety checks ────────────────────────────────────────────────────────

  /**
   * The language of the words, numbers and times (`de`, `es-MX`, `ar`): the `locale` attribute, else
   * the nearest `lang` around the element, else the browser's. Reads back the locale in use.
   */
  get locale(): string {
    const lang = this.localeSet || this.closest<HTMLElement>('[lang]')?.lang
    try {
      return Intl.getCanonicalLocales(lang || navigator.language)[0] ?? 'en'
    } catch {
      return navigator.language
    }
  }

  // Lit wraps this accessor: setting it requests an update.
  set locale(value: string | undefined) {
    this.localeSet = value
  }

  /** The threshold attribute in basis points, or `undefined` when it is not a percentage. */
  private readThresholdBps(which: 'warning' | 'confirm'): number | undefined {
    const value = (which === 'warning' ? this.priceImpactWarning : this.priceImpactConfirm)?.trim()
    if (!value) return which === 'warning' ? 300 : 1000
    return /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100
      ? Math.round(Number(value) * 100)
      : undefined
  }

  /** The price impact (bps) the user must confirm before executing `quote`, if it is that high. */
  private impactToConfirm(quote: Quote): number | undefined {
    const impact = readPriceImpactBps(quote)
    return impact !== undefined && impact >= (this.readThresholdBps('confirm') ?? 0) ? impact : undefined
  }

  /** Whether the user accepted this impact for these inputs (a later, worse quote asks again). */
  private impactAccepted(quote: Quote, impact: number): boolean {
    const accepted = this._impactAccepted
    const result = this.currentResult()
    return (
      accepted !== undefined &&
      result?.quote === quote &&
      accepted.key === JSON.stringify(result.request) &&
      impact <= accepted.bps
    )
  }

  /** The quote's tokens outside the service's curated lists. */
  private unlistedTokens(quote: Quote): AssetRef[] {
    return [quote.sellToken, quote.buyToken].filter((token) => token.verified === false)
  }

  /** The sell token's display symbol. */
  private sellSymbol(): string {
    // A pasted token no list names and no quote has named yet: its address, shortened as on its button.
    return (
      this.currentResult()?.quote.sellToken.symbol ??
      this.sellTokenInfo()?.symbol ??
      shortenAddress(this.sellToken)
    )
  }

  /**
   * The sell token's contract on an EVM sell chain, `''` for its native coin, `undefined` when neither
   * is known yet (no wallet balance is read then).
   */
  private sellTokenAddress(): string | undefined {
    if (this.chainInfo(this.sellChain)?.type !== 'evm') return undefined
    const listed = this.sellTokenInfo()
    if (listed) return listed.contract ?? ''
    const address = /0x[0-9a-fA-F]{40}$/.exec(this.sellToken)?.[0]
    return address ?? (/slip44:/.test(this.sellToken) ? '' : undefined)
  }

  /** The amount typed against the wallet's funds, once they are known. */
  private fundsCheck(): FundsCheck | undefined {
    // A task keeps its last value when it reads nothing (wallet on another chain) and while it reads
    // anew: funds of another token or chain must never pass for these. A token with no address known (one
    // the service does not list) has no funds: its `of` would read as the native coin's.
    const read = this.fundsTask.value
    const token = this.sellTokenAddress()
    const of = String([this.wallet.account, this.chainInfo(this.sellChain)?.chainId, token])
    const decimals = this.sellTokenInfo()?.decimals ?? read?.funds.decimals
    if (read?.of !== of || token === undefined || decimals === undefined || this.execution?.view)
      return undefined
    return read.checkFunds({
      funds: read.funds,
      amount: this.inputProblems().amount ? undefined : readAmountInput(this.amount, this.locale).amount,
      decimals,
      quote: this.currentResult()?.quote,
      nativeSymbol: this.chainInfo(this.sellChain)?.nativeSymbol ?? '',
      locale: this.locale,
    })
  }

  // ── quoting ──────────────────────────────────────────────────────────────

  private client(apiBase: string): QuoteClient {
    let client = this.clients.get(apiBase)
    if (!client) this.clients.set(apiBase, (client = quoting.createClient(apiBase)))
    return client
  }

  private chainInfo(symbol: string): ChainInfo | undefined {
    const listed = this.chainsTask.value?.find((chain) => chain.id === symbol)
    if (listed) return listed
    const known = findChain(symbol)
    return known
      ? {
          id: known.symbol,
          name: known.name,
          type: known.type,
          ...(known.chainId ? { chainId: known.chainId } : {}),
        }
      : undefined
  }

  /** The sell chain when the user must type their own address on it (one this page has no wallet for). */
  private refundChain({ sellChain }: Pick<FormShown, 'sellChain'> = this): ChainInfo | undefined {
    const chain = this.chainInfo(sellChain)
    return chain?.type === 'evm' ? undefined : chain
  }

  /**
   * The buy chain when the pair is cross-chain, so the recipient field shows. A recipient is sent only
   * then: never one the user cannot see.
   */
  private recipientChain(
    { sellChain, buyChain }: Pick<FormShown, 'sellChain' | 'buyChain'> = this,
  ): ChainInfo | undefined {
    return sellChain === buyChain ? undefined : this.chainInfo(buyChain)
  }

  /**
   * The inputs as they stand. While a swap is on screen the form shows its own instead (`view.form`:
   * those it was started from, or picked up with after a reload): a host may set other tokens or
   * another amount meanwhile, which show once "New quote" frees the form, never beside another swap.
   */
  private formAsSet(): FormShown {
    return {
      sellChain: this.sellChain,
      sellToken: this.sellToken,
      buyChain: this.buyChain,
      buyToken: this.buyToken,
      amount: this.amount,
      recipient: this.recipient,
      refundAddress: this.refundAddress,
      sellInfo: this.sellTokenInfo(),
      buyInfo: findToken(this.buyTokensTask.value ?? [], this.buyToken),
      walletRecipient: this.wallet.account ? this.effectiveRecipient() : '',
    }
  }

  private sellTokenInfo(): Token | undefined {
    return findToken(this.sellTokensTask.value ?? [], this.sellToken)
  }

  /**
   * Attributes the site owner set that cannot work, each saying what to fix. They are shown above the
   * form for the site owner and warned once in the console, never dressed up as a user's problem, and
   * nothing is quoted while any stands.
   */
  private computeSetupProblems(): SetupProblem[] {
    const problems: SetupProblem[] = []
    // Without api-base the page's own origin is the service, which is right where it serves the API;
    // where it does not answer, the attribute is what is missing, not a price.
    // Set, it is wrong where it answers /chains with anything but the service's list or an outage
    // (5xx, or not reached: status 0): a 404, or a site's own page.
    const status = (this.chainsTask.error as { status?: number } | undefined)?.status ?? 0
    if (
      this.chainsTask.status === TaskStatus.ERROR &&
      (!this.apiBase.trim() || (status > 0 && status < 500))
    ) {
      problems.push(['api-base', 'api-base', this.apiBase])
    }
    const slippage = this.slippage?.trim()
    if (slippage && !isSlippagePercent(slippage)) problems.push(['slippage', 'slippage', slippage])
    // Sent as set: the service floors, caps at 100 or drops any other value, and the partner earns less.
    const fee = this.partnerFeeBps
    if (fee && !(/^\d{1,3}$/.test(fee) && Number(fee) <= 100)) problems.push(['bps', 'partner-fee-bps', fee])
    // A fee with no partner to pay it to: the service collects none.
    else if (+fee! && !this.partner?.trim()) problems.push(['partner', 'partner', fee!])
    const warning = this.readThresholdBps('warning')
    const confirm = this.readThresholdBps('confirm')
    if (warning === undefined) problems.push(['percent', 'price-impact-warning', this.priceImpactWarning!])
    if (confirm === undefined) problems.push(['percent', 'price-impact-confirm', this.priceImpactConfirm!])
    if (warning! > confirm!) {
      problems.push(['order', this.priceImpactWarning ?? '3', this.priceImpactConfirm ?? '10'])
    }
    const chains = this.chainsTask.value
    if (chains) {
      for (const [name, value] of [
        ['sell-chain', this.sellChain],
        ['buy-chain', this.buyChain],
      ] as const) {
        if (value && !chains.some((chain) => chain.id === value && chain.type !== 'hive')) {
          problems.push(['chain', name, value])
        }
      }
    }
    return problems
  }

  private computeInputProblems(): Problems {
    const problems: Problems = {}
    const { amount, problem: separatorProblem } = readAmountInput(this.typedAmount, this.locale, this.t)
    if (separatorProblem) problems.amount = separatorProblem
    else if (amount) {
      // Unknown decimals (a pasted token): check the grammar only; the service checks precision.
      const problem = quoting.checkAmount(amount, this.sellTokenInfo()?.decimals ?? 255, this.t)
      if (problem) problems.amount = problem
    }
    const refundChain = this.refundChain()
    if (refundChain)
      problems.from = validateAddress({ chain: refundChain, value: this.refundAddress, t: this.t })
    const recipientChain = this.recipientChain()
    if (recipientChain && this.effectiveRecipient() !== PREVIEW_ADDRESS) {
      problems.recipient = validateAddress({
        chain: recipientChain,
        value: this.effectiveRecipient(),
        t: this.t,
      })
    }
    return problems
  }

  /**
   * Where the output goes: the recipient typed or set, else the connected wallet on an EVM buy chain.
   * With neither, on a pair sold from a known EVM chain (from a wallet), the preview address, so a
   * visitor sees an indicative price before connecting, as for a same-chain pair: connecting makes it
   * the wallet's, and asks again. Never for a deposit route (sold from BTC, say), whose memo would pay
   * that address, nor from a chain the registry does not know (a set-up problem once `/chains` answers).
   */
  private effectiveRecipient(): string {
    if (this.recipient) return this.recipient
    return this.chainInfo(this.buyChain)?.type !== 'evm'
      ? ''
      : (this.wallet.account ?? (this.chainInfo(this.sellChain)?.type === 'evm' ? PREVIEW_ADDRESS : ''))
  }

  /**
   * The amount field's text, or nothing while it is still on its way to a number ("0", "0.", "12,"):
   * as in the big swap apps, no quote for it and no mistake pointed at before the next key.
   */
  private get typedAmount(): string {
    return /^(\d*[.,]|0*[.,]?0*)$/.test(this.amount) ? '' : this.amount
  }

  /** The request for the current inputs, or `undefined` while they are incomplete or invalid. */
  private computeQuoteRequest(setup: SetupProblem[], problems: Problems): QuoteRequest | undefined {
    if (!this.sellChain || !this.buyChain || !this.sellToken || !this.buyToken || !this.typedAmount)
      return undefined
    if (setup.length > 0) return undefined
    if (problems.amount || problems.from || problems.recipient) return undefined
    const slippage = this._slippage ?? this.slippage
    const params: QuoteParams = {
      sellChain: this.sellChain,
      sellToken: this.sellToken,
      buyChain: this.buyChain,
      buyToken: this.buyToken,
      amount: readAmountInput(this.amount, this.locale).amount ?? this.amount,
      // Trimmed, as validateAddress read them: the service takes the address exactly as sent.
      address: this.refundChain() ? this.refundAddress.trim() : (this.wallet.account ?? PREVIEW_ADDRESS),
      // An empty one is left out (`buildQuoteQuery` skips what is undefined), as the contract's defaults.
      recipient: this.recipientChain() ? this.effectiveRecipient().trim() : undefined,
      slippage: slippage || undefined,
      partner: this.partner || undefined,
      partnerFeeBps: this.partnerFeeBps || undefined,
    }
    return { apiBase: this.apiBase, params }
  }

  /**
   * The quote on screen: the one being executed while a swap shows, whatever the host sets meanwhile (a
   * swap picked up after a reload has none, and no other quote stands beside its tracking); else the
   * last quote, when it answers the current inputs.
   */
  private shownResult(): QuoteResult | undefined {
    const view = this.execution?.view
    return view ? (!view.resumed && this.quotes.result) || undefined : this.currentResult()
  }

  /** The last quote, when it answers the current inputs. */
  private currentResult(): QuoteResult | undefined {
    return this.quotes.resultFor(this.quoteRequest())
  }

  private change(name: ChangeName, value: string): void {
    if (name === 'sell-token') this.sellToken = value
    else if (name === 'buy-token') this.buyToken = value
    else if (name === 'amount') this.amount = value
    else if (name === 'recipient') this.recipient = value
    else this.refundAddress = value
    this.dispatchEvent(new SwapQuoteChangeEvent(name, value))
  }

  /** Sets one side's chain and token, as the picker or the flip button chose them. */
  private changePair(side: 'sell' | 'buy', chain: string, token: string): void {
    if (chain !== this[`${side}Chain`]) {
      this[`${side}Chain`] = chain
      this.dispatchEvent(new SwapQuoteChangeEvent(`${side}-chain`, chain))
    }
    this.change(`${side}-token`, token)
  }

  /** Swaps the tokens sold and bought (each with its chain); the amount stays the amount sold. */
  private flip(): void {
    const { sellChain, sellToken } = this
    this.changePair('sell', this.buyChain, this.buyToken)
    this.changePair('buy', sellChain, sellToken)
  }

  /** Opens one side's token picker, loading its code on the first press. */
  private openPicker(side: 'sell' | 'buy'): void {
    // The picker shows the chain list: it loads now if the first quote is still on its way.
    this.listsOpen = true
    import('./parts/PickerController').then(
      ({ PickerController }) => {
        this.picker ??= new PickerController(this, {
          chains: this.chainsTask,
          wallet: this.wallet,
          locale: () => this.locale,
          t: () => this.t,
          onPick: (at, chain, token) => this.changePair(at, chain, token),
        })
        this.picker.open(side)
      },
      () => undefined,
    )
  }

  // ── wallet ───────────────────────────────────────────────────────────────

  private neededChain(): { chainId: number; name: string } | undefined {
    const quote = this.currentResult()?.quote
    const chainId = quote?.tx?.chainId ?? quote?.order?.chainId ?? quote?.approval?.chainId
    if (chainId === undefined) return undefined
    return { chainId, name: findChain(chainId)?.name ?? `chain ${chainId}` }
  }

  private connect(): void {
    const event = new SwapQuoteConnectEvent()
    this.dispatchEvent(event)
    if (event.defaultPrevented) return
    this.wallet.connect(this.provider)
  }

  private async switchChain(): Promise<void> {
    const needed = this.neededChain()
    if (needed) await this.wallet.switchChain(needed)
  }

  // ── execution ────────────────────────────────────────────────────────────

  private async execute(): Promise<void> {
    const result = this.currentResult()
    // The button is disabled then; this guards any other way in (never a swap that cannot go through).
    if (!result || this.fundsCheck()?.short || this.checksWaiting(result.quote) || this._starting) return
    // The host's veto comes first: a vetoed press changes nothing, not even the quote's refresh.
    const veto = new SwapQuoteBeforeExecuteEvent(result.quote)
    this.dispatchEvent(veto)
    if (veto.defaultPrevented) return
    // The quote pressed stays the one on screen while the swap's code loads: quoting pauses (`paused`).
    this._starting = true
    let execution: ExecutionController
    try {
      execution = await this.loadExecution()
    } catch {
      // Nothing was sent; a browser keeps a failed module load until the page reloads.
      const message = t('The swap could not load, and nothing was sent. Reload the page and try again.')
      this.wallet.say(message)
      this.dispatchEvent(new SwapQuoteErrorEvent({ source: 'execution', code: 'wallet-error', message }))
      this.quotes.refresh()
      return
    } finally {
      this._starting = false
    }
    // What the press was for is read again: inputs or an account changed, or a check undone, while the
    // code loaded, stop it (the user presses again on what shows; quoting starts again).
    if (this.currentResult() !== result || this.checksWaiting(result.quote)) return this.quotes.refresh()
    await execution.start({
      form: this.formAsSet(),
      quote: result.quote,
      address: result.address === PREVIEW_ADDRESS ? undefined : result.address,
      provider: this.wallet.provider,
      account: this.wallet.account,
    })
  }

  /**
   * The execution code (the controller; the wallet code follows when it starts), loaded once, on the
   * first Swap, so the page's first load does not carry it.
   */
  private loadExecution(): Promise<ExecutionController> {
    this.executionLoading ??= import('./parts/ExecutionController').then(
      ({ ExecutionController }) =>
        (this.execution = new ExecutionController(this, {
          onFormBack: () => {
            this.quotes.refresh()
            this.fundsEpoch++
          },
          focus: (part, options) => this.focusPart(part, options),
          say: (message) => this.wallet.say(message),
          now: () => this.clock.now(),
          timers: {
            setTimeout: (run, ms) => this.clock.setTimeout(run, ms),
            clearTimeout: (timer) => this.clock.clearTimeout(timer),
          },
        })),
      (error) => {
        this.executionLoading = undefined
        throw error
      },
    )
    return this.executionLoading
  }

  private reset(): void {
    this._copied = undefined
    this.execution?.reset()
  }

  /**
   * Moves focus to a part after the next render. With `onlyIfFocusHere`, only when focus is still in
   * the widget or nowhere, so a slow step never pulls the user away from a field elsewhere on the page.
   */
  private async focusPart(part: string, { onlyIfFocusHere = false } = {}): Promise<void> {
    await this.updateComplete
    const active = document.activeElement
    if (onlyIfFocusHere && active !== this && active !== document.body && active !== null) return
    this.renderRoot.querySelector<HTMLElement>(`[part="${part}"]`)?.focus()
  }

  private async copy(label: string, value: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(value)
      this._copied = label
    } catch {
      this._copied = undefined
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-quote': SwapQuote
  }
}

// The one side effect of this module, guarded so a second copy or a server import does no harm.
if (typeof customElements !== 'undefined' && !customElements.get(SWAP_QUOTE_TAG)) {
  customElements.define(SWAP_QUOTE_TAG, SwapQuote)
}
