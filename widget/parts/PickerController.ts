import { css, html, nothing } from 'lit'
import type { LitElement, ReactiveController, TemplateResult } from 'lit'
import { formatAmount } from '../../shared/amount/formatAmount'
import type { Chain, Token } from '../../shared/schemas'
import type { Eip1193Provider } from '../../shared/wallet'
import { formatNumber } from './formatNumber'
import { loadChainTokens } from './loadChainTokens'
import { quoting } from './quoting'
import { POPULAR_SYMBOLS, rankTokens } from './rankTokens'
import { readTokenBalances } from './readTokenBalances'
import { renderTokenLogo } from './renderTokenLogo'
import { shortenAddress } from './shortenAddress'
import type { Translate } from './translate'

/** The element's public inputs the picker reads. */
export type PickerHost = LitElement & {
  apiBase: string
  sellChain: string
  sellToken: string
  buyChain: string
  buyToken: string
}

/** What the picker needs from the element's insides, read when it renders. */
export type PickerOptions = {
  /** `/chains`, as the element loaded it. */
  chains: { value?: readonly Chain[] | undefined }
  /** The connected wallet: its provider answers for the chain it is on. */
  wallet: { provider: Eip1193Provider | undefined; account: string | undefined; chainId: number | undefined }
  locale: () => string
  /** The element's translator, read when the picker renders. */
  t: () => Translate
  /** The user picked `token` (a CAIP id, or a pasted address) on `chain`. */
  onPick: (side: PickerSide, chain: string, token: string) => void
}

export type PickerSide = 'sell' | 'buy'

/** Whether a `…-token` value names `token`: its CAIP id, contract or symbol, in any case. */
const names = (token: Token, value: string) =>
  [token.caip, token.contract, token.symbol].some((name) => name?.toLowerCase() === value.toLowerCase())

type Option = { token: Token; pasted?: boolean }

const evmAddress = /^0x[0-9a-fA-F]{40}$/

/** The picker's own styles, adopted into the element's shadow root when it first opens. */
const pickerStyles = css`
  .picker {
    width: min(26rem, calc(100vw - 2rem));
    max-height: min(36rem, calc(100vh - 2rem));
    padding: 1rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_background);
    color: var(--_text);
  }
  .picker::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  .picker header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  .picker h2 {
    margin: 0;
    font-size: 1.05em;
  }
  /* Whole beside a long title ("Schließen" at 320 px): the title wraps instead. */
  .picker header button {
    flex: none;
  }
  .picker .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35rem;
    margin: 0.6rem 0;
  }
  .picker .row button {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    width: auto;
    min-height: 2.25rem;
    padding: 0.25rem 0.6rem;
    font-weight: 500;
  }
  /* On a phone, or a short window (200% zoom), the chains and popular tokens are one row each, scrolled
     sideways: the list keeps the room. */
  @media (max-width: 28rem), (max-height: 32rem) {
    .picker .row {
      flex-wrap: nowrap;
      overflow-x: auto;
    }
    .picker .row button {
      flex: none;
    }
  }
  /* An inner outline, not an inset shadow: forced colours (Windows high contrast) keep outlines. */
  .picker .row button[aria-pressed='true'] {
    border-color: var(--_accent);
    outline: 1px solid var(--_accent);
    outline-offset: -3px;
  }
  .picker [role='listbox'] {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .picker [role='option'] {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: 0.6rem;
    padding: 0.45rem 0.5rem;
    border-radius: calc(var(--_radius) * 0.5);
    cursor: pointer;
  }
  .picker [role='option'][aria-selected='true'] {
    background: var(--_surface);
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }
  /* The token this side has now, marked as the Uniswap interface marks it (read out as "current"). */
  .picker [aria-current] b::after {
    content: ' ✓' / '';
    color: var(--_accent);
  }
  .picker [role='option'] small,
  .picker .balance {
    display: block;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .picker .balance {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .picker .unlisted {
    color: var(--_error);
  }
`

