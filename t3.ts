import { parseAbi, parseEther, type Address } from 'viem'
import { startWorld } from './demo/sandbox/startWorld'
const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
])
const world = await startWorld({ manifestPath: null, chains: ['BASE'] })
const { publicClient, walletClient, contracts } = world.chains.BASE!
const user = world.accounts[0]!.address
const path = [contracts.wrappedNative, contracts.tokens.USDC] as Address[]
const router = contracts.uniswapV2Router as Address
for (let i = 0; i < 40; i++) {
  const [, quoted] = await publicClient.readContract({ address: router, abi: routerAbi, functionName: 'getAmountsOut', args: [parseEther('0.5'), path] })
  const block = await publicClient.getBlock()
  const hash = await walletClient.writeContract({ account: user, chain: null, address: router, abi: routerAbi, functionName: 'swapExactETHForTokens', args: [quoted!, path, user, block.timestamp + 600n], value: parseEther('0.5') })
  const r = await publicClient.waitForTransactionReceipt({ hash })
  if (r.status !== 'success') {
    const tx = await publicClient.getTransaction({ hash })
    console.log('reverted', i, 'gas', tx.gas, 'used', r.gasUsed, 'block ts', block.timestamp)
    const trace = await publicClient.request({ method: 'debug_traceTransaction' as any, params: [hash, { tracer: 'callTracer' }] as any })
    console.log(JSON.stringify(trace).slice(0, 1500))
    break
  }
}
await world.stop()
