import type { Chain, PublicClient, TestClient, WalletClient } from 'viem'
import { chainDefinitions, type ChainDefinition } from '../../shared/chains'
import { compileSandboxContracts, defaultCacheDir } from './contracts/compileSandboxContracts'
import { createChainClients } from './createChainClients'
import { deployChain } from './deployChain'
import { devAccountRoles, getDevAccounts, getDevAddress, type DevAccount } from './devAccounts'
import { loadArtifacts } from './loadArtifacts'
import { startAnvil, type AnvilInstance } from './startAnvil'
import type { SandboxChain, WorldManifest, WorldManifestDraft } from './worldManifest'
import { defaultManifestPath, removeManifest, writeManifest } from './writeManifest'

/** The EVM chains of the registry, each of which the sandbox runs as its own anvil. */
export const sandboxChainSymbols: readonly string[] = chainDefinitions
  .filter((chain) => chain.type === 'evm' && chain.chainId !== undefined)
  .map((chain) => chain.symbol)

/** Simulator endpoints, filled in by whoever starts the venue simulators. */
export type WorldSimulators = Pick<WorldManifest, 'simulators' | 'faultControlUrl'>

export type StartWorldOptions = {
  /** Chain symbols to run; all EVM chains of the registry by default. */
  chains?: readonly string[]
  /** Where to write the manifest; `null` writes none. Defaults to `.sandbox/world.json` at the repo root. */
  manifestPath?: string | null
  /** solc cache; defaults to `.sandbox/cache` at the repo root. */
  cacheDir?: string
  /** Simulator URLs if they are already known (otherwise call `world.setSimulators` later). */
  simulators?: WorldSimulators
}

/** One running sandbox chain with its viem clients (the wallet client sends from unlocked dev accounts). */
export type WorldChain = {
  symbol: string
  chainId: number
  rpcUrl: string
  /** The anvil process id, for checks that it is gone after `stop`. */
  pid: number
  chain: Chain
  publicClient: PublicClient
  walletClient: WalletClient
  testClient: TestClient<'anvil'>
  contracts: SandboxChain['contracts']
}

/** How long the start took, in milliseconds, per phase. */
export type WorldTimings = {
  totalMs: number
  /** All anvils answering (they start in parallel, overlapping the compile). */
  anvilMs: number
  compileMs: number
  /** Contract deployment per chain symbol (the chains deploy in parallel). */
  deployMs: Record<string, number>
}

/** A running sandbox world. */
export type World = {
  /** The manifest as written; `simulators` and `faultControlUrl` are set once `setSimulators` ran. */
  manifest: WorldManifestDraft
  /** Running chains by symbol (`ETH`, `BASE`, ...). */
  chains: Record<string, WorldChain>
  /** anvil's ten dev accounts; index 0 is the demo user. */
  accounts: DevAccount[]
  /** The manifest file, or `null` if none is written. */
  manifestPath: string | null
  timings: WorldTimings
  /** Completes the manifest with the simulators' URLs and rewrites the file; returns the full manifest. */
  setSimulators: (simulators: WorldSimulators) => WorldManifest
  /** Stops every anvil (resolving once they have exited) and removes the manifest file. Idempotent. */
  stop: () => Promise<void>
}

/**
 * Starts the sandbox world: one anvil per EVM chain of the registry with its real chain id, the
 * curated tokens at their real addresses, Uniswap V2 with seeded pools, CoW Protocol at its real
 * addresses, Circle's USDC and the holder pass on Base, and funded dev accounts. Writes the manifest
 * (`.sandbox/world.json`) and returns the clients. A failed start stops whatever it had started.
 *
 * @example
 * const world = await startWorld()
 * world.manifest.chains.ETH.contracts.uniswapV2Router
 * world.setSimulators({ simulators: { zerox, lifi, cow }, faultControlUrl })
 * await world.stop()
 */