/**
 * The token picker of one side at a time: a modal `<dialog>` in the element's shadow root with the
 * chains (HIVE left out), a search box, the popular tokens, and the chain's tokens with logos and
 * the connected wallet's balances (one batch read through the wallet, when it is on that chain).
 *
 * Keyboard: the search box is a combobox over the list. Arrow keys move through it, Home and End jump,
 * Enter picks, Escape closes; focus goes back to the side's token button on close.
 */
export class PickerController implements ReactiveController {
  private side: PickerSide | undefined
  private chain = ''
  private query = ''
  private active = 0
  private readonly tokens = new Map<string, Token[] | 'loading' | 'failed'>()
  private readonly balances = new Map<string, Map<string, bigint> | 'loading'>()
  /** Each opening reads balances afresh: they may have moved since. */
  private opening = 0
  /** The opening whose chain row was scrolled to the side's chain. */
  private chainShown = -1
  private styled = false

  constructor(
    private readonly host: PickerHost,
    private readonly options: PickerOptions,
  ) {
    host.addController(this)
  }

  /** Whether the dialog is open. */
  get isOpen(): boolean {
    return this.side !== undefined
  }

  hostUpdated(): void {
    const dialog = this.dialog()
    if (dialog && !dialog.open) {
      dialog.showModal()
      dialog.querySelector<HTMLInputElement>('input')?.focus()
    }
    // The side's chain may sit past the edge of a row scrolled sideways: shown once per opening, when it is
    // first drawn (the chain list can arrive after the dialog opened).
    const pressed = dialog?.querySelector('[aria-pressed="true"]')
    if (pressed && this.chainShown !== this.opening) {
      this.chainShown = this.opening
      pressed.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
    }
    dialog?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' })
  }

