import { describe, expect, it } from 'vitest'
import { SwapError } from '../../shared'
import { createFakeFetch } from '../venues/common/createFakeFetch'
import { createChainReader } from './createChainReader'

const rpcUrl = 'https://eth-mainnet.example/v2/secret-key'
const hash = `0x${'ab'.repeat(32)}`
const signal = new AbortController().signal

// An `eth_getTransactionReceipt` result as Base's nodes answer it (with the OP-stack `l1Fee`).
const receipt = {
  blockHash: `0x${'11'.repeat(32)}`,
  blockNumber: '0x1406f40',
  contractAddress: null,
  cumulativeGasUsed: '0x2d0b3f',
  effectiveGasPrice: '0x5f5e100',
  from: '0x70a9f34f9b34c64957b9c401a97bfed35b95049e',
  gasUsed: '0x1d4c0',
  l1Fee: '0x2540be400',
  logs: [
    {
      address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
      data: '0x01',
      blockNumber: '0x1406f40',
      transactionHash: hash,
      logIndex: '0x0',
      removed: false,
    },
  ],
  logsBloom: `0x${'00'.repeat(256)}`,
  status: '0x1',
  to: '0x1231deb6f5749ef6ce6943a275a1d3e7486f4eae',
  transactionHash: hash,
  transactionIndex: '0x3',
  type: '0x2',
}

describe('createChainReader: JSON-RPC to the configured nodes', () => {
  it('reads a receipt, and a transaction not mined yet as undefined', async () => {
    const { fetch, calls } = createFakeFetch([
      { json: { jsonrpc: '2.0', id: 1, result: receipt } },
      { json: { jsonrpc: '2.0', id: 2, result: null } },
    ])
    const reader = createChainReader({ rpcUrls: { BASE: rpcUrl }, fetch })
    expect(await reader.receipt('BASE', hash, signal)).toEqual({
      transactionHash: hash,
      status: 'success',
      from: receipt.from,
      to: receipt.to,
      blockNumber: 0x1406f40n,
      gasUsed: 0x1d4c0n,
      effectiveGasPrice: 100_000_000n,
      l1Fee: 10_000_000_000n,
      logs: [{ address: receipt.logs[0]!.address, topics: receipt.logs[0]!.topics, data: '0x01' }],
    })
    expect(calls[0]).toMatchObject({
      url: rpcUrl,
      method: 'POST',
      body: { jsonrpc: '2.0', method: 'eth_getTransactionReceipt', params: [hash] },
    })
    expect(await reader.receipt('BASE', hash, signal)).toBeUndefined()
  })

  it('asks balances at a block, as a hex quantity', async () => {
    const { fetch, calls } = createFakeFetch([
      { json: { jsonrpc: '2.0', id: 1, result: '0xde0b6b3a7640000' } },
    ])
    const reader = createChainReader({ rpcUrls: { ETH: rpcUrl }, fetch })
    expect(await reader.balance('ETH', receipt.from, 255n, signal)).toBe(10n ** 18n)
    expect(calls[0]!.body).toMatchObject({ method: 'eth_getBalance', params: [receipt.from, '0xff'] })
  })

  it('a failing node (JSON-RPC error, HTTP error, malformed answer) is UPSTREAM_ERROR that never names the URL', async () => {
    for (const answer of [
      { json: { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'limit exceeded' } } },
      { status: 429, json: { error: 'rate limited' } },
      { json: { jsonrpc: '2.0', id: 1, result: { ...receipt, from: 7 } } },
    ]) {
      const { fetch } = createFakeFetch([answer])
      const error = await createChainReader({ rpcUrls: { ETH: rpcUrl }, fetch })
        .receipt('ETH', hash, signal)
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(SwapError)
      expect((error as SwapError).code).toBe('UPSTREAM_ERROR')
      expect((error as SwapError).message).not.toContain('secret-key')
    }
  })

  it('a chain without a node is NOT_CONFIGURED', async () => {
    const reader = createChainReader({ rpcUrls: {}, fetch: createFakeFetch([]).fetch })
    expect(reader.has('ETH')).toBe(false)
    const error = await reader.receipt('ETH', hash, signal).catch((caught: unknown) => caught)
    expect((error as SwapError).code).toBe('NOT_CONFIGURED')
  })
})
