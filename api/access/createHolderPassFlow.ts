import type { Address, Hex } from 'viem'
import { getAddress } from 'viem'
import type { AccessGrant, HolderPassChallenge } from '../../shared'
import { SwapError } from '../../shared'
import type { Logger } from '../logging/logger'
import { noMetrics, type Metrics } from '../metrics/createMetrics'
import type { Store } from '../stores/store'
import { createHolderPassMessage, HOLDER_PASS_WINDOW_SECONDS } from './createHolderPassMessage'
import type { PassReader } from './createPassReader'
import type { HolderPassRedeemInput } from './holderPassInput'
import { issueGrant } from './issueGrant'
import { createSubjectGrants, newGrantClaims, storeUnavailable } from './subjectGrants'

/** How far in the future `issued` may lie (clock skew between instances). */
export const HOLDER_PASS_FUTURE_SKEW_SECONDS = 30

export type CreateHolderPassFlowParameters = {
  secret: string
  publicHost: string
  /** Chain id of the pass contract, bound into the message. */
  chainId: number
  reader: PassReader
  /** Makes each signed message single-use across instances. */
  store: Store
  now: () => number
  generateGrantId: () => string
  limit: { requestsPerMinute: number; previously: number }
  logger: Logger
  metrics?: Metrics
}

/** The two steps of the holder-pass flow (contract 4.4, flow 2). */
export type HolderPassFlow = {
  /** Step 1: the message to sign, bound to the address and the time it was issued. */
  challenge(address: string): Promise<HolderPassChallenge>
  /**
   * Step 2: checks the signature, its freshness and single use, then the pass on chain; the grant.
   * A chain read that fails (502) leaves the message unused, so the same message may be retried.
   */
  redeem(input: HolderPassRedeemInput): Promise<AccessGrant>
}

/**
 * The holder-pass flow: a SIWE message with a stateless HMAC nonce, redeemed once within 300 s by a
 * signature that verifies for the address, and only if the address holds the pass on chain. The
 * caller never asserts the pass. A message is claimed before its balance read and released again if
 * that read fails, so a node outage does not use up the caller's signature.
 *
 * @example
 * const flow = createHolderPassFlow({ secret, publicHost, chainId: 8453, reader, store, now, … })
 * const { message, issued } = await flow.challenge(address)
 * const grant = await flow.redeem({ address, issued, signature: await account.signMessage({ message }) })
 */
export function createHolderPassFlow({
  secret,
  publicHost,
  chainId,
  reader,
  store,
  now,
  generateGrantId,
  limit,
  logger,
  metrics = noMetrics,
}: CreateHolderPassFlowParameters): HolderPassFlow {
  const windowMs = HOLDER_PASS_WINDOW_SECONDS * 1000
  const shared = store.failClosed()
  const grants = createSubjectGrants({ store, now })

  return {
    async challenge(address) {
      const checksummed = getAddress(address)
      const issuedMs = now()
      const issued = new Date(issuedMs).toISOString()
      const message = await createHolderPassMessage({
        secret,
        publicHost,
        address: checksummed,
        issued,
        chainId,
      })
      return { address: checksummed, issued, message, expiresAt: new Date(issuedMs + windowMs).toISOString() }
    },

    async redeem({ address, issued, signature }) {
      const checksummed = getAddress(address)
      const issuedMs = Date.parse(issued)
      if (Number.isNaN(issuedMs) || new Date(issuedMs).toISOString() !== issued) {
        throw new SwapError({
          code: 'BAD_REQUEST',
          message: 'issued must be the ISO time from step 1, verbatim',
        })
      }
      const ageMs = now() - issuedMs
      if (ageMs > windowMs || -ageMs > HOLDER_PASS_FUTURE_SKEW_SECONDS * 1000) {
        throw new SwapError({
          code: 'BAD_SIGNATURE',
          message: `The message is outside its ${HOLDER_PASS_WINDOW_SECONDS}-second window; request a new one`,
        })
      }
      const message = await createHolderPassMessage({
        secret,
        publicHost,
        address: checksummed,
        issued,
        chainId,
      })
      const valid = await readChain('signature check', logger, () =>
        reader.verifyMessage({ address: checksummed, message, signature: signature as Hex }),
      )
      if (!valid) {
        throw new SwapError({
          code: 'BAD_SIGNATURE',
          message: 'The signature does not verify for this address and message',
        })
      }
      // The claim comes before the balance read, so a replayed message never costs a chain read, and
      // two concurrent presenters of one message never both get a grant.
      // The marker lives in the shared store alone: one kept in an instance's memory during an outage
      // would be forgotten once the store is back, and the same message would redeem again.
      const claim = `hp:${checksummed}:${issued}`
      let firstUse: boolean
      try {
        firstUse = await shared.setIfAbsent(claim, '1', windowMs + HOLDER_PASS_FUTURE_SKEW_SECONDS * 1000)
      } catch (error) {
        throw storeUnavailable(error)
      }
      if (!firstUse) {
        throw new SwapError({
          code: 'BAD_SIGNATURE',
          message: 'This signed message was already used; request a new one',
        })
      }
      let balance: bigint
      try {
        balance = await readChain('pass balance', logger, () => reader.balanceOf(checksummed as Address))
      } catch (error) {
        // No grant was issued and "try again shortly" must hold: the retry with the same message may claim it.
        await shared.delete(claim).catch(() => undefined)
        throw error
      }
      if (balance <= 0n) {
        throw new SwapError({ code: 'NO_PASS', message: `${checksummed} holds no holder pass` })
      }
      // A holder asking again gets the grant it holds, not a second bucket.
      const fresh = newGrantClaims({
        subject: checksummed,
        via: 'holder-pass',
        nowMs: now(),
        jti: generateGrantId(),
      })
      const claims = await grants.claim(fresh)
      metrics.grant('holder-pass', claims === fresh ? 'new' : 'returned')
      if (claims === fresh)
        logger.info('access grant issued', { via: 'holder-pass', subject: checksummed, jti: claims.jti })
      return issueGrant({ secret, claims, limit })
    },
  }
}

async function readChain<value>(what: string, logger: Logger, read: () => Promise<value>): Promise<value> {
  try {
    return await read()
  } catch (error) {
    // Only the short reason: a viem RPC error quotes its request body, which holds the signature.
    const reason = (error as { shortMessage?: string }).shortMessage ?? (error as Error).name
    logger.warn(`holder pass: ${what} failed on chain`, { reason })
    throw new SwapError({
      code: 'UPSTREAM_ERROR',
      message: 'The holder-pass chain could not be read; try again shortly',
    })
  }
}