  /** Opens the picker for `side` on its current chain. */
  open(side: PickerSide): void {
    if (!this.styled) {
      const root = this.host.renderRoot as ShadowRoot
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, pickerStyles.styleSheet!]
      this.styled = true
    }
    this.side = side
    this.chain = this.current(side).chain
    this.query = ''
    this.active = 0
    this.opening++
    this.host.requestUpdate()
  }

  /** Closes the picker (if open) and gives focus back to the side's token button. */
  close(): void {
    const side = this.side
    if (side === undefined) return
    this.side = undefined
    const dialog = this.dialog()
    if (dialog?.open) dialog.close()
    this.host.requestUpdate()
    void this.host.updateComplete.then(() =>
      this.host.renderRoot.querySelector<HTMLElement>(`[name="${side}-token"]`)?.focus(),
    )
  }

  render(): TemplateResult | typeof nothing {
    const side = this.side
    if (side === undefined) return nothing
    // HIVE is listed by /chains but never quotable: it stays out of the pickers.
    const chains = (this.options.chains.value ?? []).filter((chain) => chain.type !== 'hive')
    const chain = chains.find((entry) => entry.id === this.chain)
    const tokens = this.loadTokens(this.chain)
    const balances = this.loadBalances(chain, Array.isArray(tokens) ? tokens : [])
    const choices = this.choices(chain, Array.isArray(tokens) ? tokens : [], balances)
    this.active = Math.min(this.active, Math.max(choices.length - 1, 0))
    const current = this.current(side)
    const chainName = chain?.name ?? this.chain
    const popular = Array.isArray(tokens)
      ? POPULAR_SYMBOLS.flatMap((symbol) => tokens.filter((token) => token.symbol === symbol)).slice(0, 5)
      : []
    const wallet = this.options.wallet
    const t = this.options.t()
    return html`<dialog
      class="picker"
      part="picker"
      aria-labelledby="picker-title"
      @close=${() => this.close()}
      @click=${(event: Event) => {
        // A click on the backdrop lands on the dialog itself.
        if (event.target === event.currentTarget) this.close()
      }}
    >
      <header>
        <h2 id="picker-title">
          ${side === 'sell' ? t('Choose the token to sell') : t('Choose the token to receive')}
        </h2>
        <button type="button" class="secondary" part="picker-close" @click=${() => this.close()}>
          ${t('Close')}
        </button>
      </header>
      <div class="row" role="group" aria-label=${t('Chain')}>
        ${chains.map(
          (entry) =>
            html`<button
              type="button"
              class="secondary"
              part="picker-chain"
              data-chain=${entry.id}
              aria-pressed=${entry.id === this.chain ? 'true' : 'false'}
              @click=${() => this.browse(entry.id)}
            >
              ${entry.name}
            </button>`,
        )}
      </div>
      <input
        type="search"
        part="picker-search"
        role="combobox"
        aria-label=${t('Search by name or symbol, or paste a contract address')}
        placeholder=${t('Search name or paste address')}
        aria-expanded="true"
        aria-controls="picker-list"
        aria-autocomplete="list"
        aria-activedescendant=${choices.length > 0 ? `picker-option-${this.active}` : nothing}
        autocomplete="off"
        spellcheck="false"
        .value=${this.query}
        @input=${(event: Event) => {
          this.query = (event.target as HTMLInputElement).value
          this.active = 0
          this.host.requestUpdate()
        }}
        @keydown=${(event: KeyboardEvent) => this.onKey(event, choices)}
      />
      ${
        popular.length > 0 && this.query.trim() === ''
          ? html`<div class="row" role="group" aria-label=${t('Popular tokens')}>
              ${popular.map(
                (token) =>
                  html`<button
                    type="button"
                    class="secondary"
                    part="picker-popular"
                    @click=${() => this.pick({ token })}
                  >
                    ${renderTokenLogo({ symbol: token.symbol, token, apiBase: this.host.apiBase })}
                    ${token.symbol}
                  </button>`,
              )}
            </div>`
          : nothing
      }
      <ul
        role="listbox"
        id="picker-list"
        part="picker-list"
        aria-label=${t('Tokens on {chain}', { chain: chainName })}
      >
        ${choices.map((choice, index) => this.renderOption(choice, index, current, balances))}
      </ul>
      <p class="hint" role="status" data-testid="picker-status">
        ${
          tokens === 'loading'
            ? t('Loading tokens…')
            : tokens === 'failed'
              ? t('The token list could not be loaded.')
              : choices.length === 0
                ? t('No token matches. Paste a contract address to use any token.')
                : chain?.type !== 'evm' || !wallet.account
                  ? ''
                  : wallet.chainId !== chain.chainId
                    ? t('Balances show for the chain your wallet is on.')
                    : balances === 'loading'
                      ? t('Reading your balances…')
                      : t('Balances of {account}', { account: shortenAddress(wallet.account) })
        }
      </p>
    </dialog>`
  }

  private renderOption(
    { token, pasted }: Option,
    index: number,
    current: { chain: string; token: string },
    balances: Map<string, bigint> | 'loading' | undefined,
  ): TemplateResult {
    const balance = balances instanceof Map ? balances.get(token.caip) : undefined
    const t = this.options.t()
    const picked = this.chain === current.chain && names(token, current.token)
    return html`<li
      role="option"
      id="picker-option-${index}"
      part="picker-option"
      data-symbol=${token.symbol}
      data-caip=${token.caip}
      aria-selected=${index === this.active ? 'true' : 'false'}
      aria-current=${picked ? 'true' : nothing}
      @click=${() => this.pick({ token, pasted })}
    >
      ${renderTokenLogo({ symbol: token.symbol, token, apiBase: this.host.apiBase })}
      <span>
        <b>${pasted ? shortenAddress(token.symbol) : token.symbol}</b>
        <small class=${pasted ? 'unlisted' : ''}>
          ${pasted ? t('Not on our list: anyone can make a token with any name. Check the address.') : token.name}
        </small>
      </span>
      <span class="balance" data-testid="picker-balance">
        ${
          balance !== undefined && token.decimals !== undefined
            ? formatNumber({
                value: formatAmount({ value: balance, decimals: token.decimals }),
                locale: this.options.locale(),
              })
            : ''
        }
      </span>
    </li>`
  }

  /** The options for the query: the ranked tokens, or a pasted address that is not one of them. */
  private choices(
    chain: Chain | undefined,
    tokens: Token[],
    balances: Map<string, bigint> | 'loading' | undefined,
  ): Option[] {
    const ranked = rankTokens({
      tokens,
      query: this.query,
      balances: balances instanceof Map ? balances : undefined,
    })
    const query = this.query.trim()
    if (ranked.length > 0 || chain?.type !== 'evm' || !evmAddress.test(query))
      return ranked.map((token) => ({ token }))
    return [
      {
        pasted: true,
        token: {
          symbol: query,
          name: query,
          caip: `eip155:${chain.chainId}/erc20:${query}`,
          chain: chain.id,
          isToken: true,
          contract: query,
        },
      },
    ]
  }

  private onKey(event: KeyboardEvent, choices: Option[]): void {
    const last = choices.length - 1
    const moves: Record<string, number> = {
      ArrowDown: this.active >= last ? 0 : this.active + 1,
      ArrowUp: this.active <= 0 ? last : this.active - 1,
      Home: 0,
      End: last,
    }
    if (event.key in moves && last >= 0 && !(event.key in { Home: 1, End: 1 } && this.query)) {
      event.preventDefault()
      this.active = moves[event.key]!
      this.host.requestUpdate()
    } else if (event.key === 'Escape') {
      // A search box would only clear itself on the first Escape; here Escape always closes.
      event.preventDefault()
      this.close()
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const choice = choices[this.active]
      if (choice) this.pick(choice)
    }
  }

  private browse(chain: string): void {
    this.chain = chain
    this.active = 0
    this.host.requestUpdate()
  }

  private pick({ token, pasted }: Option): void {
    const side = this.side
    if (side === undefined) return
    const other = side === 'sell' ? 'buy' : 'sell'
    const mine = this.current(side)
    const { chain, token: value } = this.current(other)
    this.options.onPick(side, this.chain, pasted ? token.contract! : token.caip)
    // As in the Uniswap interface: one asset on both sides has no quote, so the other side takes this
    // side's token instead.
    if (chain === this.chain && names(token, value)) this.options.onPick(other, mine.chain, mine.token)
    this.close()
  }

  /** The chain's tokens, loaded once per chain (a failed load is tried again on the next opening). */
  private loadTokens(chain: string): Token[] | 'loading' | 'failed' {
    const known = this.tokens.get(chain)
    if (known && known !== 'failed') return known
    if (known === 'failed' && this.opening === this.failedAt.get(chain)) return known
    this.tokens.set(chain, 'loading')
    // A client of its own: the answers are publicly cacheable, so the browser's cache serves them.
    loadChainTokens({ client: quoting.createClient(this.host.apiBase), chain })
      .then(
        (tokens) => this.tokens.set(chain, tokens),
        () => {
          this.tokens.set(chain, 'failed')
          this.failedAt.set(chain, this.opening)
        },
      )
      .finally(() => this.host.requestUpdate())
    return 'loading'
  }

  private readonly failedAt = new Map<string, number>()

  /**
   * The wallet's balances of `tokens`, read once per opening, and only when the wallet is on
   * `chain`: its provider answers for the chain it is on.
   */
  private loadBalances(
    chain: Chain | undefined,
    tokens: Token[],
  ): Map<string, bigint> | 'loading' | undefined {
    const { provider, account, chainId } = this.options.wallet
    if (!provider || !account || !chain?.chainId || chainId !== chain.chainId || tokens.length === 0)
      return undefined
    const key = `${this.opening}:${chain.id}:${account}`
    const known = this.balances.get(key)
    if (known) return known
    this.balances.set(key, 'loading')
    readTokenBalances({ provider, owner: account as `0x${string}`, tokens })
      .then(
        (balances) => this.balances.set(key, balances),
        () => this.balances.set(key, new Map()),
      )
      .finally(() => this.host.requestUpdate())
    return 'loading'
  }

  /** The side's chain and `…-token` value now. */
  private current(side: PickerSide): { chain: string; token: string } {
    const host = this.host
    return side === 'sell'
      ? { chain: host.sellChain, token: host.sellToken }
      : { chain: host.buyChain, token: host.buyToken }
  }

  private dialog(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector('dialog.picker')
  }
}
