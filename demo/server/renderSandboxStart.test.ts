import { describe, expect, it } from 'vitest'
import { addToHead } from './addToHead'
import { renderSandboxStart } from './renderSandboxStart'

const manifest = {
  accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }],
  chains: { ethereum: { chainId: 1 }, base: { chainId: 8453 } },
}

describe('renderSandboxStart', () => {
  it("puts the demo account and the wallet's first chain in the page's head, readable as JSON", () => {
    const html = addToHead(
      '<html><head><title>demo</title></head><body></body></html>',
      renderSandboxStart({ manifest }),
    )
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'))
    const found = /<script type="application\/json" id="sandbox-start">(.*)<\/script>/.exec(head)
    expect(JSON.parse(found?.[1] ?? '')).toEqual({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 1,
    })
  })

  it('cannot close its element whatever the manifest holds', () => {
    const markup = renderSandboxStart({
      manifest: { ...manifest, accounts: [{ address: '</script><script>alert(1)</script>' }] },
    })
    expect(markup.match(/<\/script>/g)).toHaveLength(1)
    expect(JSON.parse(markup.slice(markup.indexOf('>') + 1, markup.lastIndexOf('<'))).address).toBe(
      '</script><script>alert(1)</script>',
    )
  })

  it('adds nothing for a manifest without an account or a chain', () => {
    expect(renderSandboxStart({ manifest: { accounts: [], chains: {} } })).toBe('')
  })
})
