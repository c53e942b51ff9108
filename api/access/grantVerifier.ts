import type { Store } from '../stores/store'
import { verifyGrantToken } from './grantToken'
import { GRANT_TTL_SECONDS } from './issueGrant'

/**
 * Checks a presented grant: resolves to the key of its bucket (its subject's: one wallet or payer has
 * one bucket however many grants it holds) or `null` when the token is not a valid, unexpired,
 * unrevoked grant. Injected into `createApp`. Never rejects.
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
    const nowMs = now()
    const claims = await verifyGrantToken({ secret, token, nowMs })
    if (!claims) return null
    // Whatever expiry a token claims, no grant outlives the TTL: from its issue, and from now.
    if (claims.exp - claims.iat > GRANT_TTL_SECONDS) return null
    if (claims.exp * 1000 > nowMs + GRANT_TTL_SECONDS * 1000) return null
    if (store) {
      try {
        if ((await store.get(revokedGrantKey(claims.jti))) !== undefined) return null
      } catch {
        // Store away: the signature and expiry still hold, so the grant stays usable.
      }
    }
    return `subject:${claims.sub.toLowerCase()}`
  }
}

/** The verifier used when no `ACCESS_TOKEN_SECRET` is configured: no grant is honoured. */
export const rejectAllGrants: GrantVerifier = async () => null
