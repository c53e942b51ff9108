import { describe, expect, it } from 'vitest'
import { mintGrantToken, verifyGrantToken } from './grantToken'
import { createGrantVerifier } from './grantVerifier'

const secret = 'x'.repeat(40)
const claims = { sub: '0xabc', via: 'x402', iat: 1_700_000_000, exp: 1_700_086_400, jti: 'grant-0001' }

describe('grant tokens', () => {
  it('verifies a minted token until it expires', async () => {
    const token = await mintGrantToken({ secret, claims })
    expect(token.split('.')).toHaveLength(3)
    expect(await verifyGrantToken({ secret, token, nowMs: 1_700_000_001_000 })).toEqual(claims)
    expect(await verifyGrantToken({ secret, token, nowMs: 1_700_086_400_000 })).toBeUndefined()
  })

  it('rejects another secret, a changed payload and malformed tokens without throwing', async () => {
    const token = await mintGrantToken({ secret, claims })
    const nowMs = 1_700_000_001_000
    expect(await verifyGrantToken({ secret: 'y'.repeat(40), token, nowMs })).toBeUndefined()
    const [prefix, , signature] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ ...claims, jti: 'grant-9999' })).toString('base64url')
    expect(
      await verifyGrantToken({ secret, token: `${prefix}.${forged}.${signature}`, nowMs }),
    ).toBeUndefined()
    for (const bad of ['', 'a.b', 'sqg1..', 'sqg1.!!.??', `${token}.extra`, 'x'.repeat(5000)]) {
      expect(await verifyGrantToken({ secret, token: bad, nowMs })).toBeUndefined()
    }
  })

  it('rejects a token whose last signature character was edited, even where base64 would decode it the same', async () => {
    const token = await mintGrantToken({ secret, claims })
    const nowMs = 1_700_000_001_000
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    // A 32-byte HMAC is 43 characters: the last one carries 4 bits and 2 unused ones, so three other
    // characters decode to the same bytes. Every edit must be refused.
    for (const char of alphabet.replace(token.at(-1) as string, '')) {
      expect(await verifyGrantToken({ secret, token: token.slice(0, -1) + char, nowMs })).toBeUndefined()
    }
  })

  it('gives the verifier the grant id as bucket key', async () => {
    const verify = createGrantVerifier({ secret, now: () => 1_700_000_001_000 })
    expect(await verify(await mintGrantToken({ secret, claims }))).toBe('grant-0001')
    expect(await verify('nope')).toBeNull()
  })
})
