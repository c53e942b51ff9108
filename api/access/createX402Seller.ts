import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentResponseHeader,
} from '@x402/core/http'
import { PaymentPayloadV1Schema, PaymentPayloadV2Schema } from '@x402/core/schemas'
import type { FacilitatorClient, HTTPRequestContext, RouteConfig } from '@x402/core/server'
import { RouteConfigurationError, x402HTTPResourceServer, x402ResourceServer } from '@x402/core/server'
import type {
  PaymentPayload,
  PaymentPayloadV1,
  PaymentRequirements,
  SettleResponse,
  VerifyResponse,
} from '@x402/core/types'
import {
  FacilitatorCapabilityError,
  getFacilitatorResponseError,
  SettleError,
  VerifyError,
} from '@x402/core/types'
import { ExactEvmScheme } from '@x402/evm/exact/server'
import { HonoAdapter } from '@x402/hono'
import type { Context } from 'hono'
import { getAddress, isAddress } from 'viem'
import type { AccessGrant } from '../../shared'
import { formatAmount, SwapError } from '../../shared'
import type { AppEnv } from '../appEnv'
import type { Logger } from '../logging/logger'
import type { Store } from '../stores/store'
import { guardFacilitatorClient } from './guardFacilitatorClient'
import { issueGrant } from './issueGrant'
import { noMetrics, type Metrics } from '../metrics/createMetrics'
import { createSubjectGrants, newGrantClaims } from './subjectGrants'
import { toV1Requirements } from './toV1Requirements'

/** Where grants are paid: Base mainnet, in CAIP-2 (x402 v2) form. */
export const X402_NETWORK = 'eip155:8453'
/** How long a signed payment authorization may take to settle. */
export const X402_MAX_TIMEOUT_SECONDS = 120
const USDC_DECIMALS = 6
const GRANT_DESCRIPTION = '24-hour access grant: 600 quotes per minute'
// Long enough to cover any authorization's settle window; the token's on-chain nonce guards beyond it.
const PAYMENT_CLAIM_TTL_MS = 3_600_000

export type CreateX402SellerParameters = {
  /** The facilitator: `HTTPFacilitatorClient` at the configured URL, or an in-process `x402Facilitator`. */
  facilitator: FacilitatorClient
  /** Base address that receives the USDC. */
  payTo: string
  /** Grant price, such as `$1.00` (USDC on Base). */
  price: string
  /** Public base URL; the challenge's resource URL is built from it, else from the request. */
  publicHost?: string | undefined
  secret: string
  /** Claims each payment authorization once, so parallel replays never reach the facilitator. */
  store: Store
  now: () => number
  generateGrantId: () => string
  limit: { requestsPerMinute: number; previously: number }
  logger: Logger
  metrics?: Metrics
}

/** Answers `/access` requests of the payment flow. */
export type X402Seller = {
  /**
   * No payment header: the 402 challenge. `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1): settle through
   * the facilitator first, then the grant with `PAYMENT-RESPONSE` / `X-PAYMENT-RESPONSE`.
   */
  handle(c: Context<AppEnv>): Promise<Response>
}

// Never the paywall HTML the SDK serves to browsers: this endpoint always answers JSON.
class JsonHonoAdapter extends HonoAdapter {
  override getAcceptHeader(): string {
    return 'application/json'
  }
}

/**
 * The x402 payment flow of `/access` (contract 4.4, flow 1), built on `@x402/core`'s resource server
 * with `ExactEvmScheme` and the `upfront` payment flow: the payment settles before any grant is
 * minted. Unlike `@x402/hono`'s middleware it never exits the process or answers 500 when the
 * facilitator is down or lacks the network (it answers 503, and retries initialisation on the next
 * request), reads v1 `X-PAYMENT` too, sends a dual challenge (v2 header, v1 body) and uses no default
 * facilitator URL.
 *
 * @example
 * const seller = createX402Seller({ facilitator: new HTTPFacilitatorClient({ url }), payTo, price: '$1.00', … })
 * app.get('/access', (c) => seller.handle(c))
 */
