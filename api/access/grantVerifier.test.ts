import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../stores/memoryStore'
import type { Store } from '../stores/store'
import { mintGrantToken } from './grantToken'
import { createGrantVerifier } from './grantVerifier'
import { revokeGrant } from './revokeGrant'

const secret = 'z'.repeat(40)
const nowMs = 1_700_000_001_000
const claims = { sub: '0xabc', via: 'x402', iat: 1_700_000_000, exp: 1_700_086_400, jti: 'grant-revocable' }

describe('grant revocation', () => {
  it('lifts nothing once the grant id is on the deny-list', async () => {
    const store = createMemoryStore({ now: () => nowMs })
    const verify = createGrantVerifier({ secret, now: () => nowMs, store })
    const token = await mintGrantToken({ secret, claims })
    expect(await verify(token)).not.toBeNull()
    await revokeGrant({ store, jti: claims.jti, expiresAtMs: claims.exp * 1000, now: () => nowMs })
    expect(await verify(token)).toBeNull()
    expect(
      await verify(await mintGrantToken({ secret, claims: { ...claims, jti: 'grant-other' } })),
    ).not.toBeNull()
  })

  it('keeps honouring valid grants while the store is unreachable', async () => {
    const broken = { get: async () => Promise.reject(new Error('store down')) } as unknown as Store
    const verify = createGrantVerifier({ secret, now: () => nowMs, store: broken })
    expect(await verify(await mintGrantToken({ secret, claims }))).not.toBeNull()
  })
})
