import { parseAbi, type Address } from 'viem'
import type { ChainContext } from '../chainContext'
import { sandboxUsdPrices } from '../../planPools'
import { uniswapV2Abi } from './abis'
import type { TokenInfo } from './readTokenInfo'
import { readTokenInfo } from './readTokenInfo'
import { sameAddress } from './sameAddress'

const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])

const E18 = 10n ** 18n

/**
 * The sandbox market's mid price of one whole `token` in US dollars × 10^18, read from the Uniswap V2
 * pools' reserves as they are now (so it moves when trades move the pools), never from an executed
 * price. The chain's curated USDC is the sandbox's unit of account ($1, the reference price its pools
 * were seeded at); a token is priced through its USDC pool, else through its wrapped-native pool and
 * that one's USDC pool. On a chain without USDC the wrapped native's reference price is the anchor.
 * A token priced by its own pool is priced by address, never by symbol: a lookalike "USDC" is worth
 * what its pool says. Undefined when no pool prices it.
 *
 * @example
 * await readMidUsdPrice({ context, token: weth }) // 3000n * 10n ** 18n on fresh pools
 */
export async function readMidUsdPrice({
  context,
  token,
}: {
  context: ChainContext
  token: TokenInfo
}): Promise<bigint | undefined> {
  const address = token.native ? context.wrappedNative : token.address
  const usdc = context.sandbox.contracts.tokens.USDC as Address | undefined
  if (usdc && sameAddress(address, usdc)) return E18
  if (usdc) {
    const usdcInfo = await readTokenInfo({ context, token: usdc })
    if (!usdcInfo) return undefined
    const direct = await readPoolPrice({
      context,
      base: address,
      baseDecimals: token.decimals,
      quote: usdc,
      quoteDecimals: usdcInfo.decimals,
    })
    if (direct !== undefined || sameAddress(address, context.wrappedNative)) return direct
  }
  const nativeE18 = usdc
    ? await readPoolPrice({
        context,
        base: context.wrappedNative,
        baseDecimals: 18,
        quote: usdc,
        quoteDecimals: (await readTokenInfo({ context, token: usdc }))!.decimals,
      })
    : referencePrice(`W${context.nativeSymbol}`)
  if (nativeE18 === undefined) return undefined
  if (sameAddress(address, context.wrappedNative)) return nativeE18
  const inNative = await readPoolPrice({
    context,
    base: address,
    baseDecimals: token.decimals,
    quote: context.wrappedNative,
    quoteDecimals: 18,
  })
  return inNative === undefined ? undefined : (inNative * nativeE18) / E18
}

/** Whole `quote` tokens per whole `base` token in the pair of the two, × 10^18 (rounded down). */
async function readPoolPrice({
  context,
  base,
  baseDecimals,
  quote,
  quoteDecimals,
}: {
  context: ChainContext
  base: Address
  baseDecimals: number
  quote: Address
  quoteDecimals: number
}): Promise<bigint | undefined> {
  const pair = await context.publicClient.readContract({
    address: context.factory,
    abi: uniswapV2Abi,
    functionName: 'getPair',
    args: [base, quote],
  })
  if (/^0x0{40}$/.test(pair)) return undefined
  const [[reserve0, reserve1], token0] = await Promise.all([
    context.publicClient.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
    context.publicClient.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
  ])
  const [baseReserve, quoteReserve] = sameAddress(token0, base) ? [reserve0, reserve1] : [reserve1, reserve0]
  if (baseReserve === 0n || quoteReserve === 0n) return undefined
  return (quoteReserve * 10n ** BigInt(baseDecimals) * E18) / (baseReserve * 10n ** BigInt(quoteDecimals))
}

function referencePrice(symbol: string): bigint | undefined {
  const price = sandboxUsdPrices[symbol]
  return price === undefined ? undefined : price * E18
}
