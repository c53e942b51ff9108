import { UrlSchema } from '../../shared'
import type { VenueQuote } from '../venues/venue'

/*
 * `VenueQuoteSchema`'s check of the answer that may be served, written out by hand. Every rule of the
 * schema is here (the tx, approval and order fields above all: they become what the user signs), and
 * the value answered is the same stripped copy zod would answer. What goes is zod's generic machinery:
 * a payload and an issue list per field, and for the CoW order's typed data a non-compiled object and
 * record parse per field and per type entry. Under load that was the largest single allocation of a
 * quote (about 30 KB of garbage per quote, a fifth of all); written out it is a few small objects.
 * `checkVenueQuote.test.ts` holds this to the schema: the same verdict and value on every adapter's
 * fixture and on each field broken in turn.
 */

/** The fields of a `VenueQuote`, the same list as `VenueQuoteSchema`'s shape (a test holds them equal). */
export const VENUE_QUOTE_FIELDS = [
  'provider',
  'sellAmount',
  'buyAmount',
  'minBuyAmount',
  'netBuyAmount',
  'gasCostInBuyToken',
  'unpricedGasWei',
  'estimatedSeconds',
  'expiresAtMs',
  'tx',
  'approval',
  'order',
  'depositAddress',
  'memo',
  'tool',
  'serviceFeeBps',
  'partnerFee',
  'usdPrices',
  'midBuyAmount',
  'sellTaxBps',
  'buyTaxBps',
  'fees',
] as const

// The same patterns as shared/schemas/primitives.
const PROVIDER = /^[a-z0-9]+$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX = /^0x([0-9a-fA-F]{2})*$/
const HEX_QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/
const INTEGER_STRING = /^(0|[1-9][0-9]*)$/

/** Thrown inside the check only; `checkVenueQuote` turns it into `undefined`. */
const INVALID = Symbol('invalid venue quote')
function fail(): never {
  throw INVALID
}

type Fields = Record<string, unknown>

/**
 * The answer as the `VenueQuote` `VenueQuoteSchema.safeParse` would make of it (unknown fields left
 * out, at every level), or `undefined` when the schema would refuse it.
 */
export function checkVenueQuote(answer: unknown): VenueQuote | undefined {
  try {
    return readVenueQuote(answer)
  } catch (error) {
    if (error === INVALID) return undefined
    throw error
  }
}

function readVenueQuote(input: unknown): VenueQuote {
  const answer = object(input)
  const out: Fields = {
    provider: matching(answer.provider, PROVIDER),
    sellAmount: bigint(answer.sellAmount, 1n),
    buyAmount: bigint(answer.buyAmount, 0n),
  }
  optional(answer, out, 'minBuyAmount', (value) => bigint(value, 0n))
  out.netBuyAmount = bigint(answer.netBuyAmount, 0n)
  optional(answer, out, 'gasCostInBuyToken', (value) => bigint(value, 0n))
  optional(answer, out, 'unpricedGasWei', (value) => bigint(value, 1n))
  optional(answer, out, 'estimatedSeconds', (value) => int(value, 1, Number.MAX_SAFE_INTEGER))
  optional(answer, out, 'expiresAtMs', (value) => int(value, 1, Number.MAX_SAFE_INTEGER))
  optional(answer, out, 'tx', readTx)
  optional(answer, out, 'approval', readApproval)
  optional(answer, out, 'order', readOrder)
  optional(answer, out, 'depositAddress', (value) => string(value, 1))
  optional(answer, out, 'memo', (value) => string(value, 1))
  optional(answer, out, 'tool', (value) => string(value, 1, 64))
  out.serviceFeeBps = int(answer.serviceFeeBps, 0, 1_000)
  optional(answer, out, 'partnerFee', readPartnerFee)
  optional(answer, out, 'usdPrices', readUsdPrices)
  optional(answer, out, 'midBuyAmount', (value) => bigint(value, 1n))
  optional(answer, out, 'sellTaxBps', (value) => int(value, 0, 10_000))
  optional(answer, out, 'buyTaxBps', (value) => int(value, 0, 10_000))
  optional(answer, out, 'fees', readFees)
  // The schema's two refinements.
  if (out.tx && out.order) fail()
  if (out.minBuyAmount !== undefined && (out.minBuyAmount as bigint) > (out.buyAmount as bigint)) fail()
  return out as VenueQuote
}

function readTx(value: unknown): Fields {
  const tx = object(value)
  const out: Fields = { chainId: int(tx.chainId, 1, Number.MAX_SAFE_INTEGER), to: matching(tx.to, ADDRESS) }
  optional(tx, out, 'data', (data) => matching(data, HEX))
  optional(tx, out, 'value', (quantity) => matching(quantity, HEX_QUANTITY))
  optional(tx, out, 'gasLimit', (quantity) => matching(quantity, HEX_QUANTITY))
  return out
}

