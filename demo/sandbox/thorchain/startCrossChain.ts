import { Hono } from 'hono'
import { createWalletClient, erc20Abi, getAddress, http, type Address } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { createSwapkitSimulator, type SwapkitKeyConfig } from '../swapkit/createSwapkitSimulator'
import { anvilMnemonic, devAccountRoles } from '../devAccounts'
import { closeChainContexts, createChainContexts } from '../simulators/chainContext'
import { deploySandboxSettler } from '../simulators/settler/deploySandboxSettler'
import type { FaultController } from '../simulators/faults/createFaultController'
import { serveApp, type ServedApp } from '../simulators/serveApp'
import type { World, WorldSimulators } from '../startWorld'
import type { WorldManifest } from '../worldManifest'
import { ledgerChains, sandboxAddress, type LedgerChain } from './addresses/sandboxAddress'
import { fromThorAmount, gasAssets, thorchainEvmChains } from './assets/thorAssets'
import { compileThorchainRouter, deployThorchainRouter } from './deployThorchainRouter'
import {
  createCrossChainFaultControlApp,
  createCrossChainFaultController,
  type CrossChainFault,
} from './faults/crossChainFaults'
import { fundEvmVault } from './fundEvmVault'
import { createLedger, isLedgerRefusal, type Ledger } from './ledger/createLedger'
import { createLedgerApp } from './ledger/createLedgerApp'
import { createObserver, type Observer } from './observer/createObserver'
import type { PayOut } from './observer/settleDeposit'
import { createThorchainState, type ThorchainState } from './thorchainState'
import { createMidgardSimulator } from './midgard/createMidgardSimulator'
import { createThornodeSimulator } from './thornode/createThornodeSimulator'

/** THORChain's asgard module: where a RUNE `MsgDeposit` goes, and where affiliate RUNE is paid from. */
export const ASGARD_MODULE_ADDRESS = 'thor1g98cy3n9mmjrpn0sxmn63lztelera37n8n67c0'

/** Coins each funded sandbox account holds on the ledger, in base units (10 BTC, 1000 LTC, …). */
export const ledgerFunding: Readonly<Record<LedgerChain, bigint>> = {
  BTC: 10n * 10n ** 8n,
  LTC: 1_000n * 10n ** 8n,
  DOGE: 1_000_000n * 10n ** 8n,
  BCH: 100n * 10n ** 8n,
  GAIA: 10_000n * 10n ** 6n,
  THOR: 100_000n * 10n ** 8n,
}

/** The ledger addresses of the sandbox: per chain, the vault and dev accounts 0–3's equivalents. */
export type LedgerAccounts = Record<LedgerChain, { vault: string; accounts: string[] }>

/** The ledger address standing in for dev account `index` on `chain`. */
export function ledgerAccountAddress(chain: LedgerChain, index: number): string {
  return sandboxAddress({ chain, seed: `dev:${index}` })
}

export type StartCrossChainParameters = {
  world: Pick<World, 'manifest' | 'chains' | 'accounts' | 'setSimulators'>
  /** A shared fault controller; by default the cross-chain simulators get their own (and control API). */
  faults?: FaultController
  /** Faults active from the start, when the controller is created here. */
  initialFaults?: CrossChainFault[]
  /** Accepted SwapKit keys and what each carries; any non-empty key when absent. */
  swapkitApiKeys?: Record<string, SwapkitKeyConfig>
  /** SwapKit's own memo affiliate and fee (default `sk`, 15 bps). */
  swapkitAffiliate?: { name: string; bps: number }
  pollIntervalMs?: number
  now?: () => number
}

/** The running cross-chain sandbox. URLs have no trailing slash. */
export type CrossChain = {
  /** Plays a THORNode gateway (`/thorchain/...`). */
  thornodeUrl: string
  /** Plays `https://api.swapkit.dev`. */
  swapkitUrl: string
  /** Plays a THORChain Midgard (`/v2/actions`). */
  midgardUrl: string
  /** The simulated ledger (`/ledger/...`) and payout accounting (`/payouts`). */
  ledgerUrl: string
  /** Fault control for `thornode` and `swapkit` (absent when a shared controller was passed). */
  faultControlUrl?: string
  /** The THORChain router per EVM chain symbol. */
  routers: Record<string, Address>
  /** The EVM vault (THORNode's `inbound_address` on every EVM chain). */
  evmVault: Address
  ledgerAccounts: LedgerAccounts
  state: ThorchainState
  ledger: Ledger
  observer: Observer
  /** Halts trading on a chain code (`*` for all), as a THORChain halt does; `resume` lifts it. */
  halt(chain?: string): void
  resume(chain?: string): void
  stop(): Promise<void>
}