export async function startWorld({
  chains: symbols = sandboxChainSymbols,
  manifestPath = defaultManifestPath,
  cacheDir = defaultCacheDir,
  simulators,
}: StartWorldOptions = {}): Promise<World> {
  const startedAt = Date.now()
  const definitions = symbols.map((symbol) => {
    const definition = chainDefinitions.find((chain) => chain.symbol === symbol)
    if (!definition?.chainId) throw new Error(`sandbox: ${symbol} is not an EVM chain of the registry`)
    return definition
  })

  const anvilStarts = definitions.map((definition) => startAnvil({ chainId: definition.chainId! }))
  const anvilsSettled = Promise.allSettled(anvilStarts).then((results) => ({
    results,
    readyMs: Date.now() - startedAt,
  }))
  const stopStarted = async () => {
    const { results } = await anvilsSettled
    await Promise.all(
      results.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
    )
  }

  const accounts = getDevAccounts()
  const roles = {
    demoUser: accounts[devAccountRoles.demoUser]!.address,
    deployer: accounts[devAccountRoles.deployer]!.address,
    solver: accounts[devAccountRoles.solver]!.address,
  }
  let anvils: AnvilInstance[]
  let compileMs: number
  let anvilMs: number
  const deployMs: Record<string, number> = {}
  let chainEntries: {
    definition: ChainDefinition
    anvil: AnvilInstance
    clients: ReturnType<typeof createChainClients>
    contracts: SandboxChain['contracts']
  }[]
  try {
    const compileStart = Date.now()
    const contracts = compileSandboxContracts({ cacheDir })
    const artifacts = loadArtifacts()
    compileMs = Date.now() - compileStart
    const { results, readyMs } = await anvilsSettled
    anvilMs = readyMs
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    anvils = results.map((result) => (result as PromiseFulfilledResult<AnvilInstance>).value)

    const fundedAccounts = accounts.slice(0, 4).map((account) => account.address)
    chainEntries = await Promise.all(
      definitions.map(async (definition, index) => {
        const anvil = anvils[index]!
        const clients = createChainClients({ definition, rpcUrl: anvil.rpcUrl })
        const deployStart = Date.now()
        const chainContracts = await deployChain({
          definition,
          clients,
          contracts,
          artifacts,
          roles,
          fundedAccounts,
        })
        deployMs[definition.symbol] = Date.now() - deployStart
        return { definition, anvil, clients, contracts: chainContracts }
      }),
    )
  } catch (error) {
    await stopStarted()
    throw error
  }

  let manifest: WorldManifestDraft = {
    startedAt: new Date(startedAt).toISOString(),
    chains: Object.fromEntries(
      chainEntries.map(({ definition, anvil, contracts }) => [
        definition.symbol,
        { symbol: definition.symbol, chainId: definition.chainId!, rpcUrl: anvil.rpcUrl, contracts },
      ]),
    ),
    ...simulators,
    accounts,
    feeRecipients: {
      service: accounts[devAccountRoles.serviceFeeRecipient]!.address,
      partner: accounts[devAccountRoles.partnerFeeRecipient]!.address,
      registeredPartner: getDevAddress(devAccountRoles.registeredPartnerPayout),
    },
    roles,
  }
  let written = manifestPath ? writeManifest({ path: manifestPath, manifest }) : ''

  let stopping: Promise<void> | undefined
  const world: World = {
    manifest,
    chains: Object.fromEntries(
      chainEntries.map(({ definition, anvil, clients, contracts }) => [
        definition.symbol,
        {
          symbol: definition.symbol,
          chainId: definition.chainId!,
          rpcUrl: anvil.rpcUrl,
          pid: anvil.pid,
          chain: clients.chain,
          publicClient: clients.publicClient,
          walletClient: clients.walletClient,
          testClient: clients.testClient,
          contracts,
        },
      ]),
    ),
    accounts,
    manifestPath,
    timings: { totalMs: Date.now() - startedAt, anvilMs, compileMs, deployMs },
    setSimulators: (next) => {
      manifest = { ...manifest, ...next }
      world.manifest = manifest
      if (manifestPath) written = writeManifest({ path: manifestPath, manifest })
      return manifest as WorldManifest
    },
    stop: () => {
      stopping ??= (async () => {
        if (manifestPath) removeManifest({ path: manifestPath, text: written })
        await Promise.all(anvils.map((anvil) => anvil.stop()))
      })()
      return stopping
    },
  }
  return world
}