function readApproval(value: unknown): Fields {
  const approval = object(value)
  return {
    chainId: int(approval.chainId, 1, Number.MAX_SAFE_INTEGER),
    token: matching(approval.token, ADDRESS),
    spender: matching(approval.spender, ADDRESS),
    amountWei: matching(approval.amountWei, INTEGER_STRING),
  }
}

function readOrder(value: unknown): Fields {
  const order = object(value)
  const protocol = string(order.protocol, 1)
  const chainId = int(order.chainId, 1, Number.MAX_SAFE_INTEGER)
  const appDataUrl = url(order.appDataUrl)
  // A loose object: its other fields (the app data's hash) are kept, after the one it names.
  const { fullAppData, ...otherAppData } = object(order.appData)
  const appData = { fullAppData: string(fullAppData, 1), ...otherAppData }
  return {
    protocol,
    chainId,
    appDataUrl,
    appData,
    typedData: readTypedData(order.typedData),
    postUrl: url(order.postUrl),
    body: record(order.body),
    signingScheme: string(order.signingScheme, 1),
    validTo: int(order.validTo, 1, Number.MAX_SAFE_INTEGER),
    note: string(order.note, 1),
  }
}

function readTypedData(value: unknown): Fields {
  const typedData = object(value)
  const domain = record(typedData.domain)
  const types: Record<string, { name: string; type: string }[]> = {}
  for (const [name, fields] of Object.entries(record(typedData.types))) {
    if (!Array.isArray(fields)) fail()
    // An index loop, not `map`: a hole in the array is an `undefined` entry, which fails.
    const entries: { name: string; type: string }[] = []
    for (let index = 0; index < fields.length; index += 1) {
      const field = object(fields[index])
      entries.push({ name: string(field.name), type: string(field.type) })
    }
    types[name] = entries
  }
  return {
    domain,
    types,
    primaryType: string(typedData.primaryType, 1),
    message: record(typedData.message),
  }
}

function readPartnerFee(value: unknown): Fields {
  const fee = object(value)
  const out: Fields = { collectedBps: int(fee.collectedBps, 0, 100) }
  optional(fee, out, 'recipient', (recipient) => matching(recipient, ADDRESS))
  out.note = string(fee.note, 1)
  return out
}

function readUsdPrices(value: unknown): Fields {
  const prices = object(value)
  const out: Fields = {}
  optional(prices, out, 'sellPriceE18', (price) => bigint(price, 1n))
  optional(prices, out, 'buyPriceE18', (price) => bigint(price, 1n))
  optional(prices, out, 'nativePriceE18', (price) => bigint(price, 1n))
  return out
}

function readFees(value: unknown): unknown[] {
  if (!Array.isArray(value)) fail()
  const legs: unknown[] = []
  for (let index = 0; index < value.length; index += 1) {
    const leg: unknown = value[index]
    legs.push(typeof leg === 'object' && leg !== null ? leg : fail())
  }
  return legs
}

/** An optional field: absent stays absent, `undefined` stays `undefined` (as zod keeps it). */
function optional(input: Fields, out: Fields, key: string, read: (value: unknown) => unknown): void {
  const value = input[key]
  if (value !== undefined) out[key] = read(value)
  else if (key in input) out[key] = undefined
}

/** zod's idea of an object to read fields from: anything but `null`, arrays included. */
function object(value: unknown): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail()
  return value as Fields
}

/** `z.record(z.string(), z.unknown())`: a plain object, copied key by key. */
function record(value: unknown): Fields {
  const input = object(value)
  const prototype = Object.getPrototypeOf(input)
  if (prototype !== Object.prototype && prototype !== null) fail()
  // A symbol key fails the string key schema.
  for (const symbol of Object.getOwnPropertySymbols(input)) {
    if (Object.prototype.propertyIsEnumerable.call(input, symbol)) fail()
  }
  const out: Fields = {}
  for (const key of Object.keys(input)) if (key !== '__proto__') out[key] = input[key]
  return out
}

function string(value: unknown, minLength = 0, maxLength = Infinity): string {
  if (typeof value !== 'string' || value.length < minLength || value.length > maxLength) fail()
  return value
}

function matching(value: unknown, pattern: RegExp): string {
  if (typeof value !== 'string' || !pattern.test(value)) fail()
  return value
}

function bigint(value: unknown, minimum: bigint): bigint {
  if (typeof value !== 'bigint' || value < minimum) fail()
  return value
}

function int(value: unknown, minimum: number, maximum: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < minimum || (value as number) > maximum) fail()
  return value as number
}

function url(value: unknown): string {
  const parsed = UrlSchema.safeParse(value)
  if (!parsed.success) fail()
  return parsed.data
}
