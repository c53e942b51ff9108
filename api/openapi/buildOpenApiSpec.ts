import { z } from 'zod'
import {
  AccessGrantSchema,
  ChainsResponseSchema,
  ErrorBodySchema,
  QuoteSchema,
  TokensResponseSchema,
} from '../../shared'
import { QuoteQuerySchema } from '../quote/quoteQuery'

/** The base path of every endpoint (contract 9). */
export const API_BASE_PATH = '/api/sdk/v1'

type JsonSchema = Record<string, unknown>

function schemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
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
    schema: { type: 'string', const: 'public, s-maxage=3600, stale-while-revalidate=86400' },
  },
  ETag: { schema: { type: 'string' } },
}
const rateLimitHeaders = {
  'RateLimit-Limit': { schema: { type: 'integer' } },
  'RateLimit-Remaining': { schema: { type: 'integer' } },
  'RateLimit-Reset': { schema: { type: 'integer' }, description: 'Seconds until the window resets.' },
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
        'One firm, routed swap quote across several trading venues. No API key; every endpoint is open to cross-origin calls.',
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
          summary: 'List the curated tokens of an EVM chain',
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
          parameters: [
            ...quoteParameters,
            {
              name: 'X-Service-Access',
              in: 'header',
              required: false,
              description:
                'Access grant from /access (or Authorization: Bearer <token>); raises the limit to 600/min.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': {
              description: 'The quote. Never cached.',
              headers: rateLimitHeaders,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Quote' } } },
            },
            '400': errorResponse('BAD_REQUEST or UNSUPPORTED_PAIR.'),
            '404': errorResponse(
              'UNKNOWN_CHAIN, UNKNOWN_TOKEN, or NO_ROUTE (may carry steps and stepsNote).',
            ),
            '429': {
              ...errorResponse('RATE_LIMITED: 60 per minute per caller, 600 with a grant.'),
              headers: { ...rateLimitHeaders, 'Retry-After': { schema: { type: 'integer' } } },
            },
            '502': errorResponse('UPSTREAM_ERROR: venues failed in an unclassified way.'),
          },
        },
      },
      '/access': {
        get: {
          summary: 'Obtain an access grant (x402 payment or holder pass)',
          responses: {
            '200': {
              description: 'The grant.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/AccessGrant' } } },
            },
            '402': errorResponse('Payment challenge.'),
            '503': errorResponse('NOT_CONFIGURED, with missingConfig.'),
          },
        },
        post: {
          summary: 'Obtain an access grant (same as GET)',
          responses: { '503': errorResponse('NOT_CONFIGURED, with missingConfig.') },
        },
      },
    },
    components: {
      schemas: {
        ChainsResponse: schemaOf(ChainsResponseSchema),
        TokensResponse: schemaOf(TokensResponseSchema),
        Quote: schemaOf(QuoteSchema),
        AccessGrant: schemaOf(AccessGrantSchema),
        ErrorBody: schemaOf(ErrorBodySchema),
      },
    },
  }
}

/** The generated OpenAPI document. */
export type OpenApiSpec = ReturnType<typeof buildOpenApiSpec>
