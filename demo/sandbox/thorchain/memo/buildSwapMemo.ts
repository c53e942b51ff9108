import type { MemoAffiliate } from './parseSwapMemo'

/**
 * Builds the memo a THORNode quote returns: `=:ASSET:DEST[/REFUND]:LIM[/INTERVAL/QUANTITY]` and,
 * with affiliates, `:AFF1/AFF2:BPS1/BPS2`. Streaming parameters appear only for a streaming quote.
 *
 * @example
 * buildSwapMemo({ asset: 'b', destination: 'bc1q…', limit: 3495511n, affiliates: [{ name: 'sk', bps: 15 }] })
 * // '=:b:bc1q…:3495511:sk:15'
 */
export function buildSwapMemo({
  asset,
  destination,
  refundAddress,
  limit,
  streaming,
  affiliates = [],
}: {
  asset: string
  destination: string
  refundAddress?: string | undefined
  limit: bigint
  streaming?: { interval: number; quantity: number } | undefined
  affiliates?: readonly MemoAffiliate[]
}): string {
  const target = refundAddress ? `${destination}/${refundAddress}` : destination
  const limitPart = streaming ? `${limit}/${streaming.interval}/${streaming.quantity}` : `${limit}`
  const parts = ['=', asset, target, limitPart]
  if (affiliates.length > 0) {
    parts.push(affiliates.map((affiliate) => affiliate.name).join('/'))
    parts.push(affiliates.map((affiliate) => String(affiliate.bps)).join('/'))
  }
  return parts.join(':')
}
