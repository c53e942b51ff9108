import { initialState, Task } from '@lit/task'
import { html, LitElement, nothing } from 'lit'
import type { PropertyValues, TemplateResult } from 'lit'
import { findChain } from '../shared/chains'
import type { QuoteClient } from '../shared/client'
import type { Chain, Quote, QuoteParams, Token } from '../shared/schemas'
import type { DepositInstructions, Eip1193Provider, ExecutionStepEvent } from '../shared/wallet'
import {
  SwapQuoteBeforeExecuteEvent,
  SwapQuoteChangeEvent,
  SwapQuoteConnectEvent,
  SwapQuoteDoneEvent,
  SwapQuoteErrorEvent,
  SwapQuoteQuoteEvent,
  SwapQuoteStepEvent,
  SwapQuoteSubmittedEvent,
} from './events'
import { ClockController } from './parts/ClockController'
import { delay } from './parts/delay'
import type { QuoteProblem } from './parts/describeQuoteError'
import { describeQuoteError } from './parts/describeQuoteError'
import { findToken } from './parts/findToken'
import { formatCountdown, secondsLeft } from './parts/formatCountdown'
import { loadChainTokens } from './parts/loadChainTokens'
import { loadQrCode } from './parts/loadQrCode'
import { loadQuoting } from './parts/loadQuoting'
import type { Quoting } from './parts/quoting'
import { renderDeposit } from './parts/renderDeposit'
import type { ExecutionView } from './parts/renderExecution'
import { renderExecution } from './parts/renderExecution'
import { renderQuoteProblem } from './parts/renderQuoteProblem'
import { renderQuoteSummary } from './parts/renderQuoteSummary'
import { renderTokenField } from './parts/renderTokenField'
import { renderWallet } from './parts/renderWallet'
import { validateAddress } from './parts/validateAddress'
import type { InjectedWallet } from './parts/watchInjectedWallets'
import { watchInjectedWallets } from './parts/watchInjectedWallets'
import { styles } from './swap-quote.styles'

/** The tag the element registers. */
export const SWAP_QUOTE_TAG = 'swap-quote'

/** Pause after the last input before a quote is requested. */
export const QUOTE_DEBOUNCE_MS = 300

/**
 * The address an indicative quote is requested for before a wallet is connected; a quote for it is
 * shown but never executed (the connected account gets its own quote).
 */
export const PREVIEW_ADDRESS = '0x000000000000000000000000000000000000dEaD'

