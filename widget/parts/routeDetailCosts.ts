import { formatAmount } from '../../shared/amount'
import type { Alternative, Quote } from '../../shared/schemas'

/** Digits after the point of a decimal string (`'1.25'` has 2). */
function scaleOf(value: string): number {
  return value.split('.')[1]?.length ?? 0
}

/** A decimal string (zero included) in units of `10^-decimals`; `decimals` is at least its own scale. */
function toUnits(value: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole + fraction.padEnd(decimals, '0'))
}

/**
 * The fee of `bps` of a volume, exactly (four more decimals are all a whole bps can add): of `value`
 * itself, or, when `value` is an output that `takenBps` were already taken from, of the output before
 * them, `value × bps / (10000 - takenBps)`, rounded down.
 */
function shareOf(value: string, bps: number, takenBps = 0): string {
  const decimals = scaleOf(value)
  const units = (toUnits(value, decimals) * BigInt(bps) * 10_000n) / BigInt(10_000 - takenBps)
  return formatAmount({ value: units, decimals: decimals + 4 })
}

/** `a - b` of two decimal strings, exactly. */
function difference(a: string, b: string): string {
  const decimals = Math.max(scaleOf(a), scaleOf(b))
  return formatAmount({ value: toUnits(a, decimals) - toUnits(b, decimals), decimals })
}

/**
 * The dollar value of `amount` of a token whose `total` is worth `totalUsd`, to the cent, rounded down
 * (an estimate for the eye, never more than it is); `undefined` without a dollar value or a total.
 */
function usdOf(amount: string, total: string, totalUsd: string | undefined): string | undefined {
  const decimals = Math.max(2, scaleOf(amount), scaleOf(total), scaleOf(totalUsd ?? ''))
  const whole = toUnits(total, decimals)
  if (!totalUsd || whole === 0n) return undefined
  // (amount × totalUsd) / total at the widest scale of the three, then cut to cents.
  const value = (toUnits(amount, decimals) * toUnits(totalUsd, decimals)) / whole
  return formatAmount({ value: value / 10n ** BigInt(decimals - 2), decimals: 2 })
}

/** One fee of a route in the token it is taken in, and its dollar value when known. */
export type RouteCost = { amount: string; symbol: string; usd?: string | undefined }

export type RouteDetailCosts = {
  /**
   * The service's fee, `serviceFeeBps` of the swap's volume: of the sell amount, in the sell token, or
   * for 0x and CoW, which take fees from the output, of the output before them, in the buy token.
   */
  service?: (RouteCost & { bps: number }) | undefined
  /** The partner's fee as collected on this route. */
  partner?: (RouteCost & { bps: number }) | undefined
  /** Gas and fees charged on top, as the quote values them in the buy token. */
  network?: RouteCost | undefined
  /** Why the served venue won: its net output over the next best venue's, in the buy token. */
  margin?: { over: string; amount: string } | undefined
}

/**
 * The costs a route detail shows, from the quote's own fields: each fee's bps of the sell amount in
 * the sell token (0x and CoW: of the output before fees, in the buy token, where they take it; their
 * fee table in `api/fees`), the network cost in the buy token, each with its dollar value where the quote gives
 * the dollar value of that side, and how much more the winner's net output was than the runner-up's.
 * Exact decimal arithmetic throughout: a cost is never a float.
 *
 * @example
 * getRouteDetailCosts({ ...quote, sellAmount: '1', serviceFeeBps: 30 }).service // { bps: 30, amount: '0.003', symbol: 'ETH', ... }
 */
export function getRouteDetailCosts(quote: Quote): RouteDetailCosts {
  const partnerBps = quote.partnerFee?.collected ? quote.partnerFee.collectedBps : 0
  // 0x and CoW take fees from the output (their fee table in `api/fees`), the others from the amount sold.
  const side = quote.provider === '0x' || quote.provider === 'cow' ? 'buy' : 'sell'
  const total = quote[`${side}Amount`]
  const fee = (bps: number) => {
    const amount = shareOf(total, bps, side === 'buy' ? (quote.serviceFeeBps ?? 0) + partnerBps : 0)
    return {
      bps,
      amount,
      symbol: quote[`${side}Token`].symbol,
      usd: usdOf(amount, total, quote[`${side}ValueUsd`]),
    }
  }
  const network = quote.networkCost
  return {
    ...(quote.serviceFeeBps !== undefined && { service: fee(quote.serviceFeeBps) }),
    ...(partnerBps > 0 && { partner: fee(partnerBps) }),
    ...(network !== undefined && {
      network: {
        amount: network,
        symbol: quote.buyToken.symbol,
        usd: usdOf(network, quote.buyAmount, quote.buyValueUsd),
      },
    }),
    ...winningMargin(quote.alternatives ?? []),
  }
}

function winningMargin(alternatives: Alternative[]): Pick<RouteDetailCosts, 'margin'> {
  const winner = alternatives.find((entry) => entry.status === 'quoted')
  const next = alternatives
    .filter((entry) => entry.status === 'outranked' && entry.netOutput !== undefined)
    .sort((a, b) => (difference(b.netOutput!, a.netOutput!).startsWith('-') ? -1 : 1))[0]
  if (!winner?.netOutput || !next) return {}
  return { margin: { over: next.provider, amount: difference(winner.netOutput, next.netOutput!) } }
}
