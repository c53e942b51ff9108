import * as z from 'zod/mini'

/** An EVM address: `0x` and 40 hex characters, any case. */
export const AddressSchema = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x address of 40 hex characters'))

/** `0x`-prefixed hex data (calldata, signatures). */
export const HexSchema = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'expected 0x-prefixed hex bytes'))

/** A JSON-RPC quantity: `0x` then hex digits without leading zeros (`0x0` for zero). */
export const HexQuantitySchema = z
  .string()
  .check(z.regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/, 'expected a 0x-hex quantity'))

/** A non-negative integer written in decimal digits (base units). */
export const IntegerStringSchema = z
  .string()
  .check(z.regex(/^(0|[1-9][0-9]*)$/, 'expected a decimal integer string'))

/** A non-negative decimal number in human units, for example `0.1` or `3138.985215`. */
export const DecimalStringSchema = z
  .string()
  .check(z.regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'expected a decimal string such as 0.1'))

/*
 * The two formats below are plain checks rather than zod's `z.iso.datetime()` and `z.url()`: those
 * builders cost the widget's first load about 750 B of gzip for two fields.
 */

/**
 * An ISO 8601 time with `Z` or a `±hh:mm` offset and seconds, as `Date.prototype.toISOString` writes
 * it: the strings `z.iso.datetime({ offset: true })` takes (real calendar dates, leap days included).
 */
export const IsoTimeSchema = z.string().check(z.refine(isIsoTime, 'expected an ISO 8601 time with offset'))

/**
 * The shape, then the day against its month's length: day 0 of the next month is the month's last
 * day (`setUTCFullYear` keeps a year below 100 as written). Shorter in the widget's first load than
 * one pattern that spells out every month and leap year.
 */
function isIsoTime(value: string): boolean {
  const parts =
    /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/.exec(
      value,
    )
  return !!parts && +parts[3]! <= new Date(new Date(0).setUTCFullYear(+parts[1]!, +parts[2]!, 0)).getUTCDate()
}

/** An absolute URL, as the platform's `URL` parses it. */
export const UrlSchema = z.string().check(z.refine(isUrl, 'expected an absolute URL'))

function isUrl(value: string): boolean {
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

/** A CAIP-19 asset id such as `eip155:1/erc20:0xa0b8…` or `bip122:000…/slip44:0`. */
export const CaipAssetSchema = z
  .string()
  .check(
    z.regex(
      /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\/[-a-z0-9]{3,8}:[-.%a-zA-Z0-9]{1,128}$/,
      'expected a CAIP-19 asset id',
    ),
  )

/** A CAIP-2 chain id such as `eip155:1`. */
export const Caip2Schema = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'expected a CAIP-2 chain id'))

/** A string of at least one character. */
export const NonEmptyStringSchema = z.string().check(z.minLength(1))

/** An integer greater than zero (chain ids, limits, unix times). */
export const PositiveIntSchema = z.int().check(z.positive())

/** An asset as a quote names it: its CAIP id and display symbol. */
export const AssetRefSchema = z.object({
  caip: CaipAssetSchema,
  symbol: NonEmptyStringSchema,
  /**
   * An addition to the contract: `false` for a token outside the service's curated lists (a pasted
   * contract address), which a person should check before trading. Absent for curated tokens.
   */
  verified: z.optional(z.boolean()),
  /**
   * An addition to the contract, only beside `verified: false`: the symbol of a listed asset of the
   * chain that this token's symbol looks like on screen (`USDC` for `USDС` with a Cyrillic `С`, for
   * `US​DC` with a zero-width space, or for `USDC` itself at another address). Tokens like that are
   * often fakes.
   */
  imitates: z.optional(z.string()),
})

export type AssetRef = z.infer<typeof AssetRefSchema>