export function createX402Seller({
  facilitator: rawFacilitator,
  payTo,
  price,
  publicHost,
  secret,
  store,
  now,
  generateGrantId,
  limit,
  logger,
  metrics = noMetrics,
}: CreateX402SellerParameters): X402Seller {
  const facilitator = guardFacilitatorClient(rawFacilitator)
  const resourceServer = new x402ResourceServer(facilitator).register(X402_NETWORK, new ExactEvmScheme())
  resourceServer.onBeforeSettle(async ({ paymentPayload }) => {
    if (await claimPayment(store, paymentPayload.payload)) return
    return { abort: true, reason: 'payment_already_used', message: 'This payment was already presented' }
  })
  resourceServer.onSettleFailure(async ({ paymentPayload }) => {
    await releasePayment(store, paymentPayload.payload)
  })
  const paymentOption = {
    scheme: 'exact',
    network: X402_NETWORK,
    price,
    payTo,
    maxTimeoutSeconds: X402_MAX_TIMEOUT_SECONDS,
    extra: { paymentFlow: 'upfront' },
  } as const
  const routeConfig: RouteConfig = {
    accepts: paymentOption,
    description: GRANT_DESCRIPTION,
    mimeType: 'application/json',
    ...(publicHost ? { resource: `${new URL(publicHost).origin}/api/sdk/v1/access` } : {}),
  }
  const httpServer = new x402HTTPResourceServer(resourceServer, routeConfig)
  const grants = createSubjectGrants({ store, now })

  let initialization: Promise<PaymentRequirements> | undefined
  // Our own guarded initialisation: a failure is a 503 for this request and is retried on the next.
  async function ready(): Promise<PaymentRequirements> {
    initialization ??= (async () => {
      await httpServer.initialize()
      const [requirements] = await resourceServer.buildPaymentRequirements(paymentOption)
      if (!requirements) throw new RouteConfigurationError([])
      return requirements
    })()
    try {
      return await initialization
    } catch (error) {
      initialization = undefined
      const unsupported =
        error instanceof RouteConfigurationError || error instanceof FacilitatorCapabilityError
      logger.warn('x402 facilitator not ready', {
        reason: unsupported ? 'unsupported-network' : 'unreachable',
        error: error instanceof Error ? error.message : String(error),
      })
      throw new SwapError({
        code: 'NOT_CONFIGURED',
        message: unsupported
          ? `The payment facilitator does not settle exact USDC payments on Base (${X402_NETWORK}); no grants can be sold`
          : 'The payment facilitator is unreachable; try again later',
        details: { facilitator: unsupported ? 'unsupported-network' : 'unreachable' },
      })
    }
  }

  function resourceOf(c: Context<AppEnv>) {
    const url = new URL(c.req.url)
    url.search = ''
    return {
      url: routeConfig.resource ?? url.toString(),
      description: GRANT_DESCRIPTION,
      mimeType: 'application/json',
    }
  }

  function v1Challenge(c: Context<AppEnv>, requirements: PaymentRequirements) {
    return { x402Version: 1, accepts: [toV1Requirements({ requirements, resource: resourceOf(c) })] }
  }

  function paymentInvalid(c: Context<AppEnv>, requirements: PaymentRequirements, reason: string): SwapError {
    return new SwapError({
      code: 'PAYMENT_INVALID',
      message: `The payment was not accepted: ${sanitizeReason(reason)}`,
      details: v1Challenge(c, requirements),
    })
  }

  function unavailable(c: Context<AppEnv>, error: unknown): unknown {
    if (!getFacilitatorResponseError(error)) return error
    logger.warn('x402 facilitator failed during a payment', {
      error: error instanceof Error ? error.message : String(error),
    })
    c.header('Retry-After', '30')
    return new SwapError({
      code: 'NOT_CONFIGURED',
      message: 'The payment facilitator is unavailable; no payment was taken, try again later',
      details: { facilitator: 'unreachable' },
    })
  }

  async function grantFor(
    settlement: SettleResponse,
    payload: Record<string, unknown>,
  ): Promise<AccessGrant> {
    const payer = settlement.payer ?? authorizationOf(payload)?.from ?? ''
    const subject = isAddress(payer) ? getAddress(payer) : payer || 'unknown'
    const fresh = newGrantClaims({ subject, via: 'x402', nowMs: now(), jti: generateGrantId() })
    // Paid: a grant is owed whatever the store says. A held one (a race with another instance) wins.
    const claims = await grants.claim(fresh).catch(() => {
      logger.warn('x402 grant issued without recording it: the shared store is away', { subject })
      return fresh
    })
    metrics.grant('x402', claims === fresh ? 'new' : 'returned')
    // The support trail: a paid response lost in transit is reissued from this line.
    logger.info('access grant issued', {
      via: 'x402',
      transaction: settlement.transaction,
      network: settlement.network,
      subject,
      jti: claims.jti,
    })
    return issueGrant({ secret, claims, limit })
  }

  /**
   * A payer that already holds a grant gets it back before anything is settled: the payment's
   * signature is verified (it proves the caller is the payer) and never settled, so nobody pays twice
   * for the same headroom. While the shared store is away this is a 503 and nothing is paid.
   */
  async function heldGrantFor(
    c: Context<AppEnv>,
    payload: PaymentPayload,
    wireRequirements: PaymentRequirements,
  ): Promise<AccessGrant | undefined> {
    const from = authorizationOf(payload.payload)?.from
    if (typeof from !== 'string' || !isAddress(from)) return undefined
    const held = await grants.find(getAddress(from), 'x402')
    if (!held) return undefined
    let verdict: VerifyResponse
    try {
      verdict = await verifyVerdict(facilitator, payload, wireRequirements)
    } catch (error) {
      throw unavailable(c, error)
    }
    // An invalid payment takes the ordinary path, which refuses it with the facilitator's reason.
    if (!verdict.isValid) return undefined
    metrics.grant('x402', 'returned')
    logger.info('access grant returned to its holder; the payment was not settled', {
      via: 'x402',
      subject: held.sub,
      jti: held.jti,
    })
    return issueGrant({ secret, claims: held, limit })
  }

  async function payV1(c: Context<AppEnv>, payment: PaymentPayloadV1, requirements: PaymentRequirements) {
    const requirementsV1 = toV1Requirements({ requirements, resource: resourceOf(c) })
    if (payment.scheme !== requirementsV1.scheme || payment.network !== requirementsV1.network) {
      throw paymentInvalid(
        c,
        requirements,
        `only ${requirementsV1.scheme} payments on ${requirementsV1.network} are accepted`,
      )
    }
    if (!resourceServer.getSupportedKind(1, requirementsV1.network, requirementsV1.scheme)) {
      throw new SwapError({
        code: 'NOT_CONFIGURED',
        message: `The payment facilitator does not settle x402 v1 payments on ${requirementsV1.network}; pay with PAYMENT-SIGNATURE (v2)`,
        details: { facilitator: 'unsupported-network' },
      })
    }
    // The v2 client types describe v1 bodies too; the facilitator reads the version from the payload.
    const payload = payment as unknown as PaymentPayload
    const wireRequirements = requirementsV1 as unknown as PaymentRequirements
    const held = await heldGrantFor(c, payload, wireRequirements)
    if (held) return c.json(held)
    if (!(await claimPayment(store, payment.payload))) {
      throw paymentInvalid(c, requirements, 'payment_already_used')
    }
    let settlement: SettleResponse
    try {
      const verdict = await verifyVerdict(facilitator, payload, wireRequirements)
      if (!verdict.isValid) {
        await releasePayment(store, payment.payload)
        throw paymentInvalid(c, requirements, verdict.invalidReason ?? 'invalid_payment')
      }
      settlement = await settleVerdict(facilitator, payload, wireRequirements)
    } catch (error) {
      if (error instanceof SwapError) throw error
      await releasePayment(store, payment.payload)
      throw unavailable(c, error)
    }
    if (!settlement.success) {
      await releasePayment(store, payment.payload)
      c.header('X-PAYMENT-RESPONSE', encodePaymentResponseHeader(settlement))
      throw paymentInvalid(c, requirements, settlement.errorReason ?? 'settlement_failed')
    }
    const grant = await grantFor(settlement, payment.payload)
    c.header('X-PAYMENT-RESPONSE', encodePaymentResponseHeader(settlement))
    return c.json(grant)
  }

  return {
    async handle(c) {
      const v2Header = c.req.header('PAYMENT-SIGNATURE')
      const v1Header = v2Header === undefined ? c.req.header('X-PAYMENT') : undefined
      // Malformed payments are the caller's fault whatever state the facilitator is in.
      const v1Payment = v1Header === undefined ? undefined : parsePaymentHeader(v1Header, 1)
      const v2Payment = v2Header === undefined ? undefined : parsePaymentHeader(v2Header, 2)
      const requirements = await ready()
      if (v1Payment) return payV1(c, v1Payment, requirements)
      if (v2Payment) {
        const held = await heldGrantFor(c, v2Payment, requirements)
        if (held) return c.json(held)
      }

      const context: HTTPRequestContext = {
        adapter: new JsonHonoAdapter(c),
        path: c.req.path,
        method: c.req.method,
        ...(v2Header === undefined ? {} : { paymentHeader: v2Header }),
      }
      let result: Awaited<ReturnType<typeof httpServer.processHTTPRequest>>
      try {
        result = await httpServer.processHTTPRequest(context)
      } catch (error) {
        throw unavailable(c, error)
      }
      if (result.type === 'payment-verified') {
        const settlement = result.beforeHandlerSettlement?.result
        // The upfront flow settles inside processHTTPRequest; without a settlement nothing is minted.
        if (!settlement?.success) throw new Error('x402: verified payment without an upfront settlement')
        const grant = await grantFor(settlement, result.paymentPayload.payload)
        for (const [name, value] of Object.entries(httpServer.createSettlementHeaders(settlement))) {
          c.header(name, value)
        }
        return c.json(grant)
      }
      if (result.type === 'no-payment-required') throw new Error('x402: /access matched no payment route')

      const { headers } = result.response
      for (const [name, value] of Object.entries(headers)) {
        if (name.toLowerCase() !== 'content-type' && name.toLowerCase() !== 'cache-control')
          c.header(name, value)
      }
      if (v2Header === undefined) {
        const amount = formatAmount({ value: BigInt(requirements.amount), decimals: USDC_DECIMALS })
        throw new SwapError({
          code: 'PAYMENT_REQUIRED',
          message: `Payment required: ${amount} USDC on Base buys a ${GRANT_DESCRIPTION} (x402; pay with PAYMENT-SIGNATURE, or X-PAYMENT for v1)`,
          details: v1Challenge(c, requirements),
        })
      }
      throw paymentInvalid(c, requirements, failureReason(headers))
    },
  }
}

