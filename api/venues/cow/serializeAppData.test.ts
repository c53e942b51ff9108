import { keccak256, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { serializeAppData } from './serializeAppData'

const exampleDocument = {
  version: '1.15.0',
  appCode: 'ExampleSwap',
  metadata: {
    quote: { slippageBips: 50 },
    partnerFee: { volumeBps: 25, recipient: '0x1111111111111111111111111111111111111111' },
    orderClass: { orderClass: 'market' },
  },
}

describe('serializeAppData', () => {
  it('sorts keys like the official SDK, giving cow.md’s hash 0x32e9…f364 for its example', () => {
    const fullAppData = serializeAppData(exampleDocument)
    expect(fullAppData).toBe(
      '{"appCode":"ExampleSwap","metadata":{"orderClass":{"orderClass":"market"},"partnerFee":{"recipient":"0x1111111111111111111111111111111111111111","volumeBps":25},"quote":{"slippageBips":50}},"version":"1.15.0"}',
    )
    expect(keccak256(stringToHex(fullAppData))).toBe(
      '0x32e9f3d99b172fd7dd58e3d0045de7ddd73c2df4621c7f3a61938d4e3d42f364',
    )
  })

  it('hashes "{}" to the documented 0xb48d38f9…', () => {
    expect(keccak256(stringToHex(serializeAppData({})))).toBe(
      '0xb48d38f93eaa084033fc5970bf96e559c33c4cdc07d889ab00b4d63f9590739d',
    )
  })

  it('is independent of insertion order, which would otherwise change the hash (0xcb33…570a)', () => {
    const insertionOrder = {
      appCode: 'ExampleSwap',
      version: '1.15.0',
      metadata: {
        quote: { slippageBips: 50 },
        orderClass: { orderClass: 'market' },
        partnerFee: { volumeBps: 25, recipient: '0x1111111111111111111111111111111111111111' },
      },
    }
    expect(keccak256(stringToHex(JSON.stringify(insertionOrder)))).toBe(
      '0xcb336a4f9061cf078ec1ab5aa6dafd0b657ea2abe0be246190d72ba9151b570a',
    )
    expect(keccak256(stringToHex(serializeAppData(insertionOrder)))).toBe(
      '0x32e9f3d99b172fd7dd58e3d0045de7ddd73c2df4621c7f3a61938d4e3d42f364',
    )
  })

  it('keeps the order of a list of fee policies', () => {
    const policies = [
      { volumeBps: 30, recipient: '0xa' },
      { volumeBps: 20, recipient: '0xb' },
    ]
    expect(serializeAppData({ partnerFee: policies })).toBe(
      '{"partnerFee":[{"recipient":"0xa","volumeBps":30},{"recipient":"0xb","volumeBps":20}]}',
    )
  })
})
