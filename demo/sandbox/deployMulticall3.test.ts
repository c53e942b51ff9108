import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findChain } from '../../shared/chains'
import { listTokens } from '../../shared/tokens'
import { MULTICALL3_ADDRESS } from '../../widget/parts/aggregate3'
import { readTokenBalances } from '../../widget/parts/readTokenBalances'
import { createChainClients, type ChainClients } from './createChainClients'
import { deployMulticall3 } from './deployMulticall3'
import { startAnvil, type AnvilInstance } from './startAnvil'

const holder = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const definition = findChain('ETH')!

describe('deployMulticall3 (on a real anvil chain)', () => {
  let anvil: AnvilInstance
  let clients: ChainClients
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 1 })
    clients = createChainClients({ definition, rpcUrl: anvil.rpcUrl })
  }, 30_000)
  afterAll(() => anvil?.stop())

  it('answers a balance batch at the canonical address, through an EIP-1193 provider', async () => {
    const provider = {
      request: (args: { method: string; params?: unknown }) => clients.publicClient.request(args as never),
    }
    expect(await clients.publicClient.getCode({ address: MULTICALL3_ADDRESS })).toBeUndefined()
    await deployMulticall3({ clients })
    expect((await clients.publicClient.getCode({ address: MULTICALL3_ADDRESS }))?.length).toBeGreaterThan(
      1000,
    )

    await clients.testClient.setBalance({ address: holder, value: 1234n })
    const calls: string[] = []
    const counting = {
      request: (args: { method: string; params?: unknown }) => {
        calls.push(args.method)
        return provider.request(args)
      },
    }
    // The curated tokens have no code on this bare chain: their reads fail and are left out.
    const tokens = listTokens(definition)
    const balances = await readTokenBalances({ provider: counting, owner: holder, tokens })
    expect([...balances]).toEqual([[tokens[0]!.caip, 1234n]])
    expect(calls).toEqual(['eth_getCode', 'eth_call'])
  }, 30_000)
})
