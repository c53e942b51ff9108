import type { Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devAccountRoles } from '../devAccounts'
import { createChainContexts } from './chainContext'
import { createFaultController } from './faults/createFaultController'
import { createFaultControlApp } from './faults/createFaultControlApp'
import type { Fault } from './faults/fault'
import { serveApp, type ServedApp } from './serveApp'
import { isServedByAggregators } from './servedChains'
import { deploySandboxSettler } from './settler/deploySandboxSettler'
import type { SimulatorWorld } from './simulatorWorld'
import { createZeroxSimulator } from './zerox/createZeroxSimulator'

export type StartSimulatorsParameters = {
  world: SimulatorWorld
  /** Faults active from the start (see `faults/fault.ts`). */
  faults?: Fault[]
  /** When set, the 0x simulator accepts only this `0x-api-key`. */
  zeroxApiKey?: string
}

/** Running venue simulators. URLs have no trailing slash. */
export type Simulators = {
  /** Plays `https://api.0x.org`. */
  zeroxUrl: string
  /** The fault-injection control API (`POST /faults`, `DELETE /faults`). */
  faultControlUrl: string
  /** The contracts the simulators deployed, by chain id. */
  contracts: Record<number, { zeroxSettler: Address }>
  /** Stops every server (releasing hung requests). */
  stop(): Promise<void>
}

/**
 * Deploys what the venue simulators need on each served chain (one `SandboxSettler` per venue) and
 * serves each simulator and the fault control API on its own free port of 127.0.0.1.
 *
 * @example
 * const world = await startWorld()
 * const simulators = await startSimulators({ world })
 * await fetch(`${simulators.zeroxUrl}/swap/chains`, { headers: { '0x-api-key': 'k', '0x-version': 'v2' } })
 */
export async function startSimulators({ world, faults = [], zeroxApiKey }: StartSimulatorsParameters): Promise<Simulators> {
  const chains = createChainContexts({ world })
  const deployerKey = world.manifest.accounts[devAccountRoles.deployer]?.privateKey
  if (!deployerKey) throw new Error('startSimulators: the world manifest lacks the deployer dev account')
  const deployer = privateKeyToAccount(deployerKey as `0x${string}`)

  const zeroxSettlers = new Map<number, Address>()
  await Promise.all(
    [...chains.values()].filter(isServedByAggregators).map(async (context) => {
      zeroxSettlers.set(context.chainId, await deploySandboxSettler({ context, deployer }))
    }),
  )

  const controller = createFaultController({ initial: faults })
  const servers: ServedApp[] = []
  try {
    const zerox = createZeroxSimulator({
      chains,
      settlers: zeroxSettlers,
      faults: controller,
      ...(zeroxApiKey === undefined ? {} : { apiKey: zeroxApiKey }),
    })
    const zeroxServer = await serveApp({ fetch: zerox.app.fetch })
    servers.push(zeroxServer)
    const controlServer = await serveApp({ fetch: createFaultControlApp({ controller }).fetch })
    servers.push(controlServer)

    return {
      zeroxUrl: zeroxServer.url,
      faultControlUrl: controlServer.url,
      contracts: Object.fromEntries([...zeroxSettlers].map(([chainId, zeroxSettler]) => [chainId, { zeroxSettler }])),
      stop: async () => {
        controller.stop()
        await Promise.all(servers.map((server) => server.close()))
      },
    }
  } catch (error) {
    controller.stop()
    await Promise.all(servers.map((server) => server.close()))
    throw error
  }
}
