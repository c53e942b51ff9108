/** One affiliate of a swap memo and the bps it takes. */
export type MemoAffiliate = { name: string; bps: number }

/** A parsed THORChain swap memo. */
export type SwapMemo = {
  /** `=<` is a limit swap (order-book style); the rest are market swaps. */
  kind: 'market' | 'limit'
  /** The target asset as written (short code, fuzzy or full notation). */
  asset: string
  destination: string
  refundAddress?: string
  /** Minimum output, 1e8 units of the target asset; 0 is no protection. */
  limit: bigint
  /** Blocks between sub-swaps; 0 is not streaming. */
  interval: number
  /** Sub-swaps; 0 lets the protocol pick. */
  quantity: number
  affiliates: MemoAffiliate[]
}

export type ParseSwapMemoResult = { ok: true; memo: SwapMemo } | { ok: false; reason: string }

/** THORChain's `MultipleAffiliatesMaxCount`. */
export const MAX_AFFILIATES = 5

const swapFunctions: Record<string, SwapMemo['kind']> = {
  swap: 'market',
  s: 'market',
  '=': 'market',
  '=<': 'limit',
}

/** A memo amount: an integer, or scientific notation (`161e6`), which THORChain accepts and floors. */
export function parseMemoAmount(text: string): bigint | undefined {
  if (text === '') return 0n
  if (/^[0-9]{1,40}$/.test(text)) return BigInt(text)
  const match = /^([0-9]{1,20})(?:\.([0-9]{1,20}))?[eE]([0-9]{1,2})$/.exec(text)
  if (!match) return undefined
  const [, whole = '', fraction = '', exponent = '0'] = match
  const digits = BigInt(whole + fraction)
  const shift = Number(exponent) - fraction.length
  return shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift)
}

/**
 * Parses a swap memo per THORChain's grammar
 * `SWAP:ASSET:DEST[/REFUND]:LIM[/INTERVAL/QUANTITY]:AFF1[/AFF2…]:FEE[/FEE2…]` (aliases `SWAP`, `s`,
 * `=`; `=<` is a limit swap). One fee applies to every affiliate, or one fee per affiliate; a count
 * mismatch, more than five affiliates or a total above 1000 bps makes the memo invalid, which
 * THORChain answers with a refund.
 *
 * @example
 * parseSwapMemo('=:b:bc1q…:3495511/1/0:sk/sq:10/5')
 */
export function parseSwapMemo(text: string): ParseSwapMemoResult {
  const parts = text.split(':')
  const kind = swapFunctions[(parts[0] ?? '').toLowerCase()]
  if (!kind) return { ok: false, reason: 'not a swap memo' }
  const [, asset = '', target = '', limitPart = '', affiliatePart = '', feePart = ''] = parts
  if (asset === '') return { ok: false, reason: 'memo has no asset' }
  const [destination = '', refundAddress, ...extraTargets] = target.split('/')
  if (destination === '' || extraTargets.length > 0)
    return { ok: false, reason: 'memo has no valid destination' }
  const [limitText = '', intervalText = '0', quantityText = '0', ...extraLimits] = limitPart.split('/')
  const limit = parseMemoAmount(limitText)
  if (
    limit === undefined ||
    extraLimits.length > 0 ||
    !/^[0-9]{1,6}$/.test(intervalText) ||
    !/^[0-9]{1,6}$/.test(quantityText)
  ) {
    return { ok: false, reason: 'memo limit is malformed' }
  }
  const affiliates: MemoAffiliate[] = []
  if (affiliatePart !== '') {
    const names = affiliatePart.split('/')
    const fees = feePart === '' ? ['0'] : feePart.split('/')
    if (names.length > MAX_AFFILIATES) return { ok: false, reason: `more than ${MAX_AFFILIATES} affiliates` }
    if (fees.length !== 1 && fees.length !== names.length) {
      return { ok: false, reason: `${names.length} affiliates but ${fees.length} fees` }
    }
    for (const [index, name] of names.entries()) {
      const fee = fees.length === 1 ? fees[0]! : fees[index]!
      if (!/^[A-Za-z0-9._-]{1,64}$/.test(name) || !/^[0-9]{1,5}$/.test(fee)) {
        return { ok: false, reason: 'memo affiliate is malformed' }
      }
      affiliates.push({ name, bps: Number(fee) })
    }
    if (affiliates.reduce((sum, affiliate) => sum + affiliate.bps, 0) > 1000) {
      return { ok: false, reason: 'affiliate fees above 1000 bps' }
    }
  }
  return {
    ok: true,
    memo: {
      kind,
      asset,
      destination,
      ...(refundAddress ? { refundAddress } : {}),
      limit,
      interval: Number(intervalText),
      quantity: Number(quantityText),
      affiliates,
    },
  }
}
