import type { Store } from '../stores/store'
import { verifyGrantToken } from './grantToken'

/**
 * Checks a presented grant: resolves to the grant id (the key of its shared bucket) or `null` when
 * the token is not a valid, unexpired, unrevoked grant. Injected into `createApp`. Never rejects.
 */
export type GrantVerifier = (token: string) => Promise<string | null>

/** The store key that marks grant `jti` as revoked. */
export function revokedGrantKey(jti: string): string {
  return `grant:revoked:${jti}`
}

/**
 * A verifier for tokens minted by `mintGrantToken` with `secret`. With a `store`, a grant whose
 * `jti` is on the deny-list (`revokeGrant`) lifts nothing; while the store is unreachable the
 * deny-list is skipped (fail open, like the rate limit itself).
 */
export function createGrantVerifier({
  secret,
  now,
  store,
}: {
  secret: string
  now: () => number
  store?: Store | undefined
}): GrantVerifier {
  return async (token) => {
    const claims = await verifyGrantToken({ secret, token, nowMs: now() })
    if (!claims) return null
    if (store) {
      try {
        if ((await store.get(revokedGrantKey(claims.jti))) !== undefined) return null
      } catch {
        // Store away: the signature and expiry still hold, so the grant stays usable.
      }
    }
    return claims.jti
  }
}

/** The verifier used when no `ACCESS_TOKEN_SECRET` is configured: no grant is honoured. */
export const rejectAllGrants: GrantVerifier = async () => null
