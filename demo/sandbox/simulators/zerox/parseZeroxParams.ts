import { getAddress, type Address } from 'viem'
import type { ZeroxErrorDetail } from './zeroxError'

/** One integrator fee of a 0x request, matched by position across the three lists. */
export type ZeroxFeeParam = { recipient: Address; bps: number; token: Address }

/** A validated 0x `/price` or `/quote` query. */
export type ZeroxParams = {
  chainId: number
  sellToken: Address
  buyToken: Address
  sellAmount?: bigint
  buyAmount?: bigint
  taker?: Address
  recipient?: Address
  /** Slippage in parts per million (from `slippageBps` × 100, or `slippagePpm`). */
  slippagePpm: number
  fees: ZeroxFeeParam[]
  excludedSources: string[]
  gasPrice?: bigint
}

export type ParseZeroxParamsReturnType =
  { ok: true; params: ZeroxParams } | { ok: false; details: ZeroxErrorDetail[] }

const addressPattern = /^0x[0-9a-fA-F]{40}$/
const integerPattern = /^[0-9]{1,78}$/
const MAX_FEE_BPS = 1000

/**
 * Validates a 0x Swap API v2 query the way the real API does (0x's field names and rules, every
 * problem listed as an `INPUT_INVALID` detail). `taker` is required on `/quote` only.
 */
export function parseZeroxParams({
  query,
  requireTaker,
}: {
  query: Record<string, string | undefined>
  requireTaker: boolean
}): ParseZeroxParamsReturnType {
  const details: ZeroxErrorDetail[] = []
  const fail = (field: string, reason: string) => details.push({ field, reason })

  const address = (field: string, required: boolean): Address | undefined => {
    const value = query[field]
    if (value === undefined || value === '') {
      if (required) fail(field, 'Required')
      return undefined
    }
    // The zero address is rejected too: 0x spells the native coin 0xEeee…EEeE.
    if (!addressPattern.test(value) || /^0x0{40}$/.test(value)) {
      fail(field, 'Invalid ethereum address')
      return undefined
    }
    return getAddress(value.toLowerCase())
  }
  const amount = (field: string): bigint | undefined => {
    const value = query[field]
    if (value === undefined || value === '') return undefined
    if (!integerPattern.test(value) || BigInt(value) === 0n) {
      fail(field, 'Must be a positive integer')
      return undefined
    }
    return BigInt(value)
  }
  const integer = (field: string, max: number): number | undefined => {
    const value = query[field]
    if (value === undefined || value === '') return undefined
    if (!/^[0-9]{1,7}$/.test(value) || Number(value) > max) {
      fail(field, `Must be an integer from 0 to ${max}`)
      return undefined
    }
    return Number(value)
  }

  const chainIdRaw = query.chainId
  let chainId = 0
  if (chainIdRaw === undefined || chainIdRaw === '') fail('chainId', 'Required')
  else if (!/^[1-9][0-9]{0,15}$/.test(chainIdRaw)) fail('chainId', 'Must be a positive integer')
  else chainId = Number(chainIdRaw)

  const sellToken = address('sellToken', true)
  const buyToken = address('buyToken', true)
  if (sellToken && buyToken && sellToken === buyToken)
    fail('buyToken', 'buyToken must be different from sellToken')
  const sellAmount = amount('sellAmount')
  const buyAmount = amount('buyAmount')
  if (query.sellAmount === undefined && query.buyAmount === undefined) fail('sellAmount', 'Required')
  if (query.sellAmount !== undefined && query.buyAmount !== undefined) {
    fail('buyAmount', 'Only one of sellAmount and buyAmount may be provided')
  }
  const taker = address('taker', requireTaker)
  address('txOrigin', false)
  const recipient = address('recipient', false)

  const slippageBps = integer('slippageBps', 10_000)
  const slippagePpm = integer('slippagePpm', 1_000_000)
  if (slippageBps !== undefined && slippagePpm !== undefined) {
    fail('slippagePpm', 'Cannot be combined with slippageBps')
  }

  const fees = parseFees({ query, sellToken, buyToken, fail })
  const gasPriceRaw = query.gasPrice
  let gasPrice: bigint | undefined
  if (gasPriceRaw !== undefined && gasPriceRaw !== '') {
    if (!integerPattern.test(gasPriceRaw)) fail('gasPrice', 'Must be an integer')
    else gasPrice = BigInt(gasPriceRaw)
  }
  const excludedSources = (query.excludedSources ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')

  if (details.length > 0 || !sellToken || !buyToken) return { ok: false, details }
  return {
    ok: true,
    params: {
      chainId,
      sellToken,
      buyToken,
      ...(sellAmount === undefined ? {} : { sellAmount }),
      ...(buyAmount === undefined ? {} : { buyAmount }),
      ...(taker ? { taker } : {}),
      ...(recipient ? { recipient } : {}),
      slippagePpm: slippagePpm ?? (slippageBps ?? 100) * 100,
      fees,
      excludedSources,
      ...(gasPrice === undefined ? {} : { gasPrice }),
    },
  }
}

function parseFees({
  query,
  sellToken,
  buyToken,
  fail,
}: {
  query: Record<string, string | undefined>
  sellToken: Address | undefined
  buyToken: Address | undefined
  fail: (field: string, reason: string) => void
}): ZeroxFeeParam[] {
  const list = (field: string) =>
    query[field] === undefined || query[field] === ''
      ? []
      : query[field]!.split(',').map((value) => value.trim())
  const recipients = list('swapFeeRecipient')
  const bpsList = list('swapFeeBps')
  const tokens = list('swapFeeToken')
  if (recipients.length === 0 && bpsList.length === 0) {
    if (tokens.length > 0) fail('swapFeeToken', 'swapFeeToken requires swapFeeRecipient and swapFeeBps')
    return []
  }
  const problem =
    recipients.length === 0
      ? (['swapFeeRecipient', 'Required with swapFeeBps'] as const)
      : bpsList.length === 0
        ? (['swapFeeBps', 'Required with swapFeeRecipient'] as const)
        : recipients.length !== bpsList.length
          ? (['swapFeeBps', 'swapFeeRecipient and swapFeeBps must have the same length'] as const)
          : tokens.length > 1 && tokens.length !== recipients.length
            ? (['swapFeeToken', 'swapFeeToken must have the same length as swapFeeRecipient'] as const)
            : undefined
  if (problem) {
    fail(problem[0], problem[1])
    return []
  }
  const fees: ZeroxFeeParam[] = []
  recipients.forEach((recipient, index) => {
    const bps = bpsList[index]!
    const token = tokens.length === 0 ? buyToken : tokens[tokens.length === 1 ? 0 : index]
    if (!addressPattern.test(recipient) || /^0x0{40}$/.test(recipient)) {
      return fail('swapFeeRecipient', 'Invalid ethereum address')
    }
    if (!/^[0-9]{1,5}$/.test(bps) || Number(bps) > MAX_FEE_BPS) {
      return fail('swapFeeBps', `Must be an integer from 0 to ${MAX_FEE_BPS}`)
    }
    if (!token || !addressPattern.test(token)) return fail('swapFeeToken', 'Invalid ethereum address')
    const feeToken = getAddress(token.toLowerCase())
    if (feeToken !== sellToken && feeToken !== buyToken) {
      return fail('swapFeeToken', 'swapFeeToken must be either buyToken or sellToken')
    }
    fees.push({ recipient: getAddress(recipient.toLowerCase()), bps: Number(bps), token: feeToken })
  })
  return fees
}
