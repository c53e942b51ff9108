import fc from 'fast-check'
import { decodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { createSwapWallet } from './createSwapWallet'
import { readAllowance } from './readAllowance'
import type { Eip1193Provider } from './swapWallet'

const owner = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const token = '0xdac17f958d2ee523a2206206994597c13d831ec7'
const spender = '0x0000000000001ff3684f28c67538d4d072c22734'

function walletAnswering(answer: unknown) {
  const requests: { method: string; params?: unknown }[] = []
  const provider: Eip1193Provider = {
    request: async (args) => {
      requests.push(args)
      if (answer instanceof Error) throw answer
      return answer
    },
  }
  return { requests, wallet: createSwapWallet({ provider, address: owner }) }
}

describe('readAllowance', () => {
  it("asks eth_call for allowance(owner, spender) exactly as viem's ABI encoder would, and decodes any uint256", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^0x[0-9a-f]{40}$/),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        async (anySpender, amount) => {
          const { wallet, requests } = walletAnswering(`0x${amount.toString(16).padStart(64, '0')}`)
          const allowance = await readAllowance({
            wallet,
            token,
            owner,
            spender: anySpender as `0x${string}`,
          })
          expect(allowance).toBe(amount)
          const [call, block] = requests[0]!.params as [{ to: string; data: `0x${string}` }, string]
          expect([requests[0]!.method, call.to, block]).toEqual(['eth_call', token, 'latest'])
          const decoded = decodeFunctionData({ abi: erc20Abi, data: call.data })
          expect(decoded.functionName).toBe('allowance')
          expect((decoded.args as readonly string[]).map((address) => address.toLowerCase())).toEqual([
            owner,
            anySpender,
          ])
        },
      ),
    )
  })

  it('throws on an answer that is not a uint256 (an address without code answers 0x)', async () => {
    await expect(
      readAllowance({ wallet: walletAnswering('0x').wallet, token, owner, spender }),
    ).rejects.toThrow('not a uint256')
    await expect(
      readAllowance({ wallet: walletAnswering(null).wallet, token, owner, spender }),
    ).rejects.toThrow('not a uint256')
  })

  it('passes the wallet failure on', async () => {
    const { wallet } = walletAnswering(
      Object.assign(new Error('Request exceeds defined limit'), { code: -32005 }),
    )
    await expect(readAllowance({ wallet, token, owner, spender })).rejects.toThrow()
  })
})
