import type { ChainDefinition, ResolvedToken } from '../../shared'
import { ethereum, findChain, isChainAddress, parseAmount, SwapError } from '../../shared'
import { findAddressTypo } from './findAddressTypo'
import { dropInvisibleCharacters } from './dropInvisibleCharacters'
import { findImitatedSymbol } from './findImitatedSymbol'
import type { QuoteToken, VenueRequest } from '../venues/venue'
import type { QuoteQuery } from './quoteQuery'
import type { TokenMetadataReader } from './tokenMetadataReader'
import { resolveListedToken } from './resolveListedToken'

export type ResolveQuoteRequestParameters = {
  query: QuoteQuery
  tokenMetadataReader?: TokenMetadataReader | undefined
  signal?: AbortSignal
}

/**
 * Turns a validated `/quote` query into the `VenueRequest` every venue receives, checking in this
 * order: chains known (`UNKNOWN_CHAIN`), pair routable (`UNSUPPORTED_PAIR`: a Hive leg, `RHD`
 * with a non-EVM leg, or RUNE sold from THOR), `recipient` present cross-chain, addresses shaped for their chains, tokens
 * resolvable (`UNKNOWN_TOKEN`, unlisted ERC-20s through `tokenMetadataReader`), different assets on
 * the two sides, and the amount within the sell token's precision.
 */
export async function resolveQuoteRequest({
  query,
  tokenMetadataReader,
  signal,
}: ResolveQuoteRequestParameters): Promise<VenueRequest> {
  const sellChain = requireChain(query.sellChain, 'sellChain')
  const buyChain = requireChain(query.buyChain, 'buyChain')

  for (const chain of [sellChain, buyChain]) {
    if (!chain.quotable) {
      throw new SwapError({
        code: 'UNSUPPORTED_PAIR',
        message: `Chain ${chain.symbol} is listed but not quotable`,
      })
    }
  }
  // RHD is priced only by its on-chain router or bridged EVM-to-EVM; nothing routes it to a non-EVM chain.
  if (
    (sellChain.symbol === 'RHD' || buyChain.symbol === 'RHD') &&
    (sellChain.type !== 'evm' || buyChain.type !== 'evm')
  ) {
    throw new SwapError({
      code: 'UNSUPPORTED_PAIR',
      message: `No route pairs RHD with a non-EVM chain (${sellChain.symbol} to ${buyChain.symbol})`,
    })
  }
  // RUNE is sold with a MsgDeposit signed on THORChain itself, with no inbound address to send to
  // (THORNode's quote states none; THORChain docs, "THOR.RUNE: MsgDeposit"), so none of the route kinds
  // (tx, order, deposit to an address) carries it. Buying RUNE is an ordinary outbound.
  if (sellChain.symbol === 'THOR') {
    throw new SwapError({
      code: 'UNSUPPORTED_PAIR',
      message:
        'Selling from THOR (RUNE) needs a MsgDeposit signed on THORChain, which no route here builds; buying RUNE is supported',
    })
  }

  const crossChain = sellChain.symbol !== buyChain.symbol
  if (crossChain && query.recipient === undefined) {
    throw bad(`recipient is required for a cross-chain quote (an address on ${buyChain.symbol})`, 'recipient')
  }
  const recipient = query.recipient ?? query.address
  if (!isChainAddress(sellChain, query.address))
    throw bad(`address is not a valid ${sellChain.symbol} address`, 'address')
  if (!isChainAddress(buyChain, recipient)) {
    throw bad(`recipient is not a valid ${buyChain.symbol} address`, 'recipient')
  }
  const checked: [name: 'address' | 'recipient' | 'hubAddress', value: string, chain: ChainDefinition][] = [
    ['address', query.address, sellChain],
    ['recipient', recipient, buyChain],
  ]
  // `hubAddress` receives step 1 of a suggested route on an EVM hub chain: Ethereum's rules stand for all.
  if (query.hubAddress !== undefined) checked.push(['hubAddress', query.hubAddress, ethereum])
  for (const [name, value, chain] of checked) {
    const typo = findAddressTypo(chain, value)
    if (typo) throw bad(`${name} ${typo}`, name)
  }

  const sellResolved = resolveNamed('sellToken', sellChain, query.sellToken)
  const buyResolved = resolveNamed('buyToken', buyChain, query.buyToken)
  if (sellResolved.caip.toLowerCase() === buyResolved.caip.toLowerCase()) {
    throw bad('sellToken and buyToken are the same asset')
  }
  const [sellToken, buyToken] = await Promise.all([
    completeToken(sellChain, sellResolved, tokenMetadataReader, signal, 'sellToken'),
    completeToken(buyChain, buyResolved, tokenMetadataReader, signal, 'buyToken'),
  ])

  const sellAmount = parseAmount({ value: query.amount, decimals: sellToken.decimals })
  // A partner fee needs a partner to settle with, so without `partner` nothing is requested.
  const partnerFeeBps = query.partner === undefined ? 0 : query.partnerFeeBps

  return {
    sellChain,
    buyChain,
    sellToken,
    buyToken,
    sellAmount,
    sender: query.address,
    recipient,
    ...(query.hubAddress === undefined ? {} : { hubAddress: query.hubAddress }),
    ...(query.slippage === undefined ? {} : { slippagePercent: query.slippage }),
    ...(query.partner === undefined ? {} : { partner: query.partner }),
    partnerFeeBps,
  }
}

