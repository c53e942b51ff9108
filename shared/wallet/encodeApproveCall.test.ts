import fc from 'fast-check'
import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { encodeApproveCall } from './encodeApproveCall'

describe('encodeApproveCall', () => {
  it("encodes exactly what viem's ABI encoder does, for any spender and amount", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^0x[0-9a-f]{40}$/),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        (spender, amount) => {
          const data = encodeApproveCall({ spender: spender as `0x${string}`, amount })
          expect(data).toBe(
            encodeFunctionData({
              abi: erc20Abi,
              functionName: 'approve',
              args: [spender as `0x${string}`, amount],
            }),
          )
        },
      ),
    )
  })

  it('keeps the exact amount, decoded by a wallet as approve(spender, amount)', () => {
    const spender = getAddress('0x0000000000001ff3684f28c67538d4d072c22734')
    const decoded = decodeFunctionData({
      abi: erc20Abi,
      data: encodeApproveCall({ spender, amount: 100_000_000n }),
    })
    expect(decoded).toEqual({ functionName: 'approve', args: [spender, 100_000_000n] })
  })

  it('refuses what is not an address or a uint256', () => {
    expect(() => encodeApproveCall({ spender: '0x1234', amount: 1n })).toThrow('not an address')
    expect(() => encodeApproveCall({ spender: `0x${'1'.repeat(40)}`, amount: 2n ** 256n })).toThrow('uint256')
    expect(() => encodeApproveCall({ spender: `0x${'1'.repeat(40)}`, amount: -1n })).toThrow('uint256')
  })
})
