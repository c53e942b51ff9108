import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import type { Chain, Token } from '../../shared/schemas'
import { filterTokens, findToken } from './findToken'
import { shortenAddress } from './shortenAddress'

export type TokenFieldProps = {
  side: 'sell' | 'buy'
  chains: readonly Chain[]
  chain: string
  tokens: readonly Token[] | undefined
  tokensFailed: boolean
  token: string
  search: string
  onChain: (value: string) => void
  onToken: (value: string) => void
  onSearch: (value: string) => void
}

const evmAddress = /^0x[0-9a-fA-F]{40}$/

/**
 * One side's chain picker, token picker and token search. A pasted contract address on an EVM chain
 * offers "Use this token", so any ERC-20 can be quoted. Options are bound with the `selected`
 * property, not the attribute: once the user has picked an option the attribute no longer moves the
 * selection, and the pickers must follow a host that sets `sell-token` or `buy-chain` afterwards.
 */
export function renderTokenField(props: TokenFieldProps): TemplateResult {
  const { side, chains, chain, tokens = [], token, search } = props
  const chainInfo = chains.find((entry) => entry.id === chain)
  const selected = findToken(tokens, token)
  const visible = filterTokens(tokens, search)
  if (selected && !visible.includes(selected)) visible.unshift(selected)
  const custom = token !== '' && !selected ? token : undefined
  const pasted = chainInfo?.type === 'evm' && evmAddress.test(search.trim()) ? search.trim() : undefined
  const label = side === 'sell' ? 'Sell' : 'Buy'
  return html`
    <div class="pair">
      <label class="field">
        <span>${label} chain</span>
        <select
          part="chain-select"
          name="${side}-chain"
          @change=${(event: Event) => props.onChain((event.target as HTMLSelectElement).value)}
        >
          ${chainInfo ? nothing : html`<option value=${chain} selected>${chain || 'Choose a chain'}</option>`}
          ${chains.map(
            (entry) => html`<option value=${entry.id} .selected=${entry.id === chain}>${entry.name}</option>`,
          )}
        </select>
      </label>
      <label class="field">
        <span>${label} token</span>
        <select
          part="token-select"
          name="${side}-token"
          @change=${(event: Event) => props.onToken((event.target as HTMLSelectElement).value)}
        >
          ${token === '' ? html`<option value="" selected>Choose a token</option>` : nothing}
          ${
            custom
              ? html`<option value=${custom} selected>Custom token ${shortenAddress(custom)}</option>`
              : nothing
          }
          ${visible.map(
            (entry) =>
              html`<option value=${entry.caip} .selected=${entry === selected}>
                ${entry.symbol} · ${entry.name}
              </option>`,
          )}
        </select>
      </label>
    </div>
    <label class="field">
      <span>Find ${side} token by name, or paste a contract address</span>
      <input
        part="token-search"
        name="${side}-search"
        type="search"
        autocomplete="off"
        spellcheck="false"
        .value=${search}
        @input=${(event: Event) => props.onSearch((event.target as HTMLInputElement).value)}
      />
    </label>
    ${
      pasted
        ? html`<button
            type="button"
            class="secondary"
            part="custom-token-button"
            @click=${() => props.onToken(pasted)}
          >
            Use token ${shortenAddress(pasted)}
          </button>`
        : nothing
    }
    ${props.tokensFailed ? html`<p class="hint">The token list could not be loaded.</p>` : nothing}
  `
}
