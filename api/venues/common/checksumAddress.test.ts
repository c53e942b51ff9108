import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { checksumAddress } from './checksumAddress'

describe('checksumAddress', () => {
  it("answers viem's checksummed address, the first time and from memory", () => {
    const lower = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'
    expect(checksumAddress(lower)).toBe('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2')
    expect(checksumAddress(lower)).toBe(getAddress(lower))
  })

  it('throws on what is not an address, also when asked again', () => {
    for (const bad of ['0x1234', 'not an address', '0xZZ2aaa39b223fe8d0a0e5c4f27ead9083c756cc2']) {
      expect(() => checksumAddress(bad)).toThrow()
      expect(() => checksumAddress(bad)).toThrow()
    }
  })

  it('keeps answering right once its memory has started over', () => {
    const addresses = Array.from({ length: 5_000 }, (_, index) => `0x${index.toString(16).padStart(40, '0')}`)
    for (const address of addresses) checksumAddress(address)
    for (const address of [addresses[0]!, addresses[4_999]!]) {
      expect(checksumAddress(address)).toBe(getAddress(address))
    }
  })
})
