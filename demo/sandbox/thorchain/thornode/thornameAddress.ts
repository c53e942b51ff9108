import { sandboxAddress } from '../addresses/sandboxAddress'

/**
 * The THORNode address a THORName resolves to on THOR in the sandbox. Every well-formed name is
 * registered (to a fixed sandbox address), so affiliates always have somewhere to be paid.
 */
export function thornameAddress(name: string): string {
  return /^thor1/.test(name)
    ? name
    : sandboxAddress({ chain: 'THOR', seed: `thorname:${name.toLowerCase()}` })
}
