import { Hono } from 'hono'
import type { Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devAccountRoles } from '../devAccounts'
import { closeChainContexts, createChainContexts } from './chainContext'
import { createFaultController } from './faults/createFaultController'
import { createFaultControlApp } from './faults/createFaultControlApp'
import type { Fault } from './faults/fault'
import { serveApp, type ServedApp } from './serveApp'
import { isServedByAggregators } from './servedChains'
import { deploySandboxSettler } from './settler/deploySandboxSettler'
import type { SimulatorWorld } from './simulatorWorld'
import { createCowOrderStore } from './cow/createCowOrderStore'
import { createCowSimulator } from './cow/createCowSimulator'
import { createCowSolver, type CowSolver } from './cow/createCowSolver'
import { createLifiSimulator } from './lifi/createLifiSimulator'
import type { LifiUnknownStatusAnswer } from './lifi/createLifiStatusHandler'
import { getBridgeLiquidityAccount } from './bridge/bridgeLiquidityAccount'
import { createBridgeRelayer } from './bridge/createBridgeRelayer'
import { createBridgeTransferStore } from './bridge/createBridgeTransferStore'
import { deploySandboxBridge } from './bridge/deploySandboxBridge'
import { fundBridgeLiquidity } from './bridge/fundBridgeLiquidity'
import { createZeroxSimulator } from './zerox/createZeroxSimulator'

export type StartSimulatorsParameters = {
  world: SimulatorWorld
  /** Faults active from the start (see `faults/fault.ts`). */
  faults?: Fault[]
  /** When set, the 0x simulator accepts only this `0x-api-key`. */
  zeroxApiKey?: string
  /**
   * LI.FI fee wallets by integrator (the Partner Portal's configuration). By default every
   * integrator except LI.FI's anonymous `lifi-api` collects into the world's service fee recipient.
   */
  lifiFeeWallets?: Record<string, Address>
  /** How often the CoW solver looks for open orders (default 250 ms). */
  solverPollIntervalMs?: number
  /** How long the bridge relayer waits after a LI.FI bridge deposit before it delivers (default 2500 ms). */
  bridgeDeliveryDelayMs?: number
  /** How LI.FI's `/v1/status` answers an unknown hash: 200 `NOT_FOUND` (default) or 404 code 1003. */
  lifiUnknownStatusAnswer?: LifiUnknownStatusAnswer
}

/** Running venue simulators. URLs have no trailing slash. */
export type Simulators = {
  /** Plays `https://api.0x.org`. */
  zeroxUrl: string
  /** Plays `https://li.quest/v1` (the `/v1` is part of it). */
  lifiUrl: string
  /** Plays `https://api.cow.fi`: clients append `/{slug}/api/v1/...`. */
  cowUrl: string
  /** The fault-injection control API (`POST /faults`, `DELETE /faults`). */
  faultControlUrl: string
  /** The contracts the simulators deployed, by chain id (`lifiBridge`: LI.FI's bridge routes). */
  contracts: Record<number, { zeroxSettler: Address; lifiSettler: Address; lifiBridge: Address }>
  /** The sandbox bridge behind LI.FI's cross-chain routes. */
  bridge: {
    /** The dev account that relays and holds the destination liquidity (index 4). */
    liquidityAccount: Address
    /** Resolves once every bridge transfer seen so far is delivered or refunded. */
    idle(): Promise<void>
  }
  /** Stops every server (releasing hung requests). */
  stop(): Promise<void>
}

/**
 * Deploys what the venue simulators need on each served chain (one `SandboxSettler` per venue, and
 * the `SandboxBridge` behind LI.FI's cross-chain routes, whose liquidity account it funds), starts
 * the bridge relayer, serves each simulator and the fault control API on its own free port of 127.0.0.1, starts the
 * sandbox CoW solver, and records the URLs in the world's manifest (`world.setSimulators`).
 *
 * @example
 * const world = await startWorld()
 * const simulators = await startSimulators({ world })
 * await fetch(`${simulators.zeroxUrl}/swap/chains`, { headers: { '0x-api-key': 'k', '0x-version': 'v2' } })
 */