/**
 * Starts the cross-chain part of the sandbox on a running world: deploys the THORChain router on
 * each EVM chain THORChain serves (ETH, BSC, AVAX, BASE, whichever run), funds the EVM vault and the
 * ledger, and serves the THORNode simulator, a Midgard, the SwapKit simulator, the ledger with its payout
 * accounting and (unless `faults` is given) a fault control API, each on a free port of 127.0.0.1.
 * The observer settles inbounds as they arrive. Records the URLs, routers and ledger addresses in
 * the world's manifest. Start it after `startSimulators` has resolved (both mint from the deployer).
 *
 * @example
 * const world = await startWorld({ chains: ['ETH'], manifestPath: null })
 * const crossChain = await startCrossChain({ world })
 * await fetch(`${crossChain.thornodeUrl}/thorchain/inbound_addresses`)
 * await crossChain.stop(); await world.stop()
 */
export async function startCrossChain({
  world,
  faults,
  initialFaults = [],
  swapkitApiKeys,
  swapkitAffiliate = { name: 'sk', bps: 15 },
  pollIntervalMs,
  now = Date.now,
}: StartCrossChainParameters): Promise<CrossChain> {
  const evmChains = thorchainEvmChains.filter((symbol) => world.chains[symbol])
  // A dedicated key (beyond the ten dev accounts), so no other sandbox part shares its nonces or balance.
  const vaultAccount = mnemonicToAccount(anvilMnemonic, { addressIndex: devAccountRoles.thorchainVault })
  const deployer = getAddress(world.accounts[devAccountRoles.deployer]!.address)
  const ledgerAccounts = Object.fromEntries(
    ledgerChains.map((chain) => [
      chain,
      {
        vault: chain === 'THOR' ? ASGARD_MODULE_ADDRESS : sandboxAddress({ chain, seed: 'vault' }),
        accounts: [0, 1, 2, 3].map((index) => ledgerAccountAddress(chain, index)),
      },
    ]),
  ) as LedgerAccounts
  const vaults: Record<string, string> = {
    ...Object.fromEntries(evmChains.map((chain) => [chain, vaultAccount.address])),
    ...Object.fromEntries(ledgerChains.map((chain) => [chain, ledgerAccounts[chain].vault])),
  }
  const state = createThorchainState({ evmChains, vaults, routers: {}, now })

  const compiled = compileThorchainRouter()
  const walletClients = new Map<string, ReturnType<typeof createVaultClient>>()
  function createVaultClient(symbol: string) {
    const chain = world.chains[symbol]!
    return createWalletClient({ chain: chain.chain, transport: http(chain.rpcUrl), account: vaultAccount })
  }
  await Promise.all(
    evmChains.map(async (symbol) => {
      const chain = world.chains[symbol]!
      const walletClient = createVaultClient(symbol)
      walletClients.set(symbol, walletClient)
      await chain.testClient.setBalance({ address: vaultAccount.address, value: 10n ** 21n })
      state.routers[symbol] = await deployThorchainRouter({
        publicClient: chain.publicClient,
        walletClient,
        account: vaultAccount,
        chain: chain.chain,
        compiled,
      })
      await fundEvmVault({
        chain: chain.chain,
        publicClient: chain.publicClient,
        walletClient: chain.walletClient,
        testClient: chain.testClient,
        deployer,
        vault: vaultAccount.address,
        assets: state.assets.filter((asset) => asset.chain === symbol),
        pools: state.pools,
      })
      chain.contracts.thorchainRouter = state.routers[symbol]
    }),
  )

  const ledger = createLedger()
  for (const chain of ledgerChains) {
    for (const address of ledgerAccounts[chain].accounts) ledger.mint(chain, address, ledgerFunding[chain])
    const asset = gasAssets.find((candidate) => candidate.chain === chain)!
    const depth =
      chain === 'THOR'
        ? [...state.pools.values()].reduce((sum, pool) => sum + pool.runeDepth, 0n)
        : (state.pools.get(asset.asset)?.assetDepth ?? 0n)
    ledger.mint(chain, ledgerAccounts[chain].vault, fromThorAmount(depth, asset.decimals))
  }

  const payOut: PayOut = async ({ asset, to, amount, memo }) => {
    const native = fromThorAmount(amount, asset.decimals)
    if ((ledgerChains as readonly string[]).includes(asset.chain)) {
      const chain = asset.chain as LedgerChain
      const result = ledger.transfer({ chain, from: ledgerAccounts[chain].vault, to, amount: native, memo })
      if (isLedgerRefusal(result)) throw new Error(`ledger payout refused: ${result.error}`)
      return result.txId
    }
    const walletClient = walletClients.get(asset.chain)
    const chain = world.chains[asset.chain]
    if (!walletClient || !chain) throw new Error(`no vault on ${asset.chain}`)
    const hash = asset.contract
      ? await walletClient.writeContract({
          address: asset.contract,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [getAddress(to), native],
          gas: 200_000n,
        })
      : await walletClient.sendTransaction({ to: getAddress(to), value: native, gas: 100_000n })
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 })
    if (receipt.status !== 'success') throw new Error(`vault payout ${hash} reverted`)
    return hash
  }

  const observer = createObserver({
    state,
    ledger,
    evmChains: evmChains.map((symbol) => ({
      chain: symbol,
      publicClient: world.chains[symbol]!.publicClient,
      rpcUrl: world.chains[symbol]!.rpcUrl,
      router: state.routers[symbol]!,
    })),
    payOut,
    now,
    ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }),
  })

  const ownFaults = faults === undefined
  const controller = faults ?? createCrossChainFaultController({ initial: initialFaults })
  const servers: ServedApp[] = []
  // SwapKit's simulator reads and settles through these (see `try` below).
  const contexts = createChainContexts({ world })
  const stop = async () => {
    if (ownFaults) controller.stop()
    await observer.stop()
    await Promise.all(servers.map((server) => server.close()))
    await closeChainContexts(contexts)
  }
  try {
    // SwapKit's same-chain routes settle through their own SandboxSettler per EVM chain (its aggregator
    // contract, which takes SwapKit's platform fee and the key's affiliate fee in the swap). Deployed
    // after the vault funding above, which uses the same deployer on the same chains.
    const swapkitSettlers = new Map<number, Address>()
    const deployerAccount = privateKeyToAccount(
      world.accounts[devAccountRoles.deployer]!.privateKey as `0x${string}`,
    )
    for (const context of contexts.values()) {
      swapkitSettlers.set(context.chainId, await deploySandboxSettler({ context, deployer: deployerAccount }))
    }
    const thornode = await serveApp({
      fetch: createThornodeSimulator({ state, faults: controller, observer }).app.fetch,
    })
    servers.push(thornode)
    const midgard = await serveApp({ fetch: createMidgardSimulator({ observer }).app.fetch })
    servers.push(midgard)
    const swapkit = await serveApp({
      fetch: createSwapkitSimulator({
        thornodeUrl: thornode.url,
        chains: contexts,
        settlers: swapkitSettlers,
        faults: controller,
        ...(swapkitApiKeys ? { apiKeys: swapkitApiKeys } : {}),
        serviceAffiliate: swapkitAffiliate.name,
        serviceBps: swapkitAffiliate.bps,
        now,
      }).app.fetch,
    })
    servers.push(swapkit)
    const ledgerServer = await serveApp({
      fetch: createLedgerApp({ ledger, payouts: observer.payouts, depositAddress: ASGARD_MODULE_ADDRESS })
        .fetch,
    })
    servers.push(ledgerServer)
    const control = ownFaults
      ? await serveApp({
          fetch: new Hono().route('/', createCrossChainFaultControlApp({ controller })).fetch,
        })
      : undefined
    if (control) servers.push(control)

    const thorchain: NonNullable<WorldManifest['thorchain']> = {
      evmVault: vaultAccount.address,
      ledger: ledgerAccounts,
      ...(control ? { faultControlUrl: control.url } : {}),
    }
    // `setSimulators` merges what it is given into the manifest and rewrites the file.
    world.setSimulators({
      simulators: {
        ...world.manifest.simulators,
        thornode: thornode.url,
        midgard: midgard.url,
        swapkit: swapkit.url,
        thorchainLedger: ledgerServer.url,
      },
      ...(world.manifest.faultControlUrl ? { faultControlUrl: world.manifest.faultControlUrl } : {}),
      thorchain,
    } as unknown as WorldSimulators)

    return {
      thornodeUrl: thornode.url,
      swapkitUrl: swapkit.url,
      midgardUrl: midgard.url,
      ledgerUrl: ledgerServer.url,
      ...(control ? { faultControlUrl: control.url } : {}),
      routers: { ...state.routers },
      evmVault: vaultAccount.address,
      ledgerAccounts,
      state,
      ledger,
      observer,
      halt: (chain = '*') => void state.halted.add(chain),
      resume: (chain = '*') => void state.halted.delete(chain),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
