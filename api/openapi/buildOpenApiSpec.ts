import { z } from 'zod'
import {
  AccessGrantSchema,
  ChainsResponseSchema,
  ErrorBodySchema,
  HolderPassChallengeSchema,
  QuoteSchema,
  SwapStatusSchema,
  TokensResponseSchema,
} from '../../shared'
import { PUBLIC_CACHE_CONTROL } from '../middleware/cacheHeaders'
import { QuoteQuerySchema } from '../quote/quoteQuery'

/** The base path of every endpoint (contract 9). */
export const API_BASE_PATH = '/api/sdk/v1'

type JsonSchema = Record<string, unknown>

function schemaOf(schema: z.core.$ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

function errorResponse(description: string) {
  return {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  }
}

const cacheHeaders = {
  'Cache-Control': {
    schema: { type: 'string', const: PUBLIC_CACHE_CONTROL },
  },
  ETag: { schema: { type: 'string' } },
}
/** The access grant header, which `/quote` and `/status` both read for the higher limit. */
const accessHeaderParameter = {
  name: 'X-Service-Access',
  in: 'header',
  required: false,
  description: 'Access grant from /access (or Authorization: Bearer <token>); raises the limit to 600/min.',
  schema: { type: 'string' },
}

const rateLimitHeaders = {
  'RateLimit-Limit': { schema: { type: 'integer' } },
  'RateLimit-Remaining': { schema: { type: 'integer' } },
  'RateLimit-Reset': { schema: { type: 'integer' }, description: 'Seconds until the window resets.' },
}

/** Holder-pass inputs of `/access`: step 1 sends `address`; step 2 adds `issued` and `signature`. */
const holderPassInput = {
  type: 'object',
  properties: {
    address: { type: 'string', description: 'Wallet holding the pass (step 1 and 2).' },
    issued: { type: 'string', description: 'The `issued` of step 1, verbatim (step 2).' },
    signature: { type: 'string', description: 'EIP-191 personal_sign of the step-1 message (step 2).' },
  },
} as const

function accessOperation(inputs: 'query' | 'body') {
  return {
    description:
      'With no payment header and no `address`: 402 with the x402 challenge (`PAYMENT-REQUIRED` header, ' +
      'requirements also in the body). With `PAYMENT-SIGNATURE` (x402 v2) or `X-PAYMENT` (v1): the grant once ' +
      'the payment settles (`PAYMENT-RESPONSE` / `X-PAYMENT-RESPONSE`). With `address` alone: the holder-pass ' +
      'message to sign `{ address, issued, message, expiresAt }`; with `address`, `issued` and `signature`: the ' +
      'grant once the pass is verified on chain. Never cached, never rate limited.',
    parameters: [
      { name: 'PAYMENT-SIGNATURE', in: 'header', required: false, schema: { type: 'string' } },
      { name: 'X-PAYMENT', in: 'header', required: false, schema: { type: 'string' } },
      ...(inputs === 'query'
        ? Object.entries(holderPassInput.properties).map(([name, schema]) => ({
            name,
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: schema.description,
          }))
        : []),
    ],
    ...(inputs === 'body'
      ? { requestBody: { required: false, content: { 'application/json': { schema: holderPassInput } } } }
      : {}),
    responses: {
      '200': {
        description: 'The grant, or the holder-pass message to sign (step 1).',
        content: {
          'application/json': {
            schema: {
              oneOf: [
                { $ref: '#/components/schemas/AccessGrant' },
                { $ref: '#/components/schemas/HolderPassChallenge' },
              ],
            },
          },
        },
      },
      '400': errorResponse('BAD_REQUEST: malformed input or payment payload.'),
      '401': errorResponse('BAD_SIGNATURE: the signature does not verify, or `issued` is stale or reused.'),
      '402': errorResponse('PAYMENT_REQUIRED (the challenge) or PAYMENT_INVALID (the payment was refused).'),
      '403': errorResponse('NO_PASS: the wallet holds no pass.'),
      '503': errorResponse(
        'NOT_CONFIGURED, with missingConfig: no grants on this deployment; not retryable. ' +
          'STORE_UNAVAILABLE (an extension): the shared store is briefly away, nothing was used up or paid; retry after Retry-After seconds.',
      ),
    },
  }
}

/**
 * The OpenAPI 3.1 description of the API, generated from the same zod schemas that validate
 * requests and responses (zod 4's `z.toJSONSchema`), so it cannot drift from the code.
 */
export function buildOpenApiSpec({ serverUrl }: { serverUrl?: string } = {}) {
  const quoteQuery = schemaOf(QuoteQuerySchema, 'input') as {
    properties: Record<string, JsonSchema>
    required?: string[]
  }
  const quoteParameters = Object.entries(quoteQuery.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: (quoteQuery.required ?? []).includes(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }))

  return {
    openapi: '3.1.0',
    info: {
      title: 'Swap Quote API',
      version: '1.0.0',
      description:
        'One firm, routed swap quote across several trading venues. No API key; every GET is open to cross-origin calls; buying or presenting a grant (POST /access, X-Service-Access) is for a server or the same origin.',
    },
    servers: [{ url: `${serverUrl ?? ''}${API_BASE_PATH}` }],
    paths: {
      '/chains': {
        get: {
          summary: 'List the chains',
          responses: {
            '200': {
              description: 'Every chain; publicly cacheable.',
              headers: cacheHeaders,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ChainsResponse' } } },
            },
            '304': { description: 'Not modified (If-None-Match matched the ETag).' },
          },
        },
      },
      '/tokens': {
        get: {
          summary:
            'List the curated tokens of a chain: an EVM chain by id or symbol, or a non-EVM chain of /chains (its native asset, without chainId)',
          parameters: [
            {
              name: 'chainId',
              in: 'query',
              required: true,
              description: 'Numeric EVM chain id or chain symbol. The alias `chain` is also accepted.',
              schema: { type: 'string' },
            },
            {
              name: 'chain',
              in: 'query',
              required: false,
              description: 'Alias of chainId.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': {
              description: 'The curated list; publicly cacheable.',
              headers: cacheHeaders,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/TokensResponse' } } },
            },
            '304': { description: 'Not modified.' },
            '400': errorResponse('BAD_REQUEST: chainId missing or malformed.'),
            '404': errorResponse('UNKNOWN_CHAIN: not a listable chain.'),
          },
        },
      },
      '/quote': {
        get: {
          summary: 'Get one firm, routed quote',
          parameters: [...quoteParameters, accessHeaderParameter],
          responses: {
            '200': {
              description: 'The quote. Never cached.',
              headers: rateLimitHeaders,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Quote' } } },
            },
            '400': errorResponse(
              'BAD_REQUEST or UNSUPPORTED_PAIR (also for a sell token a venue found to take a tax on transfer or sale: `sellTaxBps` names it). A refusal of one parameter names it in `param` (an addition).',
            ),
            '404': errorResponse(
              'UNKNOWN_CHAIN or UNKNOWN_TOKEN (naming the parameter in `param`, an addition), or NO_ROUTE (may carry steps and stepsNote).',
            ),
            '429': {
              ...errorResponse('RATE_LIMITED: 60 per minute per caller, 600 with a grant.'),
              headers: { ...rateLimitHeaders, 'Retry-After': { schema: { type: 'integer' } } },
            },
            '502': errorResponse('UPSTREAM_ERROR: venues failed in an unclassified way.'),
          },
        },
      },
      '/status': {
        get: {
          summary: 'Follow the swap made from a quote (an addition to the contract)',
          description:
            'Where a submitted swap stands: pending (nothing confirmed or filled yet), inFlight (the source side is ' +
            'done, the funds are on their way), delivered (at least minBuyAmount reached the recipient, checked on the ' +
            'destination chain wherever this service reads it), refunded, or failed. The last three are final. Followed ' +
            'through the venue that priced the quote (LI.FI status, the CoW order book, THORNode and Midgard) and the ' +
            "chains' own receipts. A quote can be followed for 24 hours after it is issued. Never cached; rate limited " +
            'like /quote in buckets of its own.',
          parameters: [
            {
              name: 'quoteId',
              in: 'query',
              required: true,
              description: 'The quoteId of the quote (q_ and 22 base64url characters).',
              schema: { type: 'string', pattern: '^q_[A-Za-z0-9_-]{22}$' },
            },
            {
              name: 'hash',
              in: 'query',
              required: false,
              description:
                'The transaction the user sent (0x and 64 hex characters), or the CoW order uid (0x and 112). A ' +
                "deposit route (depositAddress and memo) may leave it out: the deposit is then found by the quote's " +
                "address and memo, or given as its own chain's transaction id (64 hex characters).",
              schema: { type: 'string' },
            },
            accessHeaderParameter,
          ],
          responses: {
            '200': {
              description: 'Where the swap stands. Never cached.',
              headers: rateLimitHeaders,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SwapStatus' } } },
            },
            '400': errorResponse(
              "BAD_REQUEST: quoteId missing or malformed, hash malformed or not of the quote's route (or missing where " +
                "the route needs one), or the hash is another swap than this quote's.",
            ),
            '404': errorResponse(
              'NOT_FOUND: no such quoteId, it is older than 24 hours, or a service without a shared store restarted or had to forget it (it keeps so many in memory, the least recently used going first).',
            ),
            '429': {
              ...errorResponse(
                'RATE_LIMITED: 60 per minute per caller, 600 with a grant (apart from /quote).',
              ),
              headers: { ...rateLimitHeaders, 'Retry-After': { schema: { type: 'integer' } } },
            },
            '502': errorResponse(
              "UPSTREAM_ERROR: the venue or a chain's node could not be read; retry shortly.",
            ),
            '503': errorResponse(
              'NOT_CONFIGURED (missingConfig names the RPC_URL_* this deployment lacks to follow the route), or ' +
                'STORE_UNAVAILABLE (the shared store is away; retry after Retry-After seconds).',
            ),
          },
        },
      },
      '/access': {
        get: { summary: 'Obtain an access grant (x402 payment or holder pass)', ...accessOperation('query') },
        post: {
          summary: 'Obtain an access grant (the same inputs as a JSON body)',
          ...accessOperation('body'),
        },
      },
    },
    components: {
      schemas: {
        ChainsResponse: schemaOf(ChainsResponseSchema),
        TokensResponse: schemaOf(TokensResponseSchema),
        Quote: withQuoteExtensions(schemaOf(QuoteSchema)),
        SwapStatus: schemaOf(SwapStatusSchema),
        AccessGrant: schemaOf(AccessGrantSchema),
        HolderPassChallenge: schemaOf(HolderPassChallengeSchema),
        ErrorBody: schemaOf(ErrorBodySchema),
      },
    },
  }
}

/** What the additions to the contract's Quote mean; each is absent when unknown. */
const QUOTE_EXTENSIONS: Record<string, string> = {
  priceImpactBps:
    'Extension. How much worse the rate is than the market mid price, integer bps (positive: the user gets less ' +
    'than the mid price; fees taken from the output and the networkCost paid beside the swap included): ' +
    'ceil((1 - (buyValue - networkCostValue) / sellValue) × 10000), at most 10000, both ' +
    "sides valued at mid USD prices from the serving venue's own answer, another venue's answer in the same race, " +
    'or prices venues stated within the last two minutes. Absent when either price is unknown.',
  sellValueUsd:
    'Extension. The sell amount at its mid USD price, dollars with cents (rounded down); below one dollar to the millionth.',
  buyValueUsd:
    'Extension. The buy amount at its mid USD price, dollars with cents (rounded down); below one dollar to the millionth.',
  serviceFeeBps:
    "Extension. The service's own fee on this route, bps of the swap, already taken in the amounts (never on top).",
  networkCost:
    'Extension. What the user pays beyond the sell amount (network gas and any venue fee charged on top), ' +
    'valued in the buy token as a decimal string; not deducted from buyAmount. Absent when unknown.',
  estimatedSeconds:
    'Extension. Seconds the venue expects from sending to delivery (bridges and THORChain routes). Absent when it states none.',
}
const TOKEN_VERIFIED =
  'Extension. `false` for a token outside the curated lists (a pasted contract address, read from chain): ' +
  'anyone can deploy a token with any name and symbol, so a person should check it. Absent for curated tokens.'

const TOKEN_IMITATES =
  "Extension, only beside `verified: false`: the symbol of a listed asset of the chain that this token's " +
  "symbol looks like on screen (other scripts' lookalike letters, fullwidth or mathematical letters, " +
  'invisible characters between). Tokens like that are often fakes.'

function withQuoteExtensions(schema: JsonSchema): JsonSchema {
  const properties = { ...(schema.properties as Record<string, JsonSchema>) }
  for (const [name, description] of Object.entries(QUOTE_EXTENSIONS)) {
    properties[name] = { ...properties[name], description, 'x-extension': true }
  }
  for (const side of ['sellToken', 'buyToken']) {
    const token = properties[side] as JsonSchema & { properties: Record<string, JsonSchema> }
    properties[side] = {
      ...token,
      properties: {
        ...token.properties,
        verified: { ...token.properties.verified, description: TOKEN_VERIFIED, 'x-extension': true },
        imitates: { ...token.properties.imitates, description: TOKEN_IMITATES, 'x-extension': true },
      },
    }
  }
  return { ...schema, properties }
}

/** The generated OpenAPI document. */
export type OpenApiSpec = ReturnType<typeof buildOpenApiSpec>
