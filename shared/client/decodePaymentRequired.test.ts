import { encodePaymentRequiredHeader } from '@x402/core/http'
import { expect, test } from 'vitest'
import { decodePaymentRequired } from './decodePaymentRequired'

const paymentRequired = {
  x402Version: 2,
  resource: { url: 'http://127.0.0.1/api/sdk/v1/access', description: 'Accès: 600 quotes per minute' },
  accepts: [
    {
      scheme: 'exact',
      network: 'eip155:8453' as const,
      asset: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      amount: '1000000',
      payTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      maxTimeoutSeconds: 60,
      extra: { name: 'USD Coin', version: '2' },
    },
  ],
}

test('decodes the header x402 writes, keeping non-ASCII text intact', () => {
  expect(decodePaymentRequired(encodePaymentRequiredHeader(paymentRequired))).toEqual(paymentRequired)
})

test('returns undefined for a value that is not base64', () => {
  expect(decodePaymentRequired('not base64 at all!')).toBeUndefined()
})

test('returns undefined for base64 of something other than JSON', () => {
  expect(decodePaymentRequired(btoa('<html>'))).toBeUndefined()
})

test('returns undefined for JSON without x402 requirements', () => {
  expect(
    decodePaymentRequired(btoa(JSON.stringify({ error: 'pay', code: 'PAYMENT_REQUIRED' }))),
  ).toBeUndefined()
})
