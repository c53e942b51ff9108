import { html } from 'lit'
import type { TemplateResult } from 'lit'
import type { Token } from '../../shared/schemas'
import { renderTokenLogo } from './renderTokenLogo'
import { shortenAddress } from './shortenAddress'
import type { Translate } from './translate'

export type TokenFieldProps = {
  side: 'sell' | 'buy'
  /** The chain's name, or its symbol until `/chains` answers. */
  chainName: string
  /** The listed token picked, when the `sell-token`/`buy-token` value names one. */
  token: Token | undefined
  /** The `sell-token`/`buy-token` value (a pasted address when no listed token matches). */
  value: string
  apiBase: string
  onOpen: () => void
  t: Translate
}

/**
 * One side's token button: logo, symbol and chain (its name, "ETH on Ethereum", read inside the
 * side's "You pay"/"You receive" group). It opens the token picker, whose code loads on
 * the first press (`PickerController`), so the first load carries only this button.
 */
export function renderTokenField({
  side,
  chainName,
  token,
  value,
  apiBase,
  onOpen,
  t,
}: TokenFieldProps): TemplateResult {
  const symbol = token?.symbol ?? (value ? shortenAddress(value) : t('Choose'))
  return html`<button
    type="button"
    class="token-button secondary"
    part="token-button"
    name="${side}-token"
    aria-haspopup="dialog"
    @click=${onOpen}
  >
    ${renderTokenLogo({ symbol, token, apiBase })}
    <b>${symbol}</b> <small>${t('on {chain}', { chain: chainName })}</small>
  </button>`
}
