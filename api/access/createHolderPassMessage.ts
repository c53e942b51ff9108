import { getAddress } from 'viem'
import { createSiweMessage } from 'viem/siwe'

/** The purpose line of every holder-pass message (EIP-4361 `statement`). */
export const HOLDER_PASS_STATEMENT =
  'Request a 24-hour access grant for the Swap Quote API. No transaction, no cost.'

/** How long a holder-pass message may be signed and redeemed after `issued`. */
export const HOLDER_PASS_WINDOW_SECONDS = 300

export type CreateHolderPassMessageParameters = {
  /** HMAC key of the stateless nonce (the grant secret). */
  secret: string
  /** The deployment's configured public base URL (`PUBLIC_HOST`), never the request's `Host`. */
  publicHost: string
  address: string
  /** ISO time from step 1, verbatim. */
  issued: string
  /** Chain of the pass contract (8453 for Base). */
  chainId: number
}

const encoder = new TextEncoder()

/**
 * Builds the Sign-In with Ethereum (EIP-4361) message of the holder-pass flow with viem's
 * `createSiweMessage`. The nonce is an HMAC of address and `issued`, so step 2 rebuilds the
 * byte-identical message from `address` + `issued` alone and only server-issued values verify: no
 * challenge is stored.
 *
 * @example
 * const message = await createHolderPassMessage({ secret, publicHost, address, issued, chainId: 8453 })
 */
export async function createHolderPassMessage({
  secret,
  publicHost,
  address,
  issued,
  chainId,
}: CreateHolderPassMessageParameters): Promise<string> {
  const checksummed = getAddress(address)
  const host = new URL(publicHost)
  const issuedAt = new Date(issued)
  return createSiweMessage({
    domain: host.host,
    uri: `${host.origin}/api/sdk/v1/access`,
    address: checksummed,
    statement: HOLDER_PASS_STATEMENT,
    version: '1',
    chainId,
    nonce: await holderPassNonce({ secret, address: checksummed, issued }),
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + HOLDER_PASS_WINDOW_SECONDS * 1000),
  })
}

/** First 24 hex characters of HMAC-SHA256(secret, `holder-pass|<checksummed address>|<issued>`). */
async function holderPassNonce({
  secret,
  address,
  issued,
}: {
  secret: string
  address: string
  issued: string
}): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, encoder.encode(`holder-pass|${address}|${issued}`)),
  )
  return Array.from(mac.slice(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
