import { expectTypeOf, test } from 'vitest'
import type { AccessGrant, ChainsResponse, HolderPassChallenge, Quote, TokensResponse } from '../schemas'
import type { AccessChallenge } from './parseAccessChallenge'
import { createSwapClient } from './createSwapClient'

const client = createSwapClient({ baseUrl: '' })

test('each call resolves to the type its schema infers', () => {
  expectTypeOf(client.chains()).resolves.toEqualTypeOf<ChainsResponse>()
  expectTypeOf(client.tokens('BASE')).resolves.toEqualTypeOf<TokensResponse>()
  expectTypeOf(client.quote).returns.resolves.toEqualTypeOf<Quote>()
  expectTypeOf(client.accessChallenge()).resolves.toEqualTypeOf<AccessChallenge>()
  expectTypeOf(client.accessWithPayment).returns.resolves.toEqualTypeOf<AccessGrant>()
  expectTypeOf(client.holderPassChallenge).returns.resolves.toEqualTypeOf<HolderPassChallenge>()
  expectTypeOf(client.holderPassGrant).returns.resolves.toEqualTypeOf<AccessGrant>()
})

test('accepts globalThis.fetch as its fetch', () => {
  expectTypeOf(createSwapClient).toBeCallableWith({ baseUrl: '', fetch: globalThis.fetch })
})
