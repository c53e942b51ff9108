/** One affiliate's share of a swap, paid in RUNE on the ledger. Amounts are 1e8 strings. */
export type AffiliatePayout = {
  /** THORName or thor address as the memo named it. */
  name: string
  /** The THOR address it was paid to. */
  address: string
  bps: number
  /** The share in the swap's target asset (`fees.asset`), before the swap to RUNE. */
  amount: string
  /** RUNE paid. */
  rune: string
  txId: string
}

/**
 * What the sandbox THORChain did with one inbound, as `GET /payouts` lists it. Amounts are 1e8
 * strings, assets in THORNode notation. `out` is the payout of a swap or the refund.
 */
export type PayoutRecord = {
  inbound: { chain: string; txId: string; from: string; asset: string; amount: string; memo: string }
  status: 'success' | 'refund' | 'ignored' | 'failed'
  reason?: string
  limit?: string
  streaming?: { interval: number; quantity: number }
  out?: { chain: string; asset: string; to: string; amount: string; txId: string; memo: string }
  fees?: { asset: string; liquidity: string; affiliate: string; outbound: string }
  affiliates: AffiliatePayout[]
}
