import { describe, expect, it } from 'vitest'
import { AccessGrantSchema, HolderPassChallengeSchema } from './access'

const grant = {
  token: 'grant-token',
  header: 'X-Service-Access',
  subject: '0x742d…f44e',
  via: 'x402',
  limit: { requestsPerMinute: 600, previously: 60 },
  expiresAt: '2026-08-02T12:00:00.000Z',
  ttlSeconds: 86400,
  usage: 'Send it as the X-Service-Access header on GET /quote.',
  note: 'The grant only raises the ceiling; the bucket is shared by everyone who presents it.',
}

describe('AccessGrantSchema', () => {
  it('accepts the /access grant body', () => {
    expect(AccessGrantSchema.safeParse(grant).success).toBe(true)
  })

  it('rejects a grant presented under another header', () => {
    expect(AccessGrantSchema.safeParse({ ...grant, header: 'Authorization' }).success).toBe(false)
  })

  it('rejects a non-integer limit, a missing ttl and a time that is not ISO 8601', () => {
    expect(
      AccessGrantSchema.safeParse({ ...grant, limit: { requestsPerMinute: 600.5, previously: 60 } }).success,
    ).toBe(false)
    const { ttlSeconds: _, ...withoutTtl } = grant
    expect(AccessGrantSchema.safeParse(withoutTtl).success).toBe(false)
    expect(AccessGrantSchema.safeParse({ ...grant, expiresAt: 'tomorrow' }).success).toBe(false)
  })

  it('accepts an expiry written with a numeric offset', () => {
    expect(AccessGrantSchema.safeParse({ ...grant, expiresAt: '2026-08-02T14:00:00+02:00' }).success).toBe(
      true,
    )
  })
})

describe('HolderPassChallengeSchema', () => {
  it('accepts a challenge and rejects one without the message to sign', () => {
    const challenge = {
      address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
      issued: '2026-08-01T12:00:00.000Z',
      message: 'Swap Quote holder pass\nissued 2026-08-01T12:00:00.000Z',
      expiresAt: '2026-08-01T12:05:00.000Z',
    }
    expect(HolderPassChallengeSchema.safeParse(challenge).success).toBe(true)
    expect(HolderPassChallengeSchema.safeParse({ ...challenge, message: '' }).success).toBe(false)
  })
})
