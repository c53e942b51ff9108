import type { ChainDefinition } from '../../../shared'
import { ethereum, getErc20Caip, getNativeCaip } from '../../../shared'
import type { QuoteToken, VenueRequest } from '../venue'

/** Anvil's dev account 0, the sender of every test request. */
export const TEST_SENDER = '0x70a9f34f9b34c64957b9c401a97bfed35b95049e'

/** The native coin of an EVM chain, as a resolved quote token. */
export function nativeToken(chain: ChainDefinition): QuoteToken {
  return {
    caip: getNativeCaip(chain),
    symbol: chain.nativeSymbol,
    decimals: chain.nativeDecimals,
    kind: 'native',
  }
}

/** An ERC-20 of an EVM chain, as a resolved quote token. */
export function erc20Token(
  chain: ChainDefinition,
  contract: `0x${string}`,
  symbol: string,
  decimals: number,
  wrapsNative = false,
): QuoteToken {
  return {
    caip: getErc20Caip(chain, contract),
    symbol,
    decimals,
    kind: 'erc20',
    contract,
    ...(wrapsNative ? { wrapsNative: true } : {}),
  }
}

export const USDC_ETH = erc20Token(ethereum, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC', 6)
export const WETH_ETH = erc20Token(ethereum, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH', 18, true)

/**
 * A validated request as the quote pipeline hands it to venues, for adapter tests: 1000 USDC to WETH
 * on Ethereum from the test sender unless overridden.
 */
export function createTestRequest(overrides: Partial<VenueRequest> = {}): VenueRequest {
  return {
    sellChain: ethereum,
    buyChain: ethereum,
    sellToken: USDC_ETH,
    buyToken: WETH_ETH,
    sellAmount: 1_000_000_000n,
    sender: TEST_SENDER,
    recipient: TEST_SENDER,
    partnerFeeBps: 0,
    ...overrides,
  }
}
