import { expect, test } from 'vitest'
import * as client from './index'

test('exposes exactly the public client surface', () => {
  expect(Object.keys(client).sort()).toMatchInlineSnapshot(`
    [
      "API_PATH_PREFIX",
      "PaymentRequiredSchema",
      "SwapApiError",
      "createQuoteClient",
      "createStatusClient",
      "createSwapClient",
      "decodePaymentRequired",
    ]
  `)
})
