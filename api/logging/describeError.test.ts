import { createPublicClient, erc20Abi, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { SwapError } from '../../shared'
import { startJsonRpcNode } from '../testing/startJsonRpcNode'
import { describeError } from './describeError'

describe('describeError', () => {
  it('keeps the names, codes and status of a viem RPC failure, and none of its URL or request body', async () => {
    const node = await startJsonRpcNode({ path: '/v2/SomeSecretKey', answer: () => ({ status: 503 }) })
    try {
      const client = createPublicClient({ transport: http(node.url, { retryCount: 0 }) })
      const error = await client
        .readContract({
          address: '0x3333333333333333333333333333333333333333',
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: ['0x90F79bf6EB2c4f870365E785982E1f101E93b906'],
        })
        .catch((caught: unknown) => caught)
      expect((error as Error).message).toContain('SomeSecretKey')
      const described = describeError(
        new SwapError({ code: 'UPSTREAM_ERROR', message: 'node down', cause: error }),
      )
      expect(described).toMatchObject({
        name: 'SwapError',
        code: 'UPSTREAM_ERROR',
        cause: { name: 'ContractFunctionExecutionError', message: 'HTTP request failed.' },
      })
      const text = JSON.stringify(described)
      expect(text).toContain('"name":"HttpRequestError"')
      expect(text).toContain('"status":503')
      for (const leak of ['SomeSecretKey', '127.0.0.1', '90F79bf6', 'eth_call'])
        expect(text).not.toContain(leak)
    } finally {
      await node.close()
    }
  })

  it('keeps one line of a plain error, with URLs replaced, and the stack frames only when asked', () => {
    const error = new Error('fetch https://rpc.example/secret-path failed\nmore detail')
    expect(describeError(error)).toEqual({ name: 'Error', message: 'fetch [url] failed' })
    const withStack = describeError(error, { stack: true })
    expect(withStack.stack).toMatch(/^\s+at /)
    expect(withStack.stack).not.toContain('secret-path')
  })
})
