import type { WorldManifest } from '../worldManifest'

/**
 * The part of a running sandbox world the simulators need: its chains (RPC URLs and contract
 * addresses), the dev accounts and the fee recipients. `startWorld()`'s `World` satisfies it.
 */
export type SimulatorWorld = {
  manifest: Pick<WorldManifest, 'chains' | 'accounts' | 'feeRecipients'> & {
    simulators?: Partial<WorldManifest['simulators']>
  }
  /** When present, `startSimulators` records its URLs in the manifest through it. */
  setSimulators?: (simulators: Pick<WorldManifest, 'simulators' | 'faultControlUrl'>) => unknown
}