/** Decodes a payment header as base64 JSON of an x402 payload of `version`; 400 otherwise. */
function parsePaymentHeader(header: string, version: 1): PaymentPayloadV1
function parsePaymentHeader(header: string, version: 2): PaymentPayload
function parsePaymentHeader(header: string, version: 1 | 2): PaymentPayloadV1 | PaymentPayload {
  const name = version === 2 ? 'PAYMENT-SIGNATURE' : 'X-PAYMENT'
  let decoded: unknown
  try {
    decoded = decodePaymentSignatureHeader(header.trim())
  } catch {
    throw new SwapError({ code: 'BAD_REQUEST', message: `${name} is not base64-encoded JSON` })
  }
  const schema = version === 2 ? PaymentPayloadV2Schema : PaymentPayloadV1Schema
  const parsed = schema.safeParse(decoded)
  if (!parsed.success) {
    throw new SwapError({
      code: 'BAD_REQUEST',
      message: `${name} is not an x402 v${version} payment payload`,
    })
  }
  return parsed.data as PaymentPayloadV1 | PaymentPayload
}

/** The reason of a payment-error answer: the settle receipt's, else the re-sent challenge's `error`. */
function failureReason(headers: Record<string, string>): string {
  const find = (name: string) =>
    Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]
  try {
    const receipt = find('PAYMENT-RESPONSE')
    if (receipt) return decodePaymentResponseHeader(receipt).errorReason ?? ''
    const challenge = find('PAYMENT-REQUIRED')
    if (challenge) return decodePaymentRequiredHeader(challenge).error ?? ''
  } catch {
    // An undecodable header of our own SDK: fall through to the generic reason.
  }
  return 'rejected by the payment facilitator'
}

