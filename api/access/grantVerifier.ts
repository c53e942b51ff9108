import { verifyGrantToken } from './grantToken'

/**
 * Checks a presented grant: resolves to the grant id (the key of its shared bucket) or `null` when
 * the token is not a valid, unexpired grant. Injected into `createApp`, so the `/access` issue can
 * swap in revocation or another format.
 */
export type GrantVerifier = (token: string) => Promise<string | null>

/** A verifier for tokens minted by `mintGrantToken` with `secret`. */
export function createGrantVerifier({ secret, now }: { secret: string; now: () => number }): GrantVerifier {
  return async (token) => (await verifyGrantToken({ secret, token, nowMs: now() }))?.jti ?? null
}

/** The verifier used when no `ACCESS_TOKEN_SECRET` is configured: no grant is honoured. */
export const rejectAllGrants: GrantVerifier = async () => null
