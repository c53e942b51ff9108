import { describe, expect, it } from 'vitest'
import { renderEmbedSnippet, type EmbedSettings } from './renderEmbedSnippet'

const settings: EmbedSettings = {
  apiBase: 'https://quotes.example',
  partner: 'acme',
  partnerFeeBps: '25',
  theme: 'auto',
  sellChain: 'ETH',
  sellToken: 'ETH',
  buyChain: 'ETH',
  buyToken: 'USDC',
  amount: '0.1',
}

describe('renderEmbedSnippet', () => {
  it('writes one attribute per setting, ready to paste', () => {
    expect(renderEmbedSnippet(settings)).toMatchInlineSnapshot(`
      "<!-- dist/swap-quote.js from \`npm run build\`, served from your own site -->
      <script type="module" src="/swap-quote.js"></script>
      <swap-quote
        api-base="https://quotes.example"
        partner="acme"
        partner-fee-bps="25"
        sell-chain="ETH"
        sell-token="ETH"
        buy-chain="ETH"
        buy-token="USDC"
        amount="0.1"
      ></swap-quote>"
    `)
  })

  it('leaves out empty settings, the default theme and a fee that is not a whole number above 0', () => {
    const snippet = renderEmbedSnippet({ ...settings, partner: ' ', partnerFeeBps: '2.5', theme: 'auto' })
    expect(snippet).not.toContain('partner')
    expect(renderEmbedSnippet({ ...settings, partnerFeeBps: '0' })).not.toContain('partner-fee-bps')
    expect(renderEmbedSnippet({ ...settings, theme: 'dark' })).toContain('theme="dark"')
  })

  it('escapes quotes and angle brackets so a setting cannot break out of its attribute', () => {
    const snippet = renderEmbedSnippet({ ...settings, partner: 'a"><script>x</script>' })
    expect(snippet).toContain('partner="a&quot;&gt;&lt;script&gt;x&lt;/script&gt;"')
    expect(snippet.match(/<script/g)).toHaveLength(1)
  })
})