// Reasons are x402 codes (`invalid_exact_evm_...`) or short SDK messages; keep them short and plain.
function sanitizeReason(reason: string): string {
  const plain = reason
    .replace(/0x[0-9a-fA-F]{40,}/g, '0x…')
    .replace(/\s+/g, ' ')
    .trim()
  return (plain || 'rejected by the payment facilitator').slice(0, 200)
}

function authorizationOf(payload: Record<string, unknown>): { from?: string; nonce?: string } | undefined {
  const authorization = payload.authorization
  return typeof authorization === 'object' && authorization !== null
    ? (authorization as { from?: string; nonce?: string })
    : undefined
}

async function paymentKey(payload: Record<string, unknown>): Promise<string> {
  const authorization = authorizationOf(payload)
  if (typeof authorization?.from === 'string' && typeof authorization.nonce === 'string') {
    return `x402:paid:${authorization.from.toLowerCase()}:${authorization.nonce.toLowerCase()}`
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(payload)))
  return `x402:paid:${Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

async function claimPayment(store: Store, payload: Record<string, unknown>): Promise<boolean> {
  return store.setIfAbsent(await paymentKey(payload), '1', PAYMENT_CLAIM_TTL_MS)
}

async function releasePayment(store: Store, payload: Record<string, unknown>): Promise<void> {
  await store.delete(await paymentKey(payload)).catch(() => undefined)
}

async function verifyVerdict(
  facilitator: FacilitatorClient,
  payload: PaymentPayload,
  requirements: PaymentRequirements,
): Promise<VerifyResponse> {
  try {
    return await facilitator.verify(payload, requirements)
  } catch (error) {
    if (error instanceof VerifyError) {
      return { isValid: false, invalidReason: error.invalidReason ?? 'invalid_payment' }
    }
    throw error
  }
}

async function settleVerdict(
  facilitator: FacilitatorClient,
  payload: PaymentPayload,
  requirements: PaymentRequirements,
): Promise<SettleResponse> {
  try {
    return await facilitator.settle(payload, requirements)
  } catch (error) {
    if (error instanceof SettleError) {
      return {
        success: false,
        errorReason: error.errorReason ?? 'settlement_failed',
        transaction: error.transaction ?? '',
        network: error.network ?? requirements.network,
        ...(error.payer ? { payer: error.payer } : {}),
      }
    }
    throw error
  }
}
