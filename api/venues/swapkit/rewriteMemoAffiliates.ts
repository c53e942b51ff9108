/** One affiliate of a THORChain swap memo and the basis points it takes. */
export type MemoAffiliate = { name: string; bps: number }

/** A member of the service's affiliate split and its weight (shares are proportional to weights). */
export type MemoAffiliateShare = { name: string; weight: number }

export type RewriteMemoAffiliatesOptions = {
  /** The service's THORName (or thor address); always in the split, and it takes any rounding remainder. */
  serviceAffiliate: string
  /** Weight of the service's share; default 1. */
  serviceWeight?: number | undefined
  /** The other members of the split. */
  coAffiliates?: readonly MemoAffiliateShare[] | undefined
}

/** THORChain's `MultipleAffiliatesMaxCount`: a memo with more affiliates is refunded. */
export const MAX_MEMO_AFFILIATES = 5

const swapFunctions = new Set(['swap', 's', '=', '=<'])

/**
 * Reads the affiliates of a THORChain swap memo
 * (`SWAP:ASSET:DEST:LIM:AFF1/AFF2:FEE1/FEE2[:…]`): one fee for all affiliates or one per affiliate.
 * Throws on a memo that is not a swap or whose affiliate part is malformed.
 *
 * @example
 * readMemoAffiliates('=:b:bc1q…:3495511:ab/cd:10') // [{ name: 'ab', bps: 10 }, { name: 'cd', bps: 10 }]
 */
export function readMemoAffiliates(memo: string): MemoAffiliate[] {
  const parts = memo.split(':')
  if (!swapFunctions.has((parts[0] ?? '').toLowerCase())) throw new Error('not a THORChain swap memo')
  const names = parts[4] ?? ''
  if (names === '') return []
  const affiliates = names.split('/')
  const fees = (parts[5] ?? '').split('/')
  if (fees.length !== 1 && fees.length !== affiliates.length) {
    throw new Error(`memo names ${affiliates.length} affiliates but ${fees.length} fees`)
  }
  return affiliates.map((name, index) => {
    const fee = fees.length === 1 ? fees[0] : fees[index]
    if (name === '' || !/^(0|[1-9][0-9]{0,3})$/.test(fee ?? ''))
      throw new Error('malformed memo affiliate fee')
    return { name, bps: Number(fee) }
  })
}

/** The names that are the service's own in a memo: its THORName and its co-affiliates. */
export function ownAffiliateNames(options: RewriteMemoAffiliatesOptions): Set<string> {
  return new Set([options.serviceAffiliate, ...(options.coAffiliates ?? []).map((member) => member.name)])
}

/**
 * Rewrites the service's own affiliate entries of a THORChain swap memo (its THORName and co-affiliates,
 * as the routing provider put them there from the API key's settings) into the service's multi-affiliate
 * split, keeping their total bps. Every other affiliate (the routing provider's own, for one) keeps its
 * name, its bps and its place: its fee is not ours to redirect. The memo's total, its limit (`LIM`,
 * computed from an output already net of that total), the function, asset, destination, streaming and
 * any trailing fields stay byte for byte. Shares are proportional to the weights, rounded down, with the
 * remainder to the service; a co-affiliate whose share rounds to 0 is left out. A memo without fees of
 * ours is returned unchanged.
 *
 * @example
 * rewriteMemoAffiliates('=:b:bc1q…:3495511:sk/sq:15/50', { serviceAffiliate: 'sq', serviceWeight: 3, coAffiliates: [{ name: 'ops', weight: 1 }] })
 * // '=:b:bc1q…:3495511:sk/sq/ops:15/38/12'
 */
export function rewriteMemoAffiliates(memo: string, options: RewriteMemoAffiliatesOptions): string {
  const affiliates = readMemoAffiliates(memo)
  const own = ownAffiliateNames(options)
  const ownBps = affiliates.filter((affiliate) => own.has(affiliate.name)).reduce((sum, a) => sum + a.bps, 0)
  if (ownBps === 0) return memo
  const split = splitAffiliateBps(ownBps, options)
  const at = affiliates.findIndex((affiliate) => own.has(affiliate.name))
  const others = affiliates.filter((affiliate) => !own.has(affiliate.name))
  const rewritten = [...others.slice(0, at), ...split, ...others.slice(at)]
  if (rewritten.length > MAX_MEMO_AFFILIATES)
    throw new Error(`at most ${MAX_MEMO_AFFILIATES} affiliates fit in a memo`)
  const parts = memo.split(':')
  parts[4] = rewritten.map((affiliate) => affiliate.name).join('/')
  parts[5] = rewritten.map((affiliate) => String(affiliate.bps)).join('/')
  return parts.join(':')
}

/** The bps of a memo that are the service's own (its THORName and co-affiliates). */
export function readOwnAffiliateBps(memo: string, options: RewriteMemoAffiliatesOptions): number {
  const own = ownAffiliateNames(options)
  return readMemoAffiliates(memo)
    .filter((affiliate) => own.has(affiliate.name))
    .reduce((sum, affiliate) => sum + affiliate.bps, 0)
}

/** Splits `totalBps` over the service and its co-affiliates by weight (see `rewriteMemoAffiliates`). */
export function splitAffiliateBps(totalBps: number, options: RewriteMemoAffiliatesOptions): MemoAffiliate[] {
  const members = [
    { name: options.serviceAffiliate, weight: options.serviceWeight ?? 1 },
    ...(options.coAffiliates ?? []),
  ]
  if (members.length > MAX_MEMO_AFFILIATES)
    throw new Error(`at most ${MAX_MEMO_AFFILIATES} affiliates fit in a memo`)
  for (const member of members) {
    if (!/^[A-Za-z0-9._-]+$/.test(member.name))
      throw new Error(`invalid affiliate name: ${member.name.slice(0, 40)}`)
    if (!Number.isInteger(member.weight) || member.weight <= 0)
      throw new Error('affiliate weights are positive integers')
  }
  const totalWeight = members.reduce((sum, member) => sum + member.weight, 0)
  const shares = members.map((member) => ({
    name: member.name,
    bps: Math.floor((totalBps * member.weight) / totalWeight),
  }))
  const remainder = totalBps - shares.reduce((sum, share) => sum + share.bps, 0)
  shares[0]!.bps += remainder
  return shares.filter((share, index) => index === 0 || share.bps > 0)
}
