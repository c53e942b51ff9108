/** The settings of the demo page that the embed snippet reflects. */
export type EmbedSettings = {
  /** The API's origin, as `api-base` (empty for "this page's origin"). */
  apiBase: string
  partner: string
  /** Basis points as typed; sent only when it is a whole number above 0. */
  partnerFeeBps: string
  theme: 'auto' | 'light' | 'dark'
  sellChain: string
  sellToken: string
  buyChain: string
  buyToken: string
  amount: string
}

import { AMOUNT_PATTERN } from '../../shared/amount/amountPattern'

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * Which settings the snippet cannot carry as typed, so the form can mark them: a partner fee that is
 * not a whole number from 0 to 100 (the contract's range), an amount that is not a plain decimal.
 */
export function findInvalidSettings(settings: EmbedSettings): ('partnerFeeBps' | 'amount')[] {
  const feeBps = settings.partnerFeeBps.trim()
  const amount = settings.amount.trim()
  return [
    ...(feeBps !== '' && !(/^\d+$/.test(feeBps) && Number(feeBps) <= 100)
      ? (['partnerFeeBps'] as const)
      : []),
    ...(amount !== '' && !AMOUNT_PATTERN.test(amount) ? (['amount'] as const) : []),
  ]
}

/**
 * The HTML a partner pastes into a page to get the widget as configured on the demo page: the script
 * tag of the self-contained build (`npm run build` → `dist/swap-quote.js`, at `scriptUrl`) and the
 * element with one attribute per non-empty, valid setting (`theme="auto"` is the default and left out;
 * `findInvalidSettings` names the ones left out as invalid).
 *
 * @example
 * renderEmbedSnippet({ apiBase: 'https://quotes.example', partner: 'acme', partnerFeeBps: '25', theme: 'auto', sellChain: 'ETH', sellToken: 'ETH', buyChain: 'ETH', buyToken: 'USDC', amount: '0.1' })
 */
export function renderEmbedSnippet(settings: EmbedSettings, scriptUrl = '/swap-quote.js'): string {
  const invalid = findInvalidSettings(settings)
  const feeBps = invalid.includes('partnerFeeBps') ? '' : settings.partnerFeeBps.trim()
  const attributes: [string, string][] = [
    ['api-base', settings.apiBase.trim()],
    ['partner', settings.partner.trim()],
    ['partner-fee-bps', Number(feeBps) > 0 ? String(Number(feeBps)) : ''],
    ['theme', settings.theme === 'auto' ? '' : settings.theme],
    ['sell-chain', settings.sellChain.trim()],
    ['sell-token', settings.sellToken.trim()],
    ['buy-chain', settings.buyChain.trim()],
    ['buy-token', settings.buyToken.trim()],
    ['amount', invalid.includes('amount') ? '' : settings.amount.trim()],
  ]
  const lines = attributes
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `  ${name}="${escapeAttribute(value)}"`)
  const served = scriptUrl.startsWith('/')
    ? '<!-- dist/swap-quote.js and dist/chunks/ from `npm run build`, served from your own site -->'
    : '<!-- served by this sandbox to try it; on your site, serve dist/swap-quote.js and dist/chunks/ from `npm run build` -->'
  return [
    served,
    `<script type="module" src="${escapeAttribute(scriptUrl)}"></script>`,
    lines.length > 0 ? `<swap-quote\n${lines.join('\n')}\n></swap-quote>` : '<swap-quote></swap-quote>',
  ].join('\n')
}
