import { expect, test } from 'vitest'
import * as wallet from './index'

test('exposes exactly the public wallet surface', () => {
  expect(Object.keys(wallet).sort()).toMatchInlineSnapshot(`
    [
      "ExecutionError",
      "USER_REJECTED_CODE",
      "approveToken",
      "createSwapWallet",
      "ensureAllowance",
      "ensureWalletChain",
      "executeQuote",
      "getDepositInstructions",
      "isUserRejection",
      "sendSwapTransaction",
      "submitOrder",
      "waitForOrder",
      "waitForReceipt",
    ]
  `)
})
