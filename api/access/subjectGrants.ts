import { SwapError } from '../../shared'
import type { Store } from '../stores/store'
import type { GrantClaims } from './grantToken'
import { revokedGrantKey } from './grantVerifier'
import { GRANT_TTL_SECONDS, type GrantVia } from './issueGrant'

/** How long a caller waits before asking again while the shared store is away. */
export const STORE_RETRY_AFTER_SECONDS = 5

/**
 * The grants subjects hold: one active grant per wallet and flow (a holder pass, an x402 payment),
 * kept in the shared store (without fallback) until it expires or is revoked. Only the claims are
 * kept, never the token: the same claims mint the same token again, so a subject asking again gets
 * back exactly the grant it has. (Whatever it holds, a subject has one rate-limit bucket: the grant
 * verifier keys buckets on the subject.)
 */
export type SubjectGrants = {
  /** The subject's unexpired, unrevoked grant of `via`. Throws `STORE_UNAVAILABLE` while the store is away. */
  find(subject: string, via: GrantVia): Promise<GrantClaims | undefined>
  /**
   * Gives the subject `fresh` unless it already holds an unexpired grant, which wins (two instances
   * issuing at once agree on one). Throws `STORE_UNAVAILABLE` while the store is away.
   */
  claim(fresh: GrantClaims): Promise<GrantClaims>
}

/**
 * @example
 * const grants = createSubjectGrants({ store, now: Date.now })
 * const held = await grants.claim(newGrantClaims({ subject, via: 'holder-pass', nowMs, jti }))
 */
export function createSubjectGrants({ store, now }: { store: Store; now: () => number }): SubjectGrants {
  const shared = store.failClosed()
  const keyOf = (subject: string, via: string) => `grant:held:${via}:${subject.toLowerCase()}`

  async function find(subject: string, via: string): Promise<GrantClaims | undefined> {
    const key = keyOf(subject, via)
    const text = await guard(() => shared.get(key))
    if (text === undefined) return undefined
    const claims = JSON.parse(text) as GrantClaims
    if (claims.exp * 1000 <= now()) return undefined
    if ((await guard(() => shared.get(revokedGrantKey(claims.jti)))) === undefined) return claims
    // Revoked: the subject may get a new grant.
    await guard(() => shared.delete(key))
    return undefined
  }

  return {
    find,
    async claim(fresh) {
      const ttlMs = fresh.exp * 1000 - now()
      const key = keyOf(fresh.sub, fresh.via)
      if (await guard(() => shared.setIfAbsent(key, JSON.stringify(fresh), ttlMs))) return fresh
      const held = await find(fresh.sub, fresh.via)
      if (held) return held
      // The one held was revoked (and is now forgotten): record this one instead.
      await guard(() => shared.set(key, JSON.stringify(fresh), ttlMs))
      return fresh
    },
  }
}

/** The claims of a new grant for `subject`, valid for `GRANT_TTL_SECONDS` from `nowMs`. */
export function newGrantClaims({
  subject,
  via,
  nowMs,
  jti,
}: {
  subject: string
  via: GrantVia
  nowMs: number
  jti: string
}): GrantClaims {
  const iat = Math.floor(nowMs / 1000)
  return { sub: subject, via, iat, exp: iat + GRANT_TTL_SECONDS, jti }
}

/** A shared-store failure as the 503 the caller can retry; never the store's own words. */
async function guard<value>(operation: () => Promise<value>): Promise<value> {
  try {
    return await operation()
  } catch (error) {
    throw storeUnavailable(error)
  }
}

/** `503 STORE_UNAVAILABLE`: the shared store is away, so nothing that must happen once can happen now. */
export function storeUnavailable(cause?: unknown): SwapError {
  return new SwapError({
    code: 'STORE_UNAVAILABLE',
    message: `The service's shared store is briefly unavailable, so no grant can be issued safely; nothing was used up, try again in ${STORE_RETRY_AFTER_SECONDS} seconds`,
    cause,
  })
}
