import { Hono } from 'hono'
import { normalizeTxId, type Observer } from '../observer/createObserver'
import type { PayoutRecord } from '../observer/payoutRecord'

const NANOS_PER_MILLI = 1_000_000n

/**
 * A Midgard simulator (THORChain's indexer) with the one endpoint the API uses: `GET /v2/actions`,
 * filtered by `address` (comma-separated; any in or out address), `txid`, `type` (comma-separated:
 * `swap`, `refund`), `fromTimestamp` (unix seconds) and `limit` (default 50), newest first, in
 * Midgard's shape (openapi `ActionsResponse`: `date` in nanoseconds, `in`/`out` with `address`,
 * `coins` and `txID`, `status`, `type`, `metadata.swap` or `metadata.refund` with the memo). Its
 * actions are the sandbox THORChain's settled inbounds: a swap paid out, or a refund.
 *
 * @example
 * const { app } = createMidgardSimulator({ observer })
 */
export function createMidgardSimulator({ observer }: { observer: Observer }): { app: Hono } {
  const app = new Hono()
  app.get('/v2/actions', (c) => {
    const query = c.req.query()
    const limit = Number(query.limit ?? '50')
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) {
      return c.json({ error: 'limit must be an integer between 1 and 50' }, 400)
    }
    const addresses = (query.address ?? '')
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean)
    const types = (query.type ?? '').split(',').filter(Boolean)
    const txid = query.txid ? normalizeTxId(query.txid) : undefined
    const fromMs = query.fromTimestamp === undefined ? undefined : Number(query.fromTimestamp) * 1000
    const actions = observer
      .payouts()
      .filter((record) => record.status === 'success' || record.status === 'refund')
      .map((record) => toAction(record, observer.inbound(record.inbound.txId)?.observed.settledAt ?? 0))
      .filter((action) => types.length === 0 || types.includes(action.type))
      .filter((action) => fromMs === undefined || action.dateMs >= fromMs)
      .filter(
        (action) =>
          addresses.length === 0 ||
          [...action.in, ...action.out].some((transaction) =>
            addresses.includes(transaction.address.toLowerCase()),
          ),
      )
      .filter(
        (action) =>
          txid === undefined ||
          [...action.in, ...action.out].some((transaction) => transaction.txID === txid),
      )
      .reverse()
    return c.json({
      actions: actions.slice(0, limit).map(({ dateMs: _dateMs, ...action }) => action),
      count: String(actions.length),
      meta: { nextPageToken: '', prevPageToken: '' },
    })
  })
  app.notFound((c) => c.json({ error: 'Not Found' }, 404))
  app.onError((error, c) => {
    console.error('[midgard simulator]', error)
    return c.json({ error: 'internal error' }, 500)
  })
  return { app }
}

function toAction(record: PayoutRecord, settledAt: number) {
  const refund = record.status === 'refund'
  const out = record.out
  const networkFees = out ? [{ asset: out.asset, amount: refund ? '0' : (record.fees?.outbound ?? '0') }] : []
  return {
    dateMs: settledAt,
    date: String(BigInt(settledAt) * NANOS_PER_MILLI),
    height: String(Math.floor(settledAt / 6_000)),
    in: [
      {
        address: record.inbound.from,
        coins: [{ asset: record.inbound.asset, amount: record.inbound.amount }],
        txID: normalizeTxId(record.inbound.txId),
      },
    ],
    out: out
      ? [
          {
            address: out.to,
            coins: [{ asset: out.asset, amount: out.amount }],
            txID: normalizeTxId(out.txId),
            height: String(Math.floor(settledAt / 6_000)),
          },
        ]
      : [],
    pools: [record.inbound.asset, ...(out && out.asset !== record.inbound.asset ? [out.asset] : [])],
    status: 'success',
    type: refund ? 'refund' : 'swap',
    metadata: refund
      ? {
          refund: {
            memo: record.inbound.memo,
            reason: record.reason ?? '',
            networkFees,
            affiliateAddress: '',
            affiliateFee: '0',
            txType: 'swap',
          },
        }
      : {
          swap: {
            memo: record.inbound.memo,
            liquidityFee: record.fees?.liquidity ?? '0',
            networkFees,
            swapSlip: '0',
            swapTarget: record.limit ?? '0',
            txType: 'swap',
            isStreamingSwap: record.streaming !== undefined,
            affiliateAddress: record.affiliates[0]?.name ?? '',
            affiliateFee: String(record.affiliates.reduce((sum, affiliate) => sum + affiliate.bps, 0)),
            inPriceUSD: '0',
            outPriceUSD: '0',
          },
        },
  }
}
