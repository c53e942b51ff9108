import { describe, expect, test } from 'vitest'
import { ChainsResponseSchema, QuoteSchema } from '../schemas'
import { parseResponse } from './parseResponse'
import { SwapApiError } from './SwapApiError'

const eth = { caip: 'eip155:1/slip44:60', symbol: 'ETH' }
const quote = {
  provider: 'zerox',
  sellChain: 'ETH',
  buyChain: 'ETH',
  sellToken: eth,
  buyToken: eth,
  sellAmount: '1',
  buyAmount: '1',
  rate: 1,
  expiresAt: '2026-08-01T12:01:00.000Z',
}
const base = {
  id: 'BASE',
  name: 'Base',
  nativeSymbol: 'ETH',
  caip2: 'eip155:8453',
  type: 'evm',
  chainId: 8453,
}

async function failureOf(body: unknown, schema: typeof ChainsResponseSchema | typeof QuoteSchema) {
  const error = await parseResponse({ response: Response.json(body), schema, label: 'GET /x' }).catch(
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(SwapApiError)
  expect(error).toMatchObject({ status: 200, code: 'UPSTREAM_ERROR' })
  return (error as SwapApiError).message
}

// This file loads only `zod/mini` (no zod locale), as the widget's bundle does.
describe('a 200 that breaks the contract', () => {
  test('names each broken field with the reason in words, not "Invalid input"', async () => {
    const message = await failureOf(
      { chains: [{ ...base, name: '', chainId: 0, type: 'solana' }] },
      ChainsResponseSchema,
    )
    expect(message).toBe(
      'The swap API answered GET /x with a body that does not match the contract (' +
        'chains.0.name: expected string length >= 1; ' +
        "chains.0.type: expected one of 'evm', 'utxo', 'cosmos', 'hive'; " +
        'chains.0.chainId: expected number > 0)',
    )
  })

  test('says what was expected and what came for a missing or mistyped field', async () => {
    const message = await failureOf(
      { chains: [{ ...base, id: undefined, chainId: 8453.5 }] },
      ChainsResponseSchema,
    )
    expect(message).toContain('chains.0.id: expected string, received undefined')
    expect(message).toContain('chains.0.chainId: expected int, received number')
  })

  test("keeps the schema's own wording for formats and rules", async () => {
    const message = await failureOf({ chains: [{ ...base, caip2: '8453' }] }, ChainsResponseSchema)
    expect(message).toContain('chains.0.caip2: expected a CAIP-2 chain id')
    const wrongQuote = await failureOf({ ...quote, provider: 'Zero-X', rate: '1' }, QuoteSchema)
    expect(wrongQuote).toContain('provider: expected text matching /^[a-z0-9]+$/')
    expect(wrongQuote).toContain('rate: expected number, received string')
  })
})
