import {
  createPublicClient,
  http,
  parseGwei,
  recoverMessageAddress,
  verifyTypedData,
  type Address,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, silentLogger, startApiServer, type ApiServer } from '../../api'
import { startWorld, type World } from '../sandbox/startWorld'
import { createSandboxRoutes } from '../server/createSandboxRoutes'
import { createSwapWallet, waitForReceipt } from '../../shared/wallet'
import { createSandboxWallet, type SandboxWallet } from './createSandboxWallet'

let world: World
let server: ApiServer
let wallet: SandboxWallet

const typedData = {
  domain: {
    name: 'Sandbox',
    version: '1',
    chainId: 1,
    verifyingContract: '0x9008D19f58AAbD9eD0D60971565AA8510560ab41',
  },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Order: [
      { name: 'owner', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Order',
  message: { owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', amount: '1000' },
} as const

beforeAll(async () => {
  world = await startWorld({ chains: ['ETH', 'RHD'], manifestPath: null })
  try {
    server = await startApiServer({
      config: loadConfig({ HOST: '127.0.0.1', PORT: '0' }),
      logger: silentLogger,
      site: createSandboxRoutes({ world, quoteLogPath: 'missing-quotes.jsonl' }),
    })
  } catch (error) {
    await world.stop()
    throw error
  }
  wallet = createSandboxWallet({
    privateKey: world.accounts[0]!.privateKey,
    chains: Object.values(world.chains).map((chain) => ({
      chainId: chain.chainId,
      name: chain.symbol,
      nativeSymbol: 'ETH',
      rpcUrl: `${server.url}/sandbox/rpc/${chain.chainId}`,
    })),
  })
})

afterAll(async () => {
  await server?.close()
  await world?.stop()
})

describe('createSandboxWallet', () => {
  it('connects as dev account 0 on the first chain', async () => {
    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([world.accounts[0]!.address])
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x1')
  })

  it('signs a transaction locally and sends it raw through the bridge, moving the exact value', async () => {
    const to = world.accounts[5]!.address
    const publicClient = createPublicClient({ transport: http(world.chains.ETH!.rpcUrl) })
    const before = await publicClient.getBalance({ address: to })
    const hash = (await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: world.accounts[0]!.address, to, value: `0x${parseGwei('1').toString(16)}` }],
    })) as `0x${string}`
    // anvil may answer the send a moment before the block holding it is sealed, so poll for the
    // receipt through the wallet as the widget does.
    const receipt = await waitForReceipt({
      wallet: createSwapWallet({ provider: wallet, address: world.accounts[0]!.address as Address }),
      hash,
      chainId: 1,
      pollIntervalMs: 20,
      timeoutMs: 10_000,
    })
    expect(receipt.status).toBe('success')
    expect((await publicClient.getBalance({ address: to })) - before).toBe(parseGwei('1'))
  })

  it('signs typed data (eth_signTypedData_v4) and messages (personal_sign) as the account', async () => {
    const address = world.accounts[0]!.address as Address
    const typedSignature = (await wallet.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as `0x${string}`
    expect(
      await verifyTypedData({
        ...(typedData as unknown as Parameters<typeof verifyTypedData>[0]),
        address,
        signature: typedSignature,
      }),
    ).toBe(true)

    const message = 'Sign in to the sandbox'
    const hex = `0x${Buffer.from(message).toString('hex')}` as const
    const signature = (await wallet.request({
      method: 'personal_sign',
      params: [hex, address],
    })) as `0x${string}`
    expect(await recoverMessageAddress({ message, signature })).toBe(address)
  })

  it('refuses to send or sign for an address it does not hold (4100)', async () => {
    await expect(
      wallet.request({
        method: 'eth_sendTransaction',
        params: [{ from: world.accounts[1]!.address, to: world.accounts[2]!.address }],
      }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      wallet.request({ method: 'personal_sign', params: ['0x00', world.accounts[1]!.address] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('refuses a transaction for another chain than its own, as MetaMask does, and sends nothing', async () => {
    const chainId = Number(await wallet.request({ method: 'eth_chainId' }))
    const to = world.accounts[2]!.address
    // The wallet is on Ethereum; the transaction names Base.
    const ethereum = createPublicClient({ transport: http(world.chains.ETH!.rpcUrl) })
    const before = await ethereum.getBalance({ address: to })
    await expect(
      wallet.request({
        method: 'eth_sendTransaction',
        params: [{ from: world.accounts[0]!.address, to, value: '0x1', chainId: '0x2105' }],
      }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(chainId).toBe(1)
    expect(await ethereum.getBalance({ address: to })).toBe(before)
  })

  it('switches to another sandbox chain and tells listeners; an unknown chain is 4902', async () => {
    const changes: unknown[] = []
    const listener = (chainId: unknown) => changes.push(chainId)
    wallet.on('chainChanged', listener)
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1237' }] })
    expect(changes).toEqual(['0x1237'])
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x1237')
    // Reads now go to RHD's anvil: its own chain id answers.
    expect(await wallet.request({ method: 'net_version' })).toBe('4663')
    expect(await wallet.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/)
    await expect(
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2a' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    wallet.removeListener('chainChanged', listener)
    expect(changes).toEqual(['0x1237', '0x1'])
  })

  it('passes on the chain’s JSON-RPC errors with their code', async () => {
    await expect(
      wallet.request({ method: 'eth_getBalance', params: ['not-an-address', 'latest'] }),
    ).rejects.toMatchObject({ code: expect.any(Number) })
  })

  it('answers wallet methods it does not implement with 4200 itself, never through the chain bridge', async () => {
    for (const method of ['wallet_getPermissions', 'wallet_revokePermissions', 'wallet_getCapabilities']) {
      await expect(wallet.request({ method, params: [] })).rejects.toMatchObject({ code: 4200 })
    }
  })
})
