import { html } from 'lit'
import type { TemplateResult } from 'lit'
import type { Token } from '../../shared/schemas'

/**
 * A token's logo: its `logoURI` (root-relative ones resolve against the API's origin), or else a
 * monogram, its symbol's first letters on a colour derived from its address, so two unknown tokens
 * with one symbol still look different. Decorative: the symbol is always written beside it.
 */
export function renderTokenLogo({
  symbol,
  token,
  apiBase,
}: {
  symbol: string
  /** The token; the colour comes from its contract, else from `symbol`. */
  token: Token | undefined
  apiBase: string
}): TemplateResult {
  const logoURI = token?.logoURI
  if (logoURI) {
    return html`<img class="logo" alt="" src=${new URL(logoURI, apiBase || location.href).href} />`
  }
  // The last letters of the address (or the symbol) read in base 36: stable, and spread round the wheel.
  const hue = parseInt((token?.contract ?? symbol).slice(-3), 36) % 360 || 0
  // A dark tone of any hue keeps the white letters readable (contrast above 4.5:1).
  return html`<span class="logo" aria-hidden="true" .style=${`background:hsl(${hue} 45% 30%)`}
    >${symbol.replace(/^0x/, '').slice(0, 2)}</span
  >`
}
