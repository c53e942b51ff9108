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

/**
 * The amount each policy takes from a sell order's output (buy token), all together capped at
 * `MAX_PARTNER_FEE_BPS` of `grossOut`. A surplus fee takes its share of what exceeds the signed
 * `limitBuyAmount`, at most its `maxVolumeBps` of volume. Amounts round down.
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
  let remaining = (grossOut * BigInt(MAX_PARTNER_FEE_BPS)) / 10_000n
  let surplus = grossOut > limitBuyAmount ? grossOut - limitBuyAmount : 0n
  return policies.map((policy) => {
    let amount =
      policy.kind === 'volume'
        ? (grossOut * BigInt(policy.bps)) / 10_000n
        : min((surplus * BigInt(policy.bps)) / 10_000n, (grossOut * BigInt(policy.maxVolumeBps)) / 10_000n)
    amount = min(amount, remaining)
    remaining -= amount
    surplus = surplus > amount ? surplus - amount : 0n
    return amount
  })
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
