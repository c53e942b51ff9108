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

  it("gives the verifier the grant's subject as bucket key: more grants never add buckets", async () => {
    const verify = createGrantVerifier({ secret, now: () => 1_700_000_001_000 })
    const key = await verify(await mintGrantToken({ secret, claims }))
    expect(key).not.toBeNull()
    const second = await mintGrantToken({
      secret,
      claims: { ...claims, jti: 'grant-0002', sub: claims.sub.toUpperCase() },
    })
    expect(await verify(second)).toBe(key)
    const otherSubject = await mintGrantToken({
      secret,
      claims: { ...claims, jti: 'grant-0003', sub: '0xdef' },
    })
    expect(await verify(otherSubject)).not.toBe(key)
    expect(await verify('nope')).toBeNull()
  })

  it('never honours a grant that outlives the TTL, whatever expiry it claims', async () => {
    const nowMs = 1_700_000_001_000
    const verify = createGrantVerifier({ secret, now: () => nowMs })
    const iat = Math.floor(nowMs / 1000)
    const longLived = { ...claims, iat, exp: iat + 86_400 * 365 }
    expect(await verify(await mintGrantToken({ secret, claims: longLived }))).toBeNull()
    // Issued "in the future" so that exp - iat looks like 24 h, but it would run for two days from now.
    const postdated = { ...claims, iat: iat + 86_400, exp: iat + 2 * 86_400 }
    expect(await verify(await mintGrantToken({ secret, claims: postdated }))).toBeNull()
    expect(
      await verify(await mintGrantToken({ secret, claims: { ...claims, iat, exp: iat + 86_400 } })),
    ).not.toBeNull()
  })
})
