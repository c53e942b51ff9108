import { existsSync, readFileSync } from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { erc20Abi, getAddress, hashDomain, keccak256, parseAbi, parseEther, toHex, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokenLists } from '../../shared/tokens'
import { cowAddresses } from './deployCow'
import { startWorld, type World } from './startWorld'
import { WorldManifestDraftSchema, WorldManifestSchema } from './worldManifest'

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const settlementAbi = parseAbi([
  'function vaultRelayer() view returns (address)',
  'function authenticator() view returns (address)',
  'function domainSeparator() view returns (bytes32)',
])
const authenticatorAbi = parseAbi(['function isSolver(address) view returns (bool)'])
const usdcAbi = parseAbi([
  'function name() view returns (string)',
  'function version() view returns (string)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
])
const passAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function ownerOf(uint256) view returns (address)',
])

/** Uniswap V2's exact-in formula with the 0.3% LP fee (venues/uniswap-v2.md). */
const v2AmountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

let world: World
let dir: string
let manifestPath: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-world-'))
  manifestPath = join(dir, 'world.json')
  world = await startWorld({ manifestPath })
})

afterAll(async () => {
  await world?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('startWorld', () => {
  it('runs one anvil per EVM chain of the registry with its real chain id', async () => {
    const expected = { ETH: 1, BASE: 8453, BSC: 56, AVAX: 43114, ARB: 42161, RHD: 4663 }
    expect(
      Object.fromEntries(Object.entries(world.chains).map(([symbol, chain]) => [symbol, chain.chainId])),
    ).toEqual(expected)
    for (const chain of Object.values(world.chains)) {
      expect(await chain.publicClient.getChainId()).toBe(chain.chainId)
      expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    }
  })

  it('places every curated token at its real address with the list name, symbol and decimals', async () => {
    for (const [symbol, chain] of Object.entries(world.chains)) {
      for (const token of tokenLists[symbol] ?? []) {
        const read = (functionName: 'name' | 'symbol' | 'decimals') =>
          chain.publicClient.readContract({ address: token.contract, abi: erc20Abi, functionName })
        expect(
          [await read('name'), await read('symbol'), await read('decimals')],
          `${symbol} ${token.symbol}`,
        ).toEqual([token.name, token.symbol, token.decimals])
        expect(chain.contracts.tokens[token.symbol]).toBe(getAddress(token.contract))
      }
    }
  })

  it('gives the demo user native coin and a balance of every curated token on every chain', async () => {
    const user = world.accounts[0]!.address
    expect(user).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    for (const [symbol, chain] of Object.entries(world.chains)) {
      expect(await chain.publicClient.getBalance({ address: user })).toBeGreaterThan(parseEther('1000'))
      for (const token of tokenLists[symbol] ?? []) {
        const balance = await chain.publicClient.readContract({
          address: token.contract,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [user],
        })
        expect(balance, `${symbol} ${token.symbol}`).toBeGreaterThan(0n)
      }
    }
  })

  it('moves curated tokens with transfer, approve and transferFrom', async () => {
    const { publicClient, walletClient } = world.chains.ETH!
    const [owner, spender, recipient] = world.accounts.map((account) => account.address) as [
      Address,
      Address,
      Address,
    ]
    const dai = tokenLists.ETH!.find((token) => token.symbol === 'DAI')!.contract
    const balanceOf = (address: Address) =>
      publicClient.readContract({ address: dai, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const before = await balanceOf(recipient)
    const write = async (account: Address, functionName: 'transfer' | 'approve', args: [Address, bigint]) =>
      publicClient.waitForTransactionReceipt({
        hash: await walletClient.writeContract({
          account,
          chain: null,
          address: dai,
          abi: erc20Abi,
          functionName,
          args,
        }),
      })
    await write(owner, 'transfer', [recipient, 5n * 10n ** 18n])
    await write(owner, 'approve', [spender, 2n * 10n ** 18n])
    await publicClient.waitForTransactionReceipt({
      hash: await walletClient.writeContract({
        account: spender,
        chain: null,
        address: dai,
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [owner, recipient, 2n * 10n ** 18n],
      }),
    })
    expect((await balanceOf(recipient)) - before).toBe(7n * 10n ** 18n)
    expect(
      await publicClient.readContract({
        address: dai,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, spender],
      }),
    ).toBe(0n)
  })

  it('prices a router quote with the V2 formula on the pool reserves, worse per unit for a larger size', async () => {
    const { publicClient, contracts } = world.chains.ETH!
    const weth = contracts.wrappedNative as Address
    const usdc = contracts.tokens.USDC as Address
    const router = contracts.uniswapV2Router as Address
    const pair = await publicClient.readContract({
      address: contracts.uniswapV2Factory as Address,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [weth, usdc],
    })
    const [reserve0, reserve1] = await publicClient.readContract({
      address: pair,
      abi: pairAbi,
      functionName: 'getReserves',
    })
    const wethIsToken0 = BigInt(weth) < BigInt(usdc)
    const [reserveIn, reserveOut] = wethIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0]
    const quote = async (amountIn: bigint) =>
      (
        await publicClient.readContract({
          address: router,
          abi: routerAbi,
          functionName: 'getAmountsOut',
          args: [amountIn, [weth, usdc]],
        })
      )[1]!

    const small = await quote(parseEther('1'))
    expect(small).toBe(v2AmountOut(parseEther('1'), reserveIn, reserveOut))
    // About 3000 USDC for 1 ETH, less the 0.3% fee and a little impact.
    expect(small).toBeGreaterThan(2_980_000_000n)
    expect(small).toBeLessThan(3_000_000_000n)
    const large = await quote(parseEther('100'))
    expect(large).toBe(v2AmountOut(parseEther('100'), reserveIn, reserveOut))
    expect(large).toBeLessThan(small * 100n)
  })

  it('makes every curated token tradeable against the wrapped native and USDC', async () => {
    for (const chain of Object.values(world.chains)) {
      const { wrappedNative, tokens, uniswapV2Router } = chain.contracts
      for (const { symbol, contract, decimals } of tokenLists[chain.symbol] ?? []) {
        const address = getAddress(contract)
        for (const [quoteSymbol, quoteAddress] of [
          ['native', wrappedNative],
          ['USDC', tokens.USDC],
        ] as const) {
          if (!quoteAddress || quoteAddress === address) continue
          const amounts = await chain.publicClient.readContract({
            address: uniswapV2Router as Address,
            abi: routerAbi,
            functionName: 'getAmountsOut',
            args: [10n ** BigInt(decimals), [address, quoteAddress as Address]],
          })
          expect(amounts[1], `${chain.symbol} ${symbol} -> ${quoteSymbol}`).toBeGreaterThan(0n)
        }
      }
    }
  })

  it('executes swapExactETHForTokens for the demo user at the quoted amount', async () => {
    const { publicClient, walletClient, contracts } = world.chains.BASE!
    const user = world.accounts[0]!.address
    const path = [contracts.wrappedNative, contracts.tokens.USDC] as Address[]
    const router = contracts.uniswapV2Router as Address
    const [, quoted] = await publicClient.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('0.5'), path],
    })
    const balance = () =>
      publicClient.readContract({ address: path[1]!, abi: erc20Abi, functionName: 'balanceOf', args: [user] })
    const before = await balance()
    const block = await publicClient.getBlock()
    const hash = await walletClient.writeContract({
      account: user,
      chain: null,
      address: router,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [quoted!, path, user, block.timestamp + 600n],
      value: parseEther('0.5'),
      // anvil's estimate can fall short when the next block's timestamp makes the pair update its price accumulators.
      gas: 300_000n,
    })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await balance()) - before).toBe(quoted)
  })

  it('runs GPv2Settlement at its real address with the real vault relayer and the solver allowed', async () => {
    for (const chain of Object.values(world.chains)) {
      const { contracts, publicClient } = chain
      if (chain.symbol === 'RHD') {
        expect(contracts.gpv2Settlement).toBeUndefined()
        continue
      }
      expect(contracts.gpv2Settlement).toBe(cowAddresses.settlement)
      expect(contracts.gpv2VaultRelayer).toBe(cowAddresses.vaultRelayer)
      const settlement = contracts.gpv2Settlement as Address
      const read = <F extends 'vaultRelayer' | 'authenticator' | 'domainSeparator'>(functionName: F) =>
        publicClient.readContract({ address: settlement, abi: settlementAbi, functionName })
      expect(await read('vaultRelayer')).toBe(contracts.gpv2VaultRelayer)
      expect(await read('authenticator')).toBe(contracts.gpv2Authenticator)
      const expectedDomain = hashDomain({
        domain: {
          name: 'Gnosis Protocol',
          version: 'v2',
          chainId: BigInt(chain.chainId),
          verifyingContract: settlement,
        },
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
        },
      })
      expect(await read('domainSeparator')).toBe(expectedDomain)
      expect(contracts.gpv2DomainSeparator).toBe(expectedDomain)
      const isSolver = (address: Address) =>
        publicClient.readContract({
          address: contracts.gpv2Authenticator as Address,
          abi: authenticatorAbi,
          functionName: 'isSolver',
          args: [address],
        })
      expect(await isSolver(world.manifest.roles!.solver as Address)).toBe(true)
      expect(await isSolver(world.accounts[0]!.address)).toBe(false)
    }
    // CoW's published mainnet domain separator (venues/cow.md).
    expect(world.chains.ETH!.contracts.gpv2DomainSeparator).toBe(
      '0xc078f884a2676e1345748b1feace7b0abee5d00ecadb6e574dcdd109a63e8943',
    )
  })

  it('runs Circle USDC on Base: "USD Coin" version "2" with a working transferWithAuthorization', async () => {
    const { publicClient, walletClient, contracts, chainId } = world.chains.BASE!
    const usdc = contracts.usdc as Address
    expect(usdc).toBe('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913')
    expect(await publicClient.readContract({ address: usdc, abi: usdcAbi, functionName: 'name' })).toBe(
      'USD Coin',
    )
    expect(await publicClient.readContract({ address: usdc, abi: usdcAbi, functionName: 'version' })).toBe(
      '2',
    )

    const payer = privateKeyToAccount(world.accounts[0]!.privateKey as `0x${string}`)
    const payee = world.accounts[5]!.address
    const relayer = world.accounts[1]!.address
    const value = 1_250_000n
    const now = BigInt(Math.floor(Date.now() / 1000))
    const message = {
      from: payer.address,
      to: payee,
      value,
      validAfter: 0n,
      validBefore: now + 3600n,
      nonce: keccak256(toHex(`sandbox-test-${now}`)),
    }
    const signature = await payer.signTypedData({
      domain: { name: 'USD Coin', version: '2', chainId, verifyingContract: usdc },
      types: {
        TransferWithAuthorization: [
          { name: 'from', type: 'address' },
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'validAfter', type: 'uint256' },
          { name: 'validBefore', type: 'uint256' },
          { name: 'nonce', type: 'bytes32' },
        ],
      },
      primaryType: 'TransferWithAuthorization',
      message,
    })
    const r = `0x${signature.slice(2, 66)}` as const
    const s = `0x${signature.slice(66, 130)}` as const
    const v = Number.parseInt(signature.slice(130, 132), 16)
    const balance = () =>
      publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [payee] })
    const before = await balance()
    const hash = await walletClient.writeContract({
      account: relayer,
      chain: null,
      address: usdc,
      abi: usdcAbi,
      functionName: 'transferWithAuthorization',
      args: [
        message.from,
        message.to,
        message.value,
        message.validAfter,
        message.validBefore,
        message.nonce,
        v,
        r,
        s,
      ],
    })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect((await balance()) - before).toBe(value)
  })

  it('mints one holder pass on Base to the demo user', async () => {
    const { publicClient, contracts } = world.chains.BASE!
    const pass = contracts.holderPass as Address
    const user = world.accounts[0]!.address
    expect(
      await publicClient.readContract({
        address: pass,
        abi: passAbi,
        functionName: 'balanceOf',
        args: [user],
      }),
    ).toBe(1n)
    expect(
      await publicClient.readContract({ address: pass, abi: passAbi, functionName: 'ownerOf', args: [1n] }),
    ).toBe(user)
    expect(
      await publicClient.readContract({
        address: pass,
        abi: passAbi,
        functionName: 'balanceOf',
        args: [world.accounts[1]!.address],
      }),
    ).toBe(0n)
  })

  it('writes the manifest, and setSimulators completes and rewrites it', () => {
    const written = WorldManifestDraftSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')))
    expect(written).toEqual(world.manifest)
    expect(written.simulators).toBeUndefined()
    const { service, partner, registeredPartner } = written.feeRecipients
    expect(new Set([service, partner, registeredPartner]).size).toBe(3)
    expect(written.accounts[0]!.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')

    const full = world.setSimulators({
      simulators: {
        zerox: 'http://127.0.0.1:1/zerox',
        lifi: 'http://127.0.0.1:1/lifi/v1',
        cow: 'http://127.0.0.1:1/cow',
      },
      faultControlUrl: 'http://127.0.0.1:1/faults',
    })
    const rewritten = WorldManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')))
    expect(rewritten).toEqual(full)
    expect(world.manifest).toEqual(full)
    expect(existsSync(`${manifestPath}.${process.pid}.tmp`)).toBe(false)
  })
})
