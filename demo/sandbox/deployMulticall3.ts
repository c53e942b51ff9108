import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Hex } from 'viem'
import { MULTICALL3_ADDRESS } from '../../widget/parts/aggregate3'
import type { ChainClients } from './createChainClients'

const require = createRequire(import.meta.url)

/**
 * Multicall3's creation code as viem ships it (viem's deployless multicall sends it), read from the
 * installed package: nothing is compiled here. viem does not export the constant, so its module is
 * loaded by file.
 */
export async function loadMulticall3Bytecode(): Promise<Hex> {
  const root = dirname(require.resolve('viem/package.json'))
  const module = (await import(pathToFileURL(join(root, '_esm/constants/contracts.js')).href)) as {
    multicall3Bytecode: Hex
  }
  return module.multicall3Bytecode
}

/**
 * Places Multicall3 at its canonical address (as on every public chain), so wallets and the widget
 * batch reads there as they would on a real network. The creation code runs in an `eth_call`, whose
 * answer is the runtime code, and `anvil_setCode` puts that at the address. Returns the address.
 */
export async function deployMulticall3({ clients }: { clients: ChainClients }): Promise<Hex> {
  const { data } = await clients.publicClient.call({ data: await loadMulticall3Bytecode() })
  if (!data || data.length <= 2) throw new Error('Multicall3 creation code returned no runtime code')
  await clients.testClient.setCode({ address: MULTICALL3_ADDRESS, bytecode: data })
  return MULTICALL3_ADDRESS
}
