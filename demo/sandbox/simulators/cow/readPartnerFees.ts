import { getAddress, type Address } from 'viem'

/** One partner fee policy of an app-data document, normalised. */
export type PartnerFeePolicy =
  | { kind: 'volume'; bps: number; recipient: Address }
  | { kind: 'surplus'; bps: number; maxVolumeBps: number; recipient: Address }

/** The backend's `max-partner-fee` default: all partner fees together are capped at 100 bps of volume. */
export const MAX_PARTNER_FEE_BPS = 100

/**
 * Reads `metadata.partnerFee` from a full app-data document: the legacy `{bps}`, `{volumeBps}`,
 * `{surplusBps, maxVolumeBps}` and `{priceImprovementBps, maxVolumeBps}` forms, or a list of them.
 * Malformed entries are ignored, as the backend ignores metadata it cannot act on.
 */
export function readPartnerFees(fullAppData: string | undefined): PartnerFeePolicy[] {
  if (!fullAppData) return []
  let document: unknown
  try {
    document = JSON.parse(fullAppData)
  } catch {
    return []
  }
  const partnerFee = (document as { metadata?: { partnerFee?: unknown } } | null)?.metadata?.partnerFee
  const entries = Array.isArray(partnerFee) ? partnerFee : partnerFee ? [partnerFee] : []
  const policies: PartnerFeePolicy[] = []
  for (const entry of entries as Record<string, unknown>[]) {
    const recipient =
      typeof entry?.recipient === 'string' && /^0x[0-9a-fA-F]{40}$/.test(entry.recipient)
        ? entry.recipient
        : undefined
    if (!recipient) continue
    const bps = (value: unknown) =>
      Number.isInteger(value) && (value as number) >= 0 ? (value as number) : undefined
    const volume = bps(entry.volumeBps) ?? bps(entry.bps)
    const surplus = bps(entry.surplusBps) ?? bps(entry.priceImprovementBps)
    const maxVolume = bps(entry.maxVolumeBps)
    if (volume !== undefined) policies.push({ kind: 'volume', bps: volume, recipient: getAddress(recipient) })
    else if (surplus !== undefined && maxVolume !== undefined) {
      policies.push({
        kind: 'surplus',
        bps: surplus,
        maxVolumeBps: maxVolume,
        recipient: getAddress(recipient),
      })
    }
  }
  return policies
}

/** A policy's applied share of volume as an exact fraction (the backend's `FeeFactor`). */
export type FeeFactor = { numerator: bigint; denominator: bigint }

/**
 * The fraction of volume each policy may take after the backend's cumulative cap, which compounds:
 * a policy gets at most `(1 + cap) / (1 + accumulated) − 1`, and `accumulated` grows by what it asked,
 * up to the cap (cowprotocol/services, crates/autopilot/src/domain/fee/mod.rs). With a 100 bps cap, 30
 * then 70 bps apply as 30 and 70/10030 ≈ 69.79 bps, not 70. A surplus policy's cap is its max volume.
 */
export function capPartnerFeeFactors(policies: readonly PartnerFeePolicy[]): FeeFactor[] {
  const cap = BigInt(MAX_PARTNER_FEE_BPS)
  let accumulated = 0n
  return policies.map((policy) => {
    const value = BigInt(policy.kind === 'volume' ? policy.bps : policy.maxVolumeBps)
    const remaining = {
      numerator: (cap - accumulated) * 10_000n,
      denominator: (10_000n + accumulated) * 10_000n,
    }
    const factor =
      value * remaining.denominator <= remaining.numerator * 10_000n
        ? { numerator: value, denominator: 10_000n }
        : remaining
    const room = cap - accumulated
    accumulated += value < room ? value : room
    return factor
  })
}

/**
 * The amount each policy takes from a sell order's output (buy token), within the backend's compounding
 * cap (`capPartnerFeeFactors`). A surplus fee takes its share of what exceeds the signed
 * `limitBuyAmount`, at most its capped volume factor. Amounts round down.
 */
export function computePartnerFeeAmounts({
  policies,
  grossOut,
  limitBuyAmount,
}: {
  policies: PartnerFeePolicy[]
  grossOut: bigint
  limitBuyAmount: bigint
}): bigint[] {
  const factors = capPartnerFeeFactors(policies)
  let surplus = grossOut > limitBuyAmount ? grossOut - limitBuyAmount : 0n
  return policies.map((policy, index) => {
    const factor = factors[index] as FeeFactor
    const volumeCap = (grossOut * factor.numerator) / factor.denominator
    const amount =
      policy.kind === 'volume' ? volumeCap : min((surplus * BigInt(policy.bps)) / 10_000n, volumeCap)
    surplus = surplus > amount ? surplus - amount : 0n
    return amount
  })
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
