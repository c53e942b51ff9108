export type { ParsedCaipAsset } from './caipAsset'
export { getErc20Caip, getNativeCaip, parseCaipAsset } from './caipAsset'
