import type { FacilitatorClient } from '@x402/core/server'
import { HTTPFacilitatorClient } from '@x402/core/server'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { parseQueryString } from '../request/parseQueryString'
import type { Address } from 'viem'
import { findChain, SwapError } from '../../shared'
import type { HolderPassFlow } from '../access/createHolderPassFlow'
import { createHolderPassFlow } from '../access/createHolderPassFlow'
import type { PassReader } from '../access/createPassReader'
import { createPassReader } from '../access/createPassReader'
import type { X402Seller } from '../access/createX402Seller'
import { createX402Seller } from '../access/createX402Seller'
import { HolderPassChallengeInputSchema, HolderPassRedeemInputSchema } from '../access/holderPassInput'
import type { AppEnv } from '../appEnv'
import type { Config } from '../config'
import { noMetrics, type Metrics } from '../metrics/createMetrics'
import type { Logger } from '../logging/logger'
import { noStore } from '../middleware/cacheHeaders'
import type { Store } from '../stores/store'

export type CreateAccessRouteParameters = {
  config: Config
  store: Store
  now: () => number
  logger: Logger
  /** The ceilings a grant states: 600 per minute, previously 60. */
  limit: { requestsPerMinute: number; previously: number }
  /** Replaces the HTTP facilitator at `X402_FACILITATOR_URL` (an in-process `x402Facilitator`, or a fake). */
  facilitator?: FacilitatorClient | undefined
  /** Replaces the JSON-RPC reader of the pass chain. */
  passReader?: PassReader | undefined
  /** Grant ids; default `crypto.randomUUID`. */
  generateGrantId?: () => string
  metrics?: Metrics
}

type AccessInput = Record<string, unknown>

const MAX_BODY_BYTES = 32_768

/**
 * `GET|POST /access` (contract 4.4): the holder-pass flow when the input names an `address` (query
 * for GET, JSON body for POST), else the x402 payment flow. The holder pass is dispatched first and
 * never touches x402 code, so it works while the facilitator is down or unconfigured. A flow whose
 * settings are missing answers 503 `NOT_CONFIGURED` with `missingConfig`. Never cached, never rate
 * limited.
 */
export function createAccessRoute({
  config,
  store,
  now,
  logger,
  limit,
  facilitator,
  passReader,
  generateGrantId = () => crypto.randomUUID(),
  metrics = noMetrics,
}: CreateAccessRouteParameters) {
  const secret = config.ACCESS_TOKEN_SECRET
  const passChain = findChain(config.HOLDER_PASS_CHAIN)
  const passRpcName = `RPC_URL_${passChain?.symbol ?? config.HOLDER_PASS_CHAIN}`
  const passRpcUrl = (config as Record<string, unknown>)[passRpcName]

  const holderPassMissing = [
    ...(secret ? [] : ['ACCESS_TOKEN_SECRET']),
    ...(config.PUBLIC_HOST ? [] : ['PUBLIC_HOST']),
    ...(passChain?.chainId === undefined ? ['HOLDER_PASS_CHAIN'] : []),
    ...(config.HOLDER_PASS_CONTRACT ? [] : ['HOLDER_PASS_CONTRACT']),
    ...(passReader || typeof passRpcUrl === 'string' ? [] : [passRpcName]),
  ]
  const holderPass: HolderPassFlow | undefined =
    holderPassMissing.length === 0
      ? createHolderPassFlow({
          secret: secret!,
          publicHost: config.PUBLIC_HOST!,
          chainId: passChain!.chainId!,
          reader:
            passReader ??
            createPassReader({
              rpcUrl: passRpcUrl as string,
              contract: config.HOLDER_PASS_CONTRACT as Address,
            }),
          store,
          now,
          generateGrantId,
          limit,
          logger,
          metrics,
        })
      : undefined

  const paymentMissing = [
    ...(facilitator || config.X402_FACILITATOR_URL ? [] : ['X402_FACILITATOR_URL']),
    ...(config.X402_PAY_TO ? [] : ['X402_PAY_TO']),
    ...(secret ? [] : ['ACCESS_TOKEN_SECRET']),
  ]
  const seller: X402Seller | undefined =
    paymentMissing.length === 0
      ? createX402Seller({
          // Always an explicit URL: the SDK's client would otherwise default to a public testnet facilitator.
          facilitator:
            facilitator ??
            new HTTPFacilitatorClient({
              url: config.X402_FACILITATOR_URL!,
              timeoutMs: config.X402_FACILITATOR_TIMEOUT_MS,
            }),
          payTo: config.X402_PAY_TO!,
          price: config.X402_PRICE,
          publicHost: config.PUBLIC_HOST,
          secret: secret!,
          store,
          now,
          generateGrantId,
          limit,
          logger,
          metrics,
        })
      : undefined

  async function answer(c: Context<AppEnv>, input: AccessInput): Promise<Response> {
    if (input.address !== undefined) return answerHolderPass(c, input)
    if (input.issued !== undefined || input.signature !== undefined) {
      throw new SwapError({
        code: 'BAD_REQUEST',
        message:
          'Missing required parameters: address (the holder-pass flow needs address, issued and signature)',
      })
    }
    if (!seller) throw notConfigured('Access grants cannot be bought on this deployment', paymentMissing)
    return seller.handle(c)
  }

  async function answerHolderPass(c: Context<AppEnv>, input: AccessInput): Promise<Response> {
    const redeeming = input.issued !== undefined || input.signature !== undefined
    const parsed = (redeeming ? HolderPassRedeemInputSchema : HolderPassChallengeInputSchema).safeParse(input)
    if (!parsed.success) {
      // Each field once, with what is wrong with it in the schema's words (which never echo the value).
      const problems = new Map<string, string>()
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'input')
        if (!problems.has(field)) problems.set(field, issue.message)
      }
      throw new SwapError({
        code: 'BAD_REQUEST',
        message: `Missing or malformed holder-pass parameters: ${[...problems].map(([field, problem]) => `${field} (${problem})`).join(', ')}`,
      })
    }
    if (!holderPass)
      throw notConfigured('The holder pass is not available on this deployment', holderPassMissing)
    if (!redeeming) return c.json(await holderPass.challenge(parsed.data.address))
    return c.json(await holderPass.redeem(HolderPassRedeemInputSchema.parse(parsed.data)))
  }

  // The GET reads its query as every GET does: a repeated or undecodable parameter is a 400, not the
  // first of them taken.
  return new Hono<AppEnv>()
    .use('/access', noStore())
    .get('/access', (c) => answer(c, parseQueryString(c.req.url)))
    .post(
      '/access',
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => {
          throw new SwapError({
            code: 'BAD_REQUEST',
            message: `The request body exceeds ${MAX_BODY_BYTES} bytes`,
          })
        },
      }),
      async (c) => answer(c, await readJsonBody(c)),
    )
}

function notConfigured(message: string, missing: readonly string[]): SwapError {
  return new SwapError({
    code: 'NOT_CONFIGURED',
    message: `${message} (missing ${missing.join(', ')})`,
    details: { missingConfig: [...missing] },
  })
}

// An empty body is allowed (an x402 client may POST with headers only); anything else must be a JSON object.
async function readJsonBody(c: Context<AppEnv>): Promise<AccessInput> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new SwapError({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' })
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new SwapError({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object' })
  }
  return json as AccessInput
}
