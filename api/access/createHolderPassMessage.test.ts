import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { createHolderPassMessage, HOLDER_PASS_STATEMENT } from './createHolderPassMessage'

const base = {
  secret: 's'.repeat(40),
  publicHost: 'https://quotes.example.com',
  address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  issued: '2030-01-01T00:00:00.000Z',
  chainId: 8453,
}

describe('holder-pass message', () => {
  it('binds the configured host, the address, issued, the purpose and chain 8453 in SIWE form', async () => {
    const message = await createHolderPassMessage(base)
    expect(parseSiweMessage(message)).toMatchObject({
      domain: 'quotes.example.com',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      statement: HOLDER_PASS_STATEMENT,
      uri: 'https://quotes.example.com/api/sdk/v1/access',
      chainId: 8453,
      issuedAt: new Date(base.issued),
      expirationTime: new Date('2030-01-01T00:05:00.000Z'),
    })
  })

  it('rebuilds byte-identically, and changes its nonce with the address, the time or the secret', async () => {
    const nonceOf = async (overrides: Partial<typeof base>) =>
      parseSiweMessage(await createHolderPassMessage({ ...base, ...overrides })).nonce
    expect(await createHolderPassMessage(base)).toBe(await createHolderPassMessage(base))
    const nonce = await nonceOf({})
    expect(nonce).toMatch(/^[0-9a-f]{24}$/)
    expect(await nonceOf({ issued: '2030-01-01T00:00:00.001Z' })).not.toBe(nonce)
    expect(await nonceOf({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })).not.toBe(nonce)
    expect(await nonceOf({ secret: 't'.repeat(40) })).not.toBe(nonce)
  })
})