type ChainInfo = Pick<Chain, 'id' | 'name' | 'type' | 'chainId'>
type QuoteRequest = { apiBase: string; params: QuoteParams }
type QuoteResult = { quote: Quote; key: string; address: string }
type Problems = { amount?: string; from?: string; recipient?: string }

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
    theme: { reflect: true },
    explorerUrl: { attribute: 'explorer-url' },
    provider: { attribute: false },
    _sellSearch: { state: true },
    _buySearch: { state: true },
    _fromAddress: { state: true },
    _wallets: { state: true },
    _choosing: { state: true },
    _walletProvider: { state: true },
    _account: { state: true },
    _walletChainId: { state: true },
    _walletMessage: { state: true },
    _refresh: { state: true },
    _result: { state: true },
    _problem: { state: true },
    _retryAt: { state: true },
    _execution: { state: true },
    _deposit: { state: true },
    _qr: { state: true },
    _copied: { state: true },
    _quoting: { state: true },
  }

  /** Base URL of the Swap Quote API, without `/api/sdk/v1`; empty means this page's origin. */
  declare apiBase: string
  /** Integrator id, echoed and logged by the service (at most 64 characters). */
  declare partner: string | undefined
  /** Partner fee in basis points, on top of the service's own fee. */
  declare partnerFeeBps: string | undefined
  declare sellChain: string
  /** Symbol, CAIP id or contract address of the token sold. */
  declare sellToken: string
  declare buyChain: string
  declare buyToken: string
  /** Human units of the sell token, for example `0.1`. */
  declare amount: string
  /** Percent, 0 < s <= 50. */
  declare slippage: string | undefined
  /** Where the bought asset lands; needed when the chains differ. */
  declare recipient: string
  /** `light`, `dark` or `auto` (follows `prefers-color-scheme`). */
  declare theme: 'light' | 'dark' | 'auto'
  /**
   * Where transaction links point: a URL template with `{chainId}`, `{chain}` (symbol) and `{hash}`,
   * for example `/sandbox/tx/{chainId}/{hash}`. Unset: the chain's block explorer from the registry.
   */
  declare explorerUrl: string | undefined
  /** An EIP-1193 provider handed in by the host; without one the element discovers wallets by EIP-6963. */
  declare provider: Eip1193Provider | undefined

  declare private _sellSearch: string
  declare private _buySearch: string
  declare private _fromAddress: string
  declare private _wallets: InjectedWallet[]
  declare private _choosing: InjectedWallet[] | undefined
  declare private _walletProvider: Eip1193Provider | undefined
  declare private _account: string | undefined
  declare private _walletChainId: number | undefined
  declare private _walletMessage: string | undefined
  declare private _refresh: number
  declare private _result: QuoteResult | undefined
  declare private _problem: (QuoteProblem & { key: string }) | undefined
  declare private _retryAt: number | undefined
  declare private _execution: ExecutionView | undefined
  declare private _deposit: DepositInstructions | undefined
  declare private _qr: string | undefined
  declare private _copied: string | undefined
  /** The quoting chunk, once loaded: until then amounts are checked by the service alone. */
  declare private _quoting: Quoting | undefined

  private readonly clock = new ClockController(this)
  private clients = new Map<string, Promise<QuoteClient>>()
  private refreshTimer: ReturnType<typeof setTimeout> | undefined
  private stopWatchingWallets: (() => void) | undefined
  private listeningTo: Eip1193Provider | undefined
  private executionAbort: AbortController | undefined

  private readonly chainsTask = new Task(this, {
    task: async ([apiBase], { signal }) => (await (await this.client(apiBase)).chains({ signal })).chains,
    args: () => [this.apiBase] as const,
  })

  private readonly sellTokensTask = new Task(this, {
    task: async ([apiBase, chain], { signal }) =>
      chain ? loadChainTokens({ client: await this.client(apiBase), chain, signal }) : initialState,
    args: () => [this.apiBase, this.sellChain] as const,
  })

  private readonly buyTokensTask = new Task(this, {
    task: async ([apiBase, chain], { signal }) =>
      chain ? loadChainTokens({ client: await this.client(apiBase), chain, signal }) : initialState,
    args: () => [this.apiBase, this.buyChain] as const,
  })

  /**
   * Quoting: keyed on every input, debounced, and stale answers dropped (a newer run aborts the
   * older one's request, and the task ignores any run that is not the latest).
   */
  private readonly quoteTask = new Task(this, {
    task: async ([key], { signal }) => {
      if (!key) return initialState
      const { apiBase, params } = JSON.parse(key) as QuoteRequest
      await delay(QUOTE_DEBOUNCE_MS, signal)
      try {
        const quote = await (await this.client(apiBase)).quote(params, { signal })
        return { quote, key, address: params.address }
      } catch (error) {
        if (signal.aborted) throw error
        this._problem = { ...describeQuoteError(error), key }
        throw error
      }
    },
    args: () => [this.quoteRequestKey(), this._refresh] as const,
    onComplete: (result) => this.onQuote(result),
    onError: () => this.onQuoteError(),
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
    this.theme = 'auto'
    this._sellSearch = ''
    this._buySearch = ''
    this._fromAddress = ''
    this._wallets = []
    this._refresh = 0
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.stopWatchingWallets = watchInjectedWallets((wallets) => (this._wallets = wallets))
    // A failed load shows up where it matters: the quote task reports the service as unreachable.
    loadQuoting().then(
      (quoting) => (this._quoting = quoting),
      () => undefined,
    )
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.stopWatchingWallets?.()
    this.detachProvider()
    clearTimeout(this.refreshTimer)
    this.executionAbort?.abort(new DOMException('The element was removed.', 'AbortError'))
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('provider') && this.provider) {
      this._walletProvider = this.provider
      this._choosing = undefined
      this.attachProvider(this.provider)
      void this.readAccounts(this.provider, 'eth_accounts')
    }
  }

  protected override render(): TemplateResult {
    const chains = this.chainsTask.value ?? []
    const sellTokens = this.sellTokensTask.value
    const buyTokens = this.buyTokensTask.value
    const sellChain = this.chainInfo(this.sellChain)
    const buyChain = this.chainInfo(this.buyChain)
    const crossChain = this.sellChain.toUpperCase() !== this.buyChain.toUpperCase()
    const problems = this.inputProblems()
    return html`
      <form part="form" @submit=${(event: Event) => event.preventDefault()} novalidate>
        <fieldset part="sell">
          <legend>You pay</legend>
          ${renderTokenField({
            side: 'sell',
            chains,
            chain: this.sellChain,
            tokens: sellTokens,
            tokensFailed: this.sellTokensTask.error !== undefined,
            token: this.sellToken,
            search: this._sellSearch,
            onChain: (value) => this.changeChain('sell', value),
            onToken: (value) => this.change('sell-token', value),
            onSearch: (value) => (this._sellSearch = value),
          })}
          <label class="field">
            <span>Amount to sell</span>
            <input
              part="amount"
              name="amount"
              inputmode="decimal"
              autocomplete="off"
              placeholder="0.0"
              .value=${this.amount}
              aria-invalid=${problems.amount ? 'true' : 'false'}
              aria-describedby="amount-problem"
              @input=${(event: Event) => this.change('amount', (event.target as HTMLInputElement).value.trim())}
            />
          </label>
          <p id="amount-problem" class="error-text" data-testid="amount-problem">${problems.amount ?? ''}</p>
          ${
            sellChain && sellChain.type !== 'evm'
              ? this.renderAddressField({
                  id: 'from',
                  label: `Your ${sellChain.name} address (refunds go here)`,
                  value: this._fromAddress,
                  problem: problems.from,
                  onInput: (value) => (this._fromAddress = value),
                })
              : nothing
          }
        </fieldset>
        <fieldset part="buy">
          <legend>You receive</legend>
          ${renderTokenField({
            side: 'buy',
            chains,
            chain: this.buyChain,
            tokens: buyTokens,
            tokensFailed: this.buyTokensTask.error !== undefined,
            token: this.buyToken,
            search: this._buySearch,
            onChain: (value) => this.changeChain('buy', value),
            onToken: (value) => this.change('buy-token', value),
            onSearch: (value) => (this._buySearch = value),
          })}
          ${
            crossChain && buyChain
              ? this.renderAddressField({
                  id: 'recipient',
                  label: `Recipient address on ${buyChain.name}`,
                  value: this.recipient,
                  problem: problems.recipient,
                  onInput: (value) => this.change('recipient', value),
                })
              : nothing
          }
        </fieldset>
        <section part="quote" class="quote" aria-live="polite" aria-label="Quote" data-testid="quote">
          ${this.renderQuoteState()}
        </section>
        ${this.renderExpiry()}
        ${renderWallet({
          account: this._account,
          walletChainId: this._walletChainId,
          neededChain: this.neededChain(),
          choosing: this._choosing,
          message: this._walletMessage,
          onConnect: () => this.connect(),
          onChoose: (wallet) => this.chooseWallet(wallet),
          onDisconnect: () => this.disconnect(),
          onSwitch: () => this.switchChain(),
        })}
        ${this.renderAction()}
        ${this._execution ? renderExecution(this._execution, () => this.reset(), this.explorerUrl) : nothing}
        ${
          this._deposit
            ? renderDeposit(this._deposit, this._qr, (label, value) => this.copy(label, value), this._copied)
            : nothing
        }
      </form>
    `
  }

  private renderAddressField({
    id,
    label,
    value,
    problem,
    onInput,
  }: {
    id: string
    label: string
    value: string
    problem: string | undefined
    onInput: (value: string) => void
  }): TemplateResult {
    return html`
      <label class="field">
        <span>${label}</span>
        <input
          part=${id}
          name=${id}
          autocomplete="off"
          spellcheck="false"
          .value=${value}
          aria-invalid=${problem && value ? 'true' : 'false'}
          aria-describedby="${id}-problem"
          @input=${(event: Event) => onInput((event.target as HTMLInputElement).value.trim())}
        />
      </label>
      <p id="${id}-problem" class="error-text" data-testid="${id}-problem">${value ? (problem ?? '') : ''}</p>
    `
  }

  private renderQuoteState(): TemplateResult | typeof nothing {
    const key = this.quoteRequestKey()
    if (!key) return html`<p class="hint">Enter an amount to see a quote.</p>`
    if (this._result?.key === key) {
      return renderQuoteSummary(this._result.quote, this._result.address === PREVIEW_ADDRESS)
    }
    if (this._problem?.key === key) {
      const retryIn = this._retryAt === undefined ? undefined : secondsLeft(this._retryAt, this.clock.now())
      return renderQuoteProblem(this._problem, retryIn)
    }
    return html`<p class="hint" data-testid="quote-pending">Getting the best quote…</p>`
  }

  private renderExpiry(): TemplateResult | typeof nothing {
    const result = this.currentResult()
    if (!result) return nothing
    const seconds = secondsLeft(Date.parse(result.quote.expiresAt), this.clock.now())
    return html`<p class="hint" part="expiry" data-testid="expiry">
      ${seconds > 0 ? `Quote expires in ${formatCountdown(seconds)}` : 'Quote expired; refreshing…'}
    </p>`
  }

  private renderAction(): TemplateResult {
    const result = this.currentResult()
    const running = this._execution?.status === 'running'
    const button = (label: string, onClick?: () => void) =>
      html`<button type="button" part="action-button" ?disabled=${!onClick || running} @click=${onClick}>
        ${label}
      </button>`
    if (this._execution && !running) return html``
    if (running) return button('Swapping…')
    if (!result) return button(this.quoteRequestKey() ? 'Getting a quote…' : 'Enter an amount')
    const { quote } = result
    if (quote.depositAddress && !quote.tx && !quote.order) {
      return button('Show deposit instructions', () => this.execute())
    }
    if (!this._account) return button('Connect wallet to swap', () => this.connect())
    if (result.address.toLowerCase() !== this._account.toLowerCase()) return button('Updating the quote…')
    return button(quote.order ? 'Sign order' : 'Swap', () => this.execute())
  }

  // ── quoting ──────────────────────────────────────────────────────────────

  private client(apiBase: string): Promise<QuoteClient> {
    let client = this.clients.get(apiBase)
    if (!client) {
      client = loadQuoting().then((quoting) => quoting.createClient(apiBase))
      // A chunk that failed to load is asked for again next time, not remembered as broken.
      client.catch(() => this.clients.delete(apiBase))
      this.clients.set(apiBase, client)
    }
    return client
  }

  private chainInfo(symbol: string): ChainInfo | undefined {
    const listed = this.chainsTask.value?.find((chain) => chain.id.toUpperCase() === symbol.toUpperCase())
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

  private sellTokenInfo(): Token | undefined {
    return findToken(this.sellTokensTask.value ?? [], this.sellToken)
  }

  private inputProblems(): Problems {
    const problems: Problems = {}
    if (this.amount !== '' && this._quoting) {
      // Unknown decimals (a pasted token): check the grammar only; the service checks precision.
      const problem = this._quoting.checkAmount(this.amount, this.sellTokenInfo()?.decimals ?? 255)
      if (problem) problems.amount = problem
    }
    const sellChain = this.chainInfo(this.sellChain)
    if (sellChain && sellChain.type !== 'evm') {
      problems.from = validateAddress({ chain: sellChain, value: this._fromAddress })
    }
    const buyChain = this.chainInfo(this.buyChain)
    if (buyChain && this.sellChain.toUpperCase() !== this.buyChain.toUpperCase()) {
      problems.recipient = validateAddress({ chain: buyChain, value: this.effectiveRecipient() })
    }
    return problems
  }

  private effectiveRecipient(): string {
    if (this.recipient) return this.recipient
    const buyChain = this.chainInfo(this.buyChain)
    return buyChain?.type === 'evm' && this._account ? this._account : ''
  }

  /** The request for the current inputs as a stable string, or `undefined` while they are incomplete or invalid. */
  private quoteRequestKey(): string | undefined {
    if (!this.sellChain || !this.buyChain || !this.sellToken || !this.buyToken || !this.amount)
      return undefined
    const problems = this.inputProblems()
    if (problems.amount || problems.from || problems.recipient) return undefined
    const sellChain = this.chainInfo(this.sellChain)
    const address =
      sellChain?.type === 'evm' || !sellChain ? (this._account ?? PREVIEW_ADDRESS) : this._fromAddress
    const crossChain = this.sellChain.toUpperCase() !== this.buyChain.toUpperCase()
    const params: QuoteParams = {
      sellChain: this.sellChain,
      sellToken: this.sellToken,
      buyChain: this.buyChain,
      buyToken: this.buyToken,
      amount: this.amount,
      address,
      ...(crossChain || this.recipient ? { recipient: this.effectiveRecipient() } : {}),
      ...(this.slippage ? { slippage: this.slippage } : {}),
      ...(this.partner ? { partner: this.partner } : {}),
      ...(this.partnerFeeBps ? { partnerFeeBps: this.partnerFeeBps } : {}),
    }
    return JSON.stringify({ apiBase: this.apiBase, params } satisfies QuoteRequest)
  }

  /** The last quote, when it answers the current inputs. */
  private currentResult(): QuoteResult | undefined {
    const key = this.quoteRequestKey()
    return key && this._result?.key === key ? this._result : undefined
  }

  private onQuote(result: QuoteResult): void {
    this._result = result
    this._problem = undefined
    this._retryAt = undefined
    this.dispatchEvent(new SwapQuoteQuoteEvent(result.quote))
    this.scheduleRefresh(Date.parse(result.quote.expiresAt))
  }

  private onQuoteError(): void {
    const problem = this._problem
    if (!problem) return
    this.dispatchEvent(
      new SwapQuoteErrorEvent({ source: 'quote', code: problem.code, message: problem.message }),
    )
    if (problem.code === 'RATE_LIMITED') {
      // The contract's window is 60 s; Retry-After, when sent, is more precise.
      this._retryAt = this.clock.now() + (problem.retryAfterSeconds ?? 60) * 1000
      this.scheduleRefreshAt(this._retryAt)
    }
  }

  /** Re-quotes shortly before `expiresAtMs`, so the quote shown is always usable (rule 6). */
  private scheduleRefresh(expiresAtMs: number): void {
    const lifetime = expiresAtMs - this.clock.now()
    const lead = Math.min(5000, Math.max(0, lifetime / 2))
    this.scheduleRefreshAt(expiresAtMs - lead)
  }

  private scheduleRefreshAt(atMs: number): void {
    clearTimeout(this.refreshTimer)
    this.refreshTimer = setTimeout(
      () => {
        if (this._execution) return
        this._refresh++
      },
      Math.max(0, atMs - this.clock.now()),
    )
  }

  private change(name: 'sell-token' | 'buy-token' | 'amount' | 'recipient', value: string): void {
    if (name === 'sell-token') {
      this.sellToken = value
      this._sellSearch = ''
    } else if (name === 'buy-token') {
      this.buyToken = value
      this._buySearch = ''
    } else if (name === 'amount') this.amount = value
    else this.recipient = value
    this.dispatchEvent(new SwapQuoteChangeEvent(name, value))
  }

  private changeChain(side: 'sell' | 'buy', value: string): void {
    const native = this.chainsTask.value?.find((chain) => chain.id === value)?.nativeSymbol ?? ''
    if (side === 'sell') {
      this.sellChain = value
      this.sellToken = native
      this._sellSearch = ''
    } else {
      this.buyChain = value
      this.buyToken = native
      this._buySearch = ''
    }
    this.dispatchEvent(new SwapQuoteChangeEvent(`${side}-chain`, value))
    this.dispatchEvent(new SwapQuoteChangeEvent(`${side}-token`, native))
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
    this._walletMessage = undefined
    if (this.provider) {
      void this.readAccounts(this.provider, 'eth_requestAccounts')
      return
    }
    const [only, ...others] = this._wallets
    if (only && others.length === 0) {
      this.chooseWallet(only)
      return
    }
    if (only) {
      this._choosing = this._wallets
      return
    }
    this._walletMessage = 'No browser wallet was found. Install one, or open this page in a wallet’s browser.'
  }

  private chooseWallet(wallet: InjectedWallet): void {
    this._choosing = undefined
    this._walletProvider = wallet.provider
    this.attachProvider(wallet.provider)
    void this.readAccounts(wallet.provider, 'eth_requestAccounts')
  }

  private disconnect(): void {
    this._account = undefined
    this._walletChainId = undefined
    if (!this.provider) {
      this.detachProvider()
      this._walletProvider = undefined
    }
  }

  private async readAccounts(provider: Eip1193Provider, method: 'eth_accounts' | 'eth_requestAccounts') {
    try {
      const accounts = (await provider.request({ method })) as string[]
      const chainId = (await provider.request({ method: 'eth_chainId' })) as string
      this._account = accounts[0]
      this._walletChainId = Number(BigInt(chainId))
    } catch (error) {
      if (method === 'eth_accounts') return
      const rejected = isRejection(error)
      this._walletMessage = rejected
        ? 'The connection was declined in the wallet.'
        : 'The wallet could not be connected.'
      this.dispatchEvent(
        new SwapQuoteErrorEvent({
          source: 'wallet',
          code: rejected ? 'rejected' : 'wallet-error',
          message: this._walletMessage,
        }),
      )
    }
  }

  private async switchChain(): Promise<void> {
    const needed = this.neededChain()
    const provider = this._walletProvider
    if (!needed || !provider) return
    try {
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${needed.chainId.toString(16)}` }],
      })
      this._walletChainId = Number(BigInt((await provider.request({ method: 'eth_chainId' })) as string))
    } catch (error) {
      this._walletMessage = isRejection(error)
        ? 'The network switch was declined in the wallet.'
        : `The wallet could not switch to ${needed.name}.`
    }
  }

  private readonly onAccountsChanged = (accounts: unknown) => {
    this._account = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined
  }

  private readonly onChainChanged = (chainId: unknown) => {
    if (typeof chainId === 'string') this._walletChainId = Number(BigInt(chainId))
  }

  private attachProvider(provider: Eip1193Provider): void {
    if (this.listeningTo === provider) return
    this.detachProvider()
    const events = provider as Eip1193Provider & EventSource
    events.on?.('accountsChanged', this.onAccountsChanged)
    events.on?.('chainChanged', this.onChainChanged)
    this.listeningTo = provider
  }

  private detachProvider(): void {
    const events = this.listeningTo as (Eip1193Provider & EventSource) | undefined
    events?.removeListener?.('accountsChanged', this.onAccountsChanged)
    events?.removeListener?.('chainChanged', this.onChainChanged)
    this.listeningTo = undefined
  }

  // ── execution ────────────────────────────────────────────────────────────

  private async execute(): Promise<void> {
    const result = this.currentResult()
    if (!result) return
    const { quote } = result
    const veto = new SwapQuoteBeforeExecuteEvent(quote)
    this.dispatchEvent(veto)
    if (veto.defaultPrevented) return
    clearTimeout(this.refreshTimer)
    const view: ExecutionView = { status: 'running', steps: [] }
    this._execution = view
    const controller = new AbortController()
    this.executionAbort = controller
    try {
      // The wallet and execution code (viem) loads only when someone executes.
      const { createSwapWallet, executeQuote } = await import('../shared/wallet')
      const provider = this._walletProvider
      const wallet =
        provider && this._account
          ? createSwapWallet({ provider, address: this._account as `0x${string}` })
          : undefined
      const outcome = await executeQuote({
        quote,
        wallet,
        address: result.address === PREVIEW_ADDRESS ? undefined : result.address,
        signal: controller.signal,
        onStep: (event) => this.onStep(event),
      })
      if (outcome.status === 'instructions') {
        this._deposit = outcome.deposit
        this._execution = { ...this._execution!, status: 'done' }
        void loadQrCode(outcome.deposit.address).then(
          (url) => (this._qr = url),
          () => undefined,
        )
        this.dispatchEvent(new SwapQuoteDoneEvent(outcome))
      } else if (outcome.status === 'confirmed' || outcome.status === 'filled') {
        this._execution = {
          ...this._execution!,
          status: 'done',
          message:
            outcome.status === 'filled' ? 'Done: the order was filled.' : 'Done: the swap is confirmed.',
        }
        this.dispatchEvent(new SwapQuoteDoneEvent(outcome))
      } else {
        const code = outcome.status === 'rejected' ? 'rejected' : outcome.reason
        this._execution = { ...this._execution!, status: outcome.status, message: outcome.message }
        this.dispatchEvent(new SwapQuoteErrorEvent({ source: 'execution', code, message: outcome.message }))
      }
    } catch (error) {
      if (controller.signal.aborted) return
      const message = 'The swap could not be started.'
      this._execution = { ...this._execution!, status: 'failed', message }
      this.dispatchEvent(new SwapQuoteErrorEvent({ source: 'execution', code: 'wallet-error', message }))
    }
  }

  private onStep(event: ExecutionStepEvent): void {
    this._execution = { ...this._execution!, steps: [...this._execution!.steps, event] }
    this.dispatchEvent(new SwapQuoteStepEvent(event))
    if (event.step === 'swap:sent' || event.step === 'order:posted') {
      this.dispatchEvent(new SwapQuoteSubmittedEvent(event))
    }
  }

  private reset(): void {
    this._execution = undefined
    this._deposit = undefined
    this._qr = undefined
    this._copied = undefined
    this._refresh++
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

type EventSource = {
  on?: (event: string, listener: (...args: unknown[]) => void) => void
  removeListener?: (event: string, listener: (...args: unknown[]) => void) => void
}

function isRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001
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