export async function startSimulators({
  world,
  faults = [],
  zeroxApiKey,
  lifiFeeWallets,
  solverPollIntervalMs,
  bridgeDeliveryDelayMs = 2_500,
  lifiUnknownStatusAnswer,
}: StartSimulatorsParameters): Promise<Simulators> {
  const deployerKey = world.manifest.accounts[devAccountRoles.deployer]?.privateKey
  if (!deployerKey) throw new Error('startSimulators: the world manifest lacks the deployer dev account')
  const deployer = privateKeyToAccount(deployerKey as `0x${string}`)
  // The world allows this dev account as a CoW solver on every chain with GPv2.
  const solverKey = world.manifest.accounts[devAccountRoles.solver]?.privateKey
  if (!solverKey) throw new Error('startSimulators: the world manifest lacks the solver dev account')
  const chains = createChainContexts({ world })

  const liquidity = getBridgeLiquidityAccount()

  const zeroxSettlers = new Map<number, Address>()
  const lifiSettlers = new Map<number, Address>()
  const lifiBridges = new Map<number, Address>()
  // Every deployment settled before the sockets close, when one of them fails.
  const deployed = await Promise.allSettled(
    [...chains.values()].filter(isServedByAggregators).map(async (context) => {
      // One settler per venue, so an approval given to one venue's spender never serves another.
      zeroxSettlers.set(context.chainId, await deploySandboxSettler({ context, deployer }))
      lifiSettlers.set(context.chainId, await deploySandboxSettler({ context, deployer }))
      lifiBridges.set(
        context.chainId,
        await deploySandboxBridge({ context, deployer, relayer: liquidity.address }),
      )
      await fundBridgeLiquidity({ context, deployer, liquidity: liquidity.address })
    }),
  )
  const failed = deployed.find((outcome) => outcome.status === 'rejected')
  if (failed) {
    await closeChainContexts(chains)
    throw failed.reason
  }
  const serviceFeeWallet = world.manifest.feeRecipients.service as Address

  const controller = createFaultController({ initial: faults })
  const servers: ServedApp[] = []
  let solver: CowSolver | undefined
  const bridgeStore = createBridgeTransferStore()
  const relayer = createBridgeRelayer({
    chains,
    bridges: lifiBridges,
    liquidity,
    store: bridgeStore,
    deliveryDelayMs: bridgeDeliveryDelayMs,
  })
  const stopAll = async () => {
    controller.stop()
    await relayer.stop()
    await solver?.stop()
    await Promise.all(servers.map((server) => server.close()))
    await closeChainContexts(chains)
  }
  try {
    const zerox = createZeroxSimulator({
      chains,
      settlers: zeroxSettlers,
      faults: controller,
      ...(zeroxApiKey === undefined ? {} : { apiKey: zeroxApiKey }),
    })
    const zeroxServer = await serveApp({ fetch: zerox.app.fetch })
    servers.push(zeroxServer)
    const lifi = createLifiSimulator({
      chains,
      settlers: lifiSettlers,
      faults: controller,
      integratorFeeWallets: (integrator) =>
        lifiFeeWallets
          ? lifiFeeWallets[integrator]
          : integrator === 'lifi-api'
            ? undefined
            : serviceFeeWallet,
      bridge: {
        contracts: lifiBridges,
        relayer,
        store: bridgeStore,
        // The relayer's delay, rounded up, plus a second for the two transactions.
        executionDurationSeconds: Math.ceil(bridgeDeliveryDelayMs / 1000) + 1,
      },
      ...(lifiUnknownStatusAnswer === undefined ? {} : { unknownStatusAnswer: lifiUnknownStatusAnswer }),
    })
    // LI.FI's base URL carries its version prefix.
    const lifiServer = await serveApp({ fetch: new Hono().route('/v1', lifi.app).fetch })
    servers.push(lifiServer)
    const store = createCowOrderStore()
    const cow = createCowSimulator({ chains, store, faults: controller })
    const cowServer = await serveApp({ fetch: cow.app.fetch })
    servers.push(cowServer)
    solver = createCowSolver({
      chains,
      store,
      solver: privateKeyToAccount(solverKey as `0x${string}`),
      ...(solverPollIntervalMs === undefined ? {} : { pollIntervalMs: solverPollIntervalMs }),
    })

    const controlServer = await serveApp({ fetch: createFaultControlApp({ controller }).fetch })
    servers.push(controlServer)

    const urls = {
      zerox: zeroxServer.url,
      lifi: `${lifiServer.url}/v1`,
      cow: cowServer.url,
    }
    world.setSimulators?.({
      simulators: { ...world.manifest.simulators, ...urls },
      faultControlUrl: controlServer.url,
    })
    return {
      zeroxUrl: zeroxServer.url,
      lifiUrl: urls.lifi,
      cowUrl: urls.cow,
      faultControlUrl: controlServer.url,
      contracts: Object.fromEntries(
        [...zeroxSettlers].map(([chainId, zeroxSettler]) => [
          chainId,
          { zeroxSettler, lifiSettler: lifiSettlers.get(chainId)!, lifiBridge: lifiBridges.get(chainId)! },
        ]),
      ),
      bridge: { liquidityAccount: liquidity.address, idle: () => relayer.idle() },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
