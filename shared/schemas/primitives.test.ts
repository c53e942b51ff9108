import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  AddressSchema,
  Caip2Schema,
  CaipAssetSchema,
  DecimalStringSchema,
  HexQuantitySchema,
  IntegerStringSchema,
  IsoTimeSchema,
  UrlSchema,
} from './primitives'

const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, values: string[]) =>
  values.filter((value) => !schema.safeParse(value).success)

describe('primitive schemas', () => {
  it('AddressSchema takes 0x and 40 hex characters in any case, nothing else', () => {
    expect(
      accepts(AddressSchema, [
        '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
        '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      ]),
    ).toEqual([])
    for (const bad of [
      'a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      '0xa0b8',
      '0xg0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    ]) {
      expect(AddressSchema.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('HexQuantitySchema takes JSON-RPC quantities only', () => {
    expect(accepts(HexQuantitySchema, ['0x0', '0x1', '0xde0b6b3a7640000'])).toEqual([])
    for (const bad of ['0x', '0x00', '0x01', '1', '0xZ'])
      expect(HexQuantitySchema.safeParse(bad).success, bad).toBe(false)
  })

  it('IntegerStringSchema and DecimalStringSchema reject signs, exponents and leading zeros', () => {
    expect(accepts(IntegerStringSchema, ['0', '1', '3138985215'])).toEqual([])
    expect(accepts(DecimalStringSchema, ['0', '0.1', '3138.985215'])).toEqual([])
    for (const bad of ['-1', '+1', '1e5', '01', '', '1.5'])
      expect(IntegerStringSchema.safeParse(bad).success, bad).toBe(false)
    for (const bad of ['-1', '1e5', '01', '.5', '1.', ''])
      expect(DecimalStringSchema.safeParse(bad).success, bad).toBe(false)
  })

  it('Caip2Schema and CaipAssetSchema follow the CAIP regexes', () => {
    expect(
      accepts(Caip2Schema, ['eip155:1', 'cosmos:thorchain-1', 'hive:beeab0de000000000000000000000000']),
    ).toEqual([])
    expect(accepts(CaipAssetSchema, ['eip155:1/slip44:60', 'cosmos:cosmoshub-4/slip44:118'])).toEqual([])
    for (const bad of ['eip155', 'ab:1', 'eip155:1/slip44', 'eip155:1/SLIP44:60', 'eip155:1:slip44:60']) {
      expect(CaipAssetSchema.safeParse(bad).success, bad).toBe(false)
    }
  })
})

describe('the plain formats that replace zod builders', () => {
  // IsoTimeSchema must take exactly what `z.iso.datetime({ offset: true })` takes.
  const zodIsoTime = z.iso.datetime({ offset: true })
  const part = (values: string[]) => fc.constantFrom(...values)
  const isoLike = fc
    .tuple(
      part(['2024', '2023', '2000', '1900', '2100', '0000', '999']),
      part(['01', '02', '04', '09', '11', '12', '13', '00', '1']),
      part(['01', '09', '28', '29', '30', '31', '32', '00']),
      part(['T', 't', ' ']),
      part(['00', '09', '23', '24']),
      part(['00', '59', '60']),
      part([':00', ':59', ':60', '']),
      part(['', '.1', '.123', '.123456789', '.']),
      part(['Z', 'z', '+00:00', '-05:30', '+23:59', '+24:00', '+0530', '+05', '']),
    )
    .map(([y, m, d, t, h, min, s, frac, off]) => `${y}-${m}-${d}${t}${h}:${min}${s}${frac}${off}`)

  it('IsoTimeSchema takes exactly the times zod’s ISO datetime with offset takes', () => {
    fc.assert(
      fc.property(fc.oneof(isoLike, fc.string()), (value) => {
        expect(IsoTimeSchema.safeParse(value).success).toBe(zodIsoTime.safeParse(value).success)
      }),
      { numRuns: 2000 },
    )
    expect(IsoTimeSchema.safeParse(new Date(Date.UTC(2024, 1, 29, 12)).toISOString()).success).toBe(true)
    expect(IsoTimeSchema.safeParse('2023-02-29T12:00:00Z').success).toBe(false)
  })

  it('UrlSchema takes absolute URLs and refuses relative paths and words', () => {
    expect(
      accepts(UrlSchema, ['https://api.cow.fi/mainnet/api/v1/orders', 'http://127.0.0.1:8787/x']),
    ).toEqual([])
    for (const value of ['orders', '/api/v1/orders', 'not a url', '']) {
      expect(UrlSchema.safeParse(value).success).toBe(false)
    }
  })
})
