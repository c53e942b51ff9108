import type { Store } from '../stores/store'
import { revokedGrantKey } from './grantVerifier'

/**
 * Puts grant `jti` on the deny-list until it would have expired anyway, so it lifts nothing from
 * then on (support uses it for a leaked token; the `transaction -> jti` log line finds the id).
 *
 * @example
 * await revokeGrant({ store, jti, expiresAtMs: Date.parse(grant.expiresAt), now: Date.now })
 */
export async function revokeGrant({
  store,
  jti,
  expiresAtMs,
  now,
}: {
  store: Store
  jti: string
  expiresAtMs: number
  now: () => number
}): Promise<void> {
  const ttlMs = Math.max(1_000, expiresAtMs - now())
  // Never into one instance's memory: a revocation kept there would be forgotten once the store is back.
  await store.failClosed().set(revokedGrantKey(jti), '1', ttlMs)
}
