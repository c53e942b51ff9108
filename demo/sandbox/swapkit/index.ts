export type { CreateSwapkitSimulatorParameters, SwapkitKeyConfig } from './createSwapkitSimulator'
export { createSwapkitSimulator } from './createSwapkitSimulator'
export type { SwapkitAsset } from './swapkitAssets'
export { parseSwapkitAsset, swapkitChainIds, swapkitChains } from './swapkitAssets'
