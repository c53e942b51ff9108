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

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The HTML a partner pastes into a page to get the widget as configured on the demo page: the script
 * tag of the self-contained build (`npm run build` → `dist/swap-quote.js`) and the element with one
 * attribute per non-empty setting (`theme="auto"` is the default and left out).
 *
 * @example
 * renderEmbedSnippet({ apiBase: 'https://quotes.example', partner: 'acme', partnerFeeBps: '25', theme: 'auto', sellChain: 'ETH', sellToken: 'ETH', buyChain: 'ETH', buyToken: 'USDC', amount: '0.1' })
 */
export function renderEmbedSnippet(settings: EmbedSettings): string {
  const feeBps = settings.partnerFeeBps.trim()
  const attributes: [string, string][] = [
    ['api-base', settings.apiBase.trim()],
    ['partner', settings.partner.trim()],
    ['partner-fee-bps', /^\d+$/.test(feeBps) && Number(feeBps) > 0 ? String(Number(feeBps)) : ''],
    ['theme', settings.theme === 'auto' ? '' : settings.theme],
    ['sell-chain', settings.sellChain.trim()],
    ['sell-token', settings.sellToken.trim()],
    ['buy-chain', settings.buyChain.trim()],
    ['buy-token', settings.buyToken.trim()],
    ['amount', settings.amount.trim()],
  ]
  const lines = attributes
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `  ${name}="${escapeAttribute(value)}"`)
  return [
    '<!-- dist/swap-quote.js from `npm run build`, served from your own site -->',
    '<script type="module" src="/swap-quote.js"></script>',
    lines.length > 0 ? `<swap-quote\n${lines.join('\n')}\n></swap-quote>` : '<swap-quote></swap-quote>',
  ].join('\n')
}
