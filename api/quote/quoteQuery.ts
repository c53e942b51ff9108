import { z } from 'zod'
import {
  AddressSchema,
  AMOUNT_PATTERN,
  AMOUNT_PATTERN_WORDS,
  MAX_AMOUNT_LENGTH,
  SwapError,
} from '../../shared'

const requiredParams = ['sellChain', 'sellToken', 'buyChain', 'buyToken', 'amount', 'address'] as const

const chainParam = z.string().max(64).describe('Numeric EVM chain id or chain symbol (see /chains).')
const tokenParam = z
  .string()
  .max(256)
  .describe('Symbol from /tokens, a full CAIP-19 asset id, or a bare 0x contract address on an EVM chain.')

/**
 * Floor, then clamp to 0..100; anything that is not a plain decimal number becomes 0 (contract 4.3).
 * Hex, binary and exponent forms (`0x10`, `0b11`, `1e2`) are invalid, not numbers to charge: a typo
 * must never quietly become a fee.
 */
export function normalizePartnerFeeBps(value: string | undefined): number {
  const match = /^(-?)(\d{1,40})(?:\.\d{1,40})?$/.exec(value?.trim() ?? '')
  if (!match) return 0
  // Floored from the digits themselves: as a float, 99.99999999999999999 would round up to 100.
  if (match[1]) return 0
  const whole = match[2]!.replace(/^0+(?=\d)/, '')
  return whole.length > 3 ? 100 : Math.min(100, Number(whole))
}

/**
 * The partner id as it is echoed, logged and reported: without control and format characters (a
 * right-to-left override or a zero-width space would make `acme` two partners that look alike in the
 * statement), without surrounding spaces, and at most 64 characters, counted in code points so a
 * surrogate pair is never split.
 *
 * @example
 * normalizePartner(' acme\u200b ') // 'acme'
 */
export function normalizePartner(value: string): string {
  return Array.from(value.replace(/[\p{Cc}\p{Cf}]/gu, '').trim())
    .slice(0, 64)
    .join('')
}

/**
 * The query of `GET /quote` (contract 4.3), validated. Values that need a chain to be checked
 * (addresses, token forms, the amount's precision) are checked later, in `resolveQuoteRequest`.
 * The OpenAPI description is generated from this schema.
 */
export const QuoteQuerySchema = z.object({
  sellChain: chainParam,
  sellToken: tokenParam,
  buyChain: chainParam,
  buyToken: tokenParam,
  amount: z
    .string()
    .max(MAX_AMOUNT_LENGTH)
    .regex(AMOUNT_PATTERN, `must be ${AMOUNT_PATTERN_WORDS}`)
    .describe('Human units of the sell token, for example 0.1. Never base units.'),
  address: z.string().max(128).describe('Wallet that signs, on the sell chain.'),
  recipient: z
    .string()
    .max(128)
    .optional()
    .describe('Where the bought asset lands, on the buy chain. Required cross-chain; defaults to address.'),
  hubAddress: z
    .optional(AddressSchema)
    .describe(
      'Your EVM address on a hub chain (Base, Ethereum, Arbitrum), step 1 recipient of steps suggestions.',
    ),
  slippage: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,2})(\.[0-9]{1,8})?$/, 'must be a percentage such as 0.5')
    .transform(Number)
    .refine((value) => value > 0 && value <= 50, 'must be greater than 0 and at most 50')
    .optional()
    .describe('Percent, 0 < s <= 50. Sets minBuyAmount on venues that accept it.'),
  partner: z
    .string()
    .transform(normalizePartner)
    // Nothing visible left (`%E2%80%8B`, blanks): no partner, so no fee collected for an id nobody can claim.
    .transform((partner) => (partner === '' ? undefined : partner))
    .optional()
    .describe(
      'Integrator id; control and format characters and surrounding spaces removed, then truncated to 64 characters (longer than 1024 is cut first, as the contract truncates). Nothing left counts as no partner.',
    ),
  partnerFeeBps: z
    .string()
    .optional()
    .transform(normalizePartnerFeeBps)
    .describe('Partner fee in basis points: floored, clamped to 0..100, invalid values become 0.'),
  include: z
    .string()
    .max(64)
    .transform((value) => value.split(',').map((part) => part.trim()))
    // Checked as one list, so the message names `include`, not `include.0`.
    .refine((parts) => parts.every((part) => part === 'alternatives'), 'must be alternatives')
    .transform((parts) => ({ alternatives: parts.includes('alternatives') }))
    .optional()
    .describe(
      'alternatives: add `alternatives` to the quote, every venue of the race with how it ended and why (an addition to the contract).',
    ),
})

/** The validated `/quote` query. */
export type QuoteQuery = z.output<typeof QuoteQuerySchema>

/**
 * Validates the parsed query of `/quote`. All missing required parameters are named in one
 * `BAD_REQUEST`; otherwise every malformed parameter is named with the reason.
 *
 * @example
 * parseQuoteQuery({ sellChain: 'ETH' }) // throws 'Missing required parameters: sellToken, buyChain, …'
 */
export function parseQuoteQuery(params: Record<string, string>): QuoteQuery {
  const missing = requiredParams.filter((name) => params[name] === undefined)
  if (missing.length > 0) {
    throw new SwapError({
      code: 'BAD_REQUEST',
      message: `Missing required parameters: ${missing.join(', ')}`,
      ...onlyParam(missing),
    })
  }
  const result = QuoteQuerySchema.safeParse(params)
  if (!result.success) {
    const { issues } = result.error
    const problems = issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    throw new SwapError({
      code: 'BAD_REQUEST',
      message: `Invalid parameters: ${problems.join('; ')}`,
      ...onlyParam(issues.map((issue) => String(issue.path[0]))),
    })
  }
  return result.data
}

/** `param` for an error body, when every problem is about one parameter. */
function onlyParam(names: readonly string[]): { details?: { param: string } } {
  const [first] = names
  return first !== undefined && names.every((name) => name === first) ? { details: { param: first } } : {}
}