function requireChain(value: string, param: 'sellChain' | 'buyChain'): ChainDefinition {
  const chain = findChain(value)
  if (!chain) {
    throw new SwapError({
      code: 'UNKNOWN_CHAIN',
      message: `Unsupported chain: ${shorten(value)}`,
      details: { param },
    })
  }
  return chain
}

type TokenParam = 'sellToken' | 'buyToken'

/** The listed token (or the address) `token` names on `chain`; a refusal names `param`. */
function resolveNamed(param: TokenParam, chain: ChainDefinition, token: string): ResolvedToken {
  try {
    return resolveListedToken({ chain, token })
  } catch (error) {
    if (!(error instanceof SwapError) || error.details) throw error
    throw new SwapError({ code: error.code, message: error.message, details: { param }, cause: error })
  }
}

async function completeToken(
  chain: ChainDefinition,
  token: ResolvedToken,
  reader: TokenMetadataReader | undefined,
  signal: AbortSignal | undefined,
  param: TokenParam,
): Promise<QuoteToken> {
  if (token.kind === 'native') {
    return { caip: token.caip, symbol: token.symbol, decimals: token.decimals, kind: 'native' }
  }
  // Fields first, then the optional ones: in Node 20's V8 a literal that starts with a spread
  // (`{ ...base, symbol }`) builds a new hidden class on every call.
  const erc20 = (symbol: string, decimals: number) => ({
    caip: token.caip,
    kind: 'erc20' as const,
    contract: token.contract,
    symbol,
    decimals,
    ...(token.wrapsNative ? { wrapsNative: true } : {}),
  })
  if (token.decimals !== undefined && token.symbol !== undefined) return erc20(token.symbol, token.decimals)
  const unknown = new SwapError({
    code: 'UNKNOWN_TOKEN',
    message: `Unknown token ${token.contract} on chain ${chain.symbol}`,
    details: { param },
  })
  if (!reader) throw unknown
  let metadata
  try {
    metadata = await reader(
      signal ? { chain, contract: token.contract, signal } : { chain, contract: token.contract },
    )
  } catch (error) {
    if (error instanceof SwapError) throw error
    throw new SwapError({
      code: 'UPSTREAM_ERROR',
      message: `Could not read token ${token.contract} on ${chain.symbol}`,
      cause: error,
    })
  }
  if (!metadata || !Number.isInteger(metadata.decimals) || metadata.decimals < 0 || metadata.decimals > 255)
    throw unknown
  // A token without a readable symbol is still quotable by its decimals, under its shortened address.
  // Invisible characters are dropped: a direction override would turn the sentences around the symbol
  // (and "‮CDSU" reads "USDC"), a zero-width space hides inside a familiar symbol.
  const symbol =
    Array.from(dropInvisibleCharacters(metadata.symbol ?? '').trim())
      .slice(0, 32)
      .join('') || token.contract.slice(0, 10)
  // Read from chain, not from a curated list: anyone can deploy a token named "USD Coin", or "USDС".
  const imitates = findImitatedSymbol({ chain, symbol })
  return { ...erc20(symbol, metadata.decimals), verified: false, ...(imitates && { imitates }) }
}

/** A `BAD_REQUEST` about the query parameter `param` (named in the body, so a form can mark its field). */
function bad(message: string, param?: string): SwapError {
  return new SwapError({ code: 'BAD_REQUEST', message, ...(param ? { details: { param } } : {}) })
}

/** A caller-supplied value short enough to echo in a message. */
function shorten(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}…` : value
}
