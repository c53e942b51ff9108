import { describe, expect, it } from 'vitest'
import {
  AddressSchema,
  Caip2Schema,
  CaipAssetSchema,
  DecimalStringSchema,
  HexQuantitySchema,
  IntegerStringSchema,
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
