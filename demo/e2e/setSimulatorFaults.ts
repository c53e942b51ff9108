import type { WorldManifest } from '../sandbox/worldManifest'

/** A fault for any sandbox venue simulator, as both fault control APIs take it. */
export type SimulatorFault = {
  simulator: 'zerox' | 'lifi' | 'cow' | 'thornode' | 'swapkit'
  mode: 'latency' | 'http500' | 'malformed' | 'hang' | 'reset' | 'noLiquidity'
  latencyMs?: number
}

export type SetSimulatorFaultsParameters = {
  /** Where the fault control APIs are: `faultControlUrl` (0x, LI.FI, CoW) and `thorchain.faultControlUrl` (THORNode, SwapKit). */
  manifest: Pick<WorldManifest, 'faultControlUrl' | 'thorchain'>
  /** The faults to leave active; every other fault is cleared. `[]` clears them all. */
  faults: readonly SimulatorFault[]
}

const crossChainSimulators = new Set<SimulatorFault['simulator']>(['thornode', 'swapkit'])

/**
 * Replaces the sandbox simulators' faults with `faults`, through the aggregator simulators' fault
 * control and the cross-chain one. Throws when a control API refuses a fault.
 *
 * @example
 * await setSimulatorFaults({ manifest, faults: [{ simulator: 'zerox', mode: 'noLiquidity' }] })
 * await setSimulatorFaults({ manifest, faults: [] }) // all clear
 */
export async function setSimulatorFaults({ manifest, faults }: SetSimulatorFaultsParameters): Promise<void> {
  const crossChainUrl = manifest.thorchain?.faultControlUrl
  const controls = [manifest.faultControlUrl, ...(crossChainUrl ? [crossChainUrl] : [])]
  for (const control of controls) {
    const response = await fetch(`${control}/faults`, { method: 'DELETE' })
    if (!response.ok) throw new Error(`clearing faults at ${control} answered ${response.status}`)
  }
  for (const fault of faults) {
    const control = crossChainSimulators.has(fault.simulator) ? crossChainUrl : manifest.faultControlUrl
    if (!control) throw new Error(`no fault control for ${fault.simulator} in the manifest`)
    const response = await fetch(`${control}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    })
    if (!response.ok) {
      throw new Error(
        `fault ${fault.simulator}/${fault.mode} refused: ${response.status} ${await response.text()}`,
      )
    }
  }
}
