import { encodeFunctionData, encodeFunctionResult, multicall3Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeAggregate3, encodeAggregate3, MULTICALL3_ADDRESS } from './aggregate3'
import { readTokenBalances } from './readTokenBalances'
import type { Token } from '../../shared/schemas'

const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const dai = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const balanceOf = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}` as const

describe('encodeAggregate3', () => {
  it('encodes the batch exactly as an ABI coder does, odd-length calldata included', () => {
    const calls = [
      { target: usdc, callData: balanceOf },
      { target: MULTICALL3_ADDRESS, callData: '0x4d2301cc' },
      { target: dai, callData: `${balanceOf}abcdef` },
    ] as const
    expect(encodeAggregate3(calls)).toBe(
      encodeFunctionData({
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [calls.map((call) => ({ ...call, allowFailure: true }))],
      }),
    )
  })

  it('encodes an empty batch', () => {
    expect(encodeAggregate3([])).toBe(
      encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [[]] }),
    )
  })
})

describe('decodeAggregate3', () => {
  it('reads back what Multicall3 returns, failures and empty data included', () => {
    const results = [
      { success: true, returnData: `0x${1_500_000n.toString(16).padStart(64, '0')}` },
      { success: false, returnData: '0x' },
      { success: true, returnData: '0x08c379a0deadbeef' },
    ] as const
    const answer = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results })
    expect(decodeAggregate3(answer)).toEqual(results)
  })

  it('refuses an answer that is not a batch result (a chain without Multicall3 answers 0x)', () => {
    expect(() => decodeAggregate3('0x')).toThrow(TypeError)
    expect(() => decodeAggregate3(`0x${'0'.repeat(62)}20${'0'.repeat(62)}05`)).toThrow(/out of bounds/)
  })
})

describe('readTokenBalances', () => {
  const tokens: Token[] = [
    { symbol: 'ETH', name: 'Ether', chain: 'ETH', caip: 'eip155:1/slip44:60', isToken: false, decimals: 18 },
    {
      symbol: 'USDC',
      name: 'USD Coin',
      chain: 'ETH',
      caip: `eip155:1/erc20:${usdc}`,
      isToken: true,
      contract: usdc,
      decimals: 6,
    },
    {
      symbol: 'DAI',
      name: 'Dai',
      chain: 'ETH',
      caip: `eip155:1/erc20:${dai}`,
      isToken: true,
      contract: dai,
      decimals: 18,
    },
  ]
  const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}` as const

  it('reads every balance in one eth_call where the chain has Multicall3, leaving a failed one out', async () => {
    const requests: { method: string; params?: unknown }[] = []
    const provider = {
      request: async (request: { method: string; params?: unknown }) => {
        requests.push(request)
        if (request.method === 'eth_getCode') return '0x6080'
        return encodeFunctionResult({
          abi: multicall3Abi,
          functionName: 'aggregate3',
          result: [
            { success: true, returnData: word(2n * 10n ** 18n) },
            { success: true, returnData: word(1_500_000n) },
            { success: false, returnData: '0x' },
          ],
        })
      },
    }
    const balances = await readTokenBalances({ provider, owner, tokens })
    expect([...balances]).toEqual([
      ['eip155:1/slip44:60', 2n * 10n ** 18n],
      [`eip155:1/erc20:${usdc}`, 1_500_000n],
    ])
    expect(requests.map((request) => request.method)).toEqual(['eth_getCode', 'eth_call'])
  })

  it('falls back to one call per token where the chain has no Multicall3', async () => {
    const methods: string[] = []
    const provider = {
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        methods.push(method)
        if (method === 'eth_getCode') return '0x'
        if (method === 'eth_getBalance') return '0x1bc16d674ec80000'
        const [{ to }] = params as [{ to: string }]
        if (to === dai) throw new Error('execution reverted')
        return word(42n)
      },
    }
    const balances = await readTokenBalances({ provider, owner, tokens })
    expect(balances.get('eip155:1/slip44:60')).toBe(2n * 10n ** 18n)
    expect(balances.get(`eip155:1/erc20:${usdc}`)).toBe(42n)
    expect(balances.has(`eip155:1/erc20:${dai}`)).toBe(false)
    expect(methods.sort()).toEqual(['eth_call', 'eth_call', 'eth_getBalance', 'eth_getCode'])
  })
})
