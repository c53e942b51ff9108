import type { TokenDefinition } from './tokenDefinition'

/*
 * Curated ERC-20 lists keyed by chain symbol. Addresses are the real mainnet contracts; the sandbox
 * places its contracts at these same addresses, so nothing here is test-only.
 *
 * Every address and its decimals agree in at least two independent public sources of these kinds:
 * - the Uniswap default token list (including its bridge info for L2 addresses);
 * - a lending protocol's published reserve list (the Aave address book: underlying token and decimals);
 * - DEX token lists of the chain's main exchanges (PancakeSwap for BNB Smart Chain and Base,
 *   Trader Joe for Avalanche and Arbitrum);
 * - the issuer's or the chain's own documentation (Circle's USDC addresses, Robinhood Chain's token
 *   contracts page) and chain registries (viem's chain definitions);
 * - widely used open-source integrations that pin the same constants.
 * Robinhood Chain (RHD) lists only what its own documentation names (WETH, USDG); no Circle USDC, USDT
 * or WBTC address for it could be confirmed from two sources, so none is listed.
 */
export const tokenLists: Readonly<Record<string, readonly TokenDefinition[]>> = {
  ETH: [
    { symbol: 'USDC', name: 'USD Coin', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
    {
      symbol: 'USDT',
      name: 'Tether USD',
      contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      decimals: 6,
    },
    {
      symbol: 'DAI',
      name: 'Dai Stablecoin',
      contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
      decimals: 18,
    },
    {
      symbol: 'WETH',
      name: 'Wrapped Ether',
      contract: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      decimals: 18,
      wrapsNative: true,
    },
    {
      symbol: 'WBTC',
      name: 'Wrapped BTC',
      contract: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
      decimals: 8,
    },
  ],
  BASE: [
    { symbol: 'USDC', name: 'USD Coin', contract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 },
    {
      symbol: 'USDT',
      name: 'Tether USD',
      contract: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2',
      decimals: 6,
    },
    {
      symbol: 'DAI',
      name: 'Dai Stablecoin',
      contract: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb',
      decimals: 18,
    },
    {
      symbol: 'WETH',
      name: 'Wrapped Ether',
      contract: '0x4200000000000000000000000000000000000006',
      decimals: 18,
      wrapsNative: true,
    },
    {
      symbol: 'cbBTC',
      name: 'Coinbase Wrapped BTC',
      contract: '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf',
      decimals: 8,
    },
  ],
  BSC: [
    {
      symbol: 'USDT',
      name: 'Tether USD',
      contract: '0x55d398326f99059fF775485246999027B3197955',
      decimals: 18,
    },
    {
      symbol: 'USDC',
      name: 'USD Coin',
      contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
      decimals: 18,
    },
    {
      symbol: 'DAI',
      name: 'Dai Token',
      contract: '0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3',
      decimals: 18,
    },
    {
      symbol: 'WBNB',
      name: 'Wrapped BNB',
      contract: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
      decimals: 18,
      wrapsNative: true,
    },
    {
      symbol: 'BTCB',
      name: 'BTCB Token',
      contract: '0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c',
      decimals: 18,
    },
  ],
  AVAX: [
    { symbol: 'USDC', name: 'USD Coin', contract: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', decimals: 6 },
    {
      symbol: 'USDT',
      name: 'TetherToken',
      contract: '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7',
      decimals: 6,
    },
    {
      symbol: 'WAVAX',
      name: 'Wrapped AVAX',
      contract: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
      decimals: 18,
      wrapsNative: true,
    },
    { symbol: 'BTC.b', name: 'Bitcoin', contract: '0x152b9d0FdC40C096757F570A51E494bd4b943E50', decimals: 8 },
  ],
  ARB: [
    { symbol: 'USDC', name: 'USD Coin', contract: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', decimals: 6 },
    {
      symbol: 'USDT',
      name: 'Tether USD',
      contract: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
      decimals: 6,
    },
    {
      symbol: 'DAI',
      name: 'Dai Stablecoin',
      contract: '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1',
      decimals: 18,
    },
    {
      symbol: 'WETH',
      name: 'Wrapped Ether',
      contract: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
      decimals: 18,
      wrapsNative: true,
    },
    {
      symbol: 'WBTC',
      name: 'Wrapped BTC',
      contract: '0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f',
      decimals: 8,
    },
  ],
  RHD: [
    {
      symbol: 'WETH',
      name: 'Wrapped Ether',
      contract: '0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73',
      decimals: 18,
      wrapsNative: true,
    },
    {
      symbol: 'USDG',
      name: 'Global Dollar',
      contract: '0x5fc5360D0400a0Fd4f2af552ADD042D716F1d168',
      decimals: 6,
    },
  ],
}
