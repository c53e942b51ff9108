import { expectTypeOf, test } from 'vitest'
import type { Chain, Quote, Token } from './index'

test('wire types keep amounts as decimal strings and ids as numbers', () => {
  expectTypeOf<Quote['sellAmount']>().toEqualTypeOf<string>()
  expectTypeOf<Quote['rate']>().toEqualTypeOf<number>()
  expectTypeOf<NonNullable<Quote['approval']>['amountWei']>().toEqualTypeOf<string>()
  expectTypeOf<Chain['chainId']>().toEqualTypeOf<number | undefined>()
  expectTypeOf<Token['decimals']>().toEqualTypeOf<number | undefined>()
})
