import { describe, expect, it } from 'vitest'
import { findInvalidSettings, renderEmbedSnippet, type EmbedSettings } from './renderEmbedSnippet'

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
      "<!-- dist/swap-quote.js and dist/chunks/ from \`npm run build\`, served from your own site -->
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

  it('loads the script from the sandbox that serves it, so the snippet works as pasted on any page', () => {
    const snippet = renderEmbedSnippet(settings, 'http://127.0.0.1:8787/swap-quote.js')
    expect(snippet).toContain('<script type="module" src="http://127.0.0.1:8787/swap-quote.js"></script>')
    expect(snippet).toContain('on your site, serve dist/swap-quote.js and dist/chunks/')
  })

  it('leaves out, and names as invalid, a fee outside 0 to 100 and an amount that is not a plain decimal', () => {
    for (const partnerFeeBps of ['500', '101', '2.5', '-1', 'abc']) {
      expect(findInvalidSettings({ ...settings, partnerFeeBps }), partnerFeeBps).toEqual(['partnerFeeBps'])
      expect(renderEmbedSnippet({ ...settings, partnerFeeBps })).not.toContain('partner-fee-bps')
    }
    expect(renderEmbedSnippet({ ...settings, partnerFeeBps: '100' })).toContain('partner-fee-bps="100"')
    for (const amount of ['abc', '1e5', '1,5', '.5']) {
      expect(findInvalidSettings({ ...settings, amount }), amount).toEqual(['amount'])
      expect(renderEmbedSnippet({ ...settings, amount })).not.toContain('amount=')
    }
    expect(findInvalidSettings({ ...settings, partnerFeeBps: '', amount: '' })).toEqual([])
  })

  it('escapes quotes and angle brackets so a setting cannot break out of its attribute', () => {
    const snippet = renderEmbedSnippet({ ...settings, partner: 'a"><script>x</script>' })
    expect(snippet).toContain('partner="a&quot;&gt;&lt;script&gt;x&lt;/script&gt;"')
    expect(snippet.match(/<script/g)).toHaveLength(1)
  })
})
