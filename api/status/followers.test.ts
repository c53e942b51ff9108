import { describe, expect, it } from 'vitest'
import { SwapError, SwapStatusSchema } from '../../shared'
import { createFakeFetch, type FakeAnswer, type RecordedCall } from '../venues/common/createFakeFetch'
import type { ChainLog, ChainReader, ChainReceipt, ChainTransaction } from './createChainReader'
import { getSwapStatus } from './getSwapStatus'
import { THORCHAIN_TRANSFER_OUT_TOPIC, TRANSFER_TOPIC } from './readDelivery'
import type { FollowContext } from './statusFinding'
import { calldataDigest, type TrackingRecord } from './trackingRecord'
import cowOrderExpired from './fixtures/cowOrderExpired.json'
import cowOrderFulfilled from './fixtures/cowOrderFulfilled.json'
import cowOrderOpen from './fixtures/cowOrderOpen.json'
import cowTrades from './fixtures/cowTrades.json'
import lifiStatusDone from './fixtures/lifiStatusDone.json'
import lifiStatusFailed from './fixtures/lifiStatusFailed.json'
import lifiStatusNotFound from './fixtures/lifiStatusNotFound.json'
import lifiStatusPartial from './fixtures/lifiStatusPartial.json'
import lifiStatusPending from './fixtures/lifiStatusPending.json'
import lifiStatusRefunded from './fixtures/lifiStatusRefunded.json'
import lifiStatusUnknownHash404 from './fixtures/lifiStatusUnknownHash404.json'
import midgardActions from './fixtures/midgardActions.json'
import thornodeTxStatusCounting from './fixtures/thornodeTxStatusCounting.json'
import thornodeTxStatusDone from './fixtures/thornodeTxStatusDone.json'
import thornodeTxStatusRefund from './fixtures/thornodeTxStatusRefund.json'
import thornodeTxStatusSwapping from './fixtures/thornodeTxStatusSwapping.json'
import thornodeTxStatusUnseen from './fixtures/thornodeTxStatusUnseen.json'

/*
 * Each venue's follower against recorded answers in the venue's real shape (fixtures/), through a fake
 * `fetch`, and a fake chain holding the receipts the delivery is checked against.
 */

const user = '0x70a9f34f9b34c64957b9c401a97bfed35b95049e'
const btcUser = 'bc1qc7slrfxkknqcq2jevvvkdgvrt8080852dfjewde'
const btcVault = 'bc1q8gwfvsx3yzmzzg3ga3hmc7t4t4ln6ulnr9v2lw'
const ethVault = '0x6e4a38a9f1a5cd2e0f3e3b4e2d21e9e4d7b2c3a1'
const usdcEth = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const usdcBase = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const lifiSource = lifiStatusDone.sending.txHash
const lifiDelivery = lifiStatusDone.receiving.txHash
const NOW = Date.UTC(2026, 10, 7, 18)

const word = (value: bigint) => value.toString(16).padStart(64, '0')
const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
const transfer = (token: string, from: string, to: string, value: bigint): ChainLog => ({
  address: token,
  topics: [TRANSFER_TOPIC, topic(from), topic(to)],
  data: `0x${word(value)}`,
})

type FakeTx = {
  receipt: Partial<ChainReceipt>
  transaction?: Omit<ChainTransaction, 'input'> & { input?: string }
}

/** A chain reader over a few transactions per chain, and balances per block. */
function fakeChains(
  txs: Record<string, FakeTx>,
  {
    readable = ['ETH', 'BASE'],
    balances = {},
  }: { readable?: string[]; balances?: Record<string, bigint> } = {},
) {
  const reads: string[] = []
  const reader: ChainReader = {
    has: (chain) => readable.includes(chain),
    async receipt(chain, hash) {
      reads.push(`${chain}:receipt:${hash}`)
      const found = txs[`${chain}:${hash.toLowerCase()}`]
      if (!found) return undefined
      return {
        transactionHash: hash,
        status: 'success',
        from: user,
        to: undefined,
        blockNumber: 100n,
        gasUsed: 0n,
        effectiveGasPrice: 0n,
        l1Fee: 0n,
        logs: [],
        ...found.receipt,
      }
    },
    async transaction(chain, hash) {
      reads.push(`${chain}:transaction:${hash}`)
      const found = txs[`${chain}:${hash.toLowerCase()}`]?.transaction
      return found && { input: '0x', ...found }
    },
    async balance(chain, address, blockNumber) {
      const balance = balances[`${chain}:${address.toLowerCase()}:${blockNumber}`]
      if (balance === undefined) throw new Error('missing trie node')
      return balance
    },
  }
  return { reader, reads }
}

function record(overrides: Partial<TrackingRecord>): TrackingRecord {
  return {
    v: 1,
    quoteId: 'q_AAAAAAAAAAAAAAAAAAAAAA',
    provider: 'lifi',
    sellChain: 'ETH',
    buyChain: 'BASE',
    sellToken: { symbol: 'USDC', decimals: 6, address: usdcEth },
    buyToken: { symbol: 'USDC', decimals: 6, address: usdcBase },
    sender: user,
    recipient: user,
    minBuyAmount: '99150000',
    route: 'tx',
    txTo: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
    tool: 'across',
    issuedAt: NOW - 60_000,
    ...overrides,
  }
}

async function follow({
  trackingRecord,
  hash,
  answers,
  chains = fakeChains({}),
}: {
  trackingRecord: TrackingRecord
  hash: string | undefined
  answers: FakeAnswer[] | ((call: RecordedCall) => FakeAnswer)
  chains?: ReturnType<typeof fakeChains>
}) {
  const { fetch, calls } = createFakeFetch(answers)
  const context: FollowContext = {
    record: trackingRecord,
    hash,
    reader: chains.reader,
    fetch,
    endpoints: {
      lifiBaseUrl: 'https://li.quest/v1',
      lifiApiKey: 'lifi-key',
      thornodeUrl: 'https://thornode.example',
      midgardUrl: 'https://midgard.example',
    },
    signal: new AbortController().signal,
  }
  const status = SwapStatusSchema.parse(await getSwapStatus(context, NOW))
  return { status, calls, reads: chains.reads }
}

describe('LI.FI bridge routes: GET /v1/status, checked on the destination chain', () => {
  const lifi = record({})

  it('asks with the source hash, both chain ids and the bridge; PENDING is inFlight', async () => {
    const { status, calls } = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusPending }],
    })
    expect(status).toMatchObject({
      state: 'inFlight',
      provider: 'lifi',
      sourceTx: { chain: 'ETH', hash: lifiSource },
    })
    expect(status.reason).toContain('The bridge is waiting for the destination transaction.')
    expect(status.updatedAt).toBe(new Date(NOW).toISOString())
    const url = new URL(calls[0]!.url)
    expect(`${url.origin}${url.pathname}`).toBe('https://li.quest/v1/status')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      txHash: lifiSource,
      fromChain: '1',
      toChain: '8453',
      bridge: 'across',
    })
    expect(calls[0]!.headers['x-lifi-api-key']).toBe('lifi-key')
  })

  it('DONE/COMPLETED is delivered once the receiving receipt pays the recipient at least the minimum', async () => {
    const chains = fakeChains({
      [`BASE:${lifiDelivery}`]: {
        receipt: {
          logs: [transfer(usdcBase, '0x5c7bcd6e7de5423a257d81b442095a1a6ced35c5', user, 99_651_200n)],
        },
      },
    })
    const { status } = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusDone }],
      chains,
    })
    expect(status).toMatchObject({
      state: 'delivered',
      destinationTx: { chain: 'BASE', hash: lifiDelivery },
      deliveredAmount: '99.6512',
    })
    expect(status.reason).toBeUndefined()
  })

  it('DONE is not believed against the chain: a receipt paying less than the minimum stays inFlight, one not mined yet too', async () => {
    const short = fakeChains({
      [`BASE:${lifiDelivery}`]: { receipt: { logs: [transfer(usdcBase, usdcBase, user, 5_000_000n)] } },
    })
    const shortStatus = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusDone }],
      chains: short,
    })
    expect(shortStatus.status.state).toBe('inFlight')
    expect(shortStatus.status.reason).toMatch(
      /paid the recipient 5 USDC, less than the minimum of 99\.15 USDC/,
    )
    const unmined = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusDone }],
    })
    expect(unmined.status).toMatchObject({
      state: 'inFlight',
      destinationTx: { chain: 'BASE', hash: lifiDelivery },
    })
  })

  it('without a node for the destination chain, DONE is delivered as LI.FI reports it, and says so', async () => {
    const { status } = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusDone }],
      chains: fakeChains({}, { readable: ['ETH'] }),
    })
    expect(status).toMatchObject({ state: 'delivered', deliveredAmount: '99.6512' })
    expect(status.reason).toMatch(/as LI\.FI reports it: this deployment has no node for BASE/)
  })

  it('NOT_FOUND (200, or 404 code 1003) is read against the source receipt: not mined pending, reverted failed, mined inFlight', async () => {
    const unmined = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusNotFound }],
    })
    expect(unmined.status.state).toBe('pending')
    const reverted = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ status: 404, json: lifiStatusUnknownHash404 }],
      chains: fakeChains({ [`ETH:${lifiSource}`]: { receipt: { status: 'reverted' } } }),
    })
    expect(reverted.status).toMatchObject({ state: 'failed', sourceTx: { chain: 'ETH', hash: lifiSource } })
    expect(reverted.status.reason).toMatch(/reverted on ETH/)
    const mined = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusNotFound }],
      chains: fakeChains({ [`ETH:${lifiSource}`]: { receipt: {} } }),
    })
    expect(mined.status.state).toBe('inFlight')
  })

  it('DONE/REFUNDED is refunded, with the amount the refund receipt paid back on the sell chain', async () => {
    const refundTx = lifiStatusRefunded.receiving.txHash
    const chains = fakeChains({
      [`ETH:${refundTx}`]: { receipt: { logs: [transfer(usdcEth, usdcEth, user, 99_700_000n)] } },
    })
    const { status } = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusRefunded }],
      chains,
    })
    expect(status).toMatchObject({
      state: 'refunded',
      destinationTx: { chain: 'ETH', hash: refundTx },
      deliveredAmount: '99.7',
      reason: 'LI.FI: The tokens were refunded to the sender address.',
    })
  })

  it('DONE/PARTIAL (another token delivered) is failed, naming what arrived; FAILED is failed', async () => {
    const partial = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusPartial }],
    })
    expect(partial.status).toMatchObject({ state: 'failed', destinationTx: { chain: 'BASE' } })
    expect(partial.status.reason).toMatch(/delivered 99\.64 USDbC instead of USDC/)
    const failed = await follow({
      trackingRecord: lifi,
      hash: lifiSource,
      answers: [{ json: lifiStatusFailed }],
    })
    expect(failed.status).toMatchObject({ state: 'failed' })
    expect(failed.status.reason).toContain('The return amount is below the minimum amount.')
  })

  it('an answer of another shape, or a 5xx, is UPSTREAM_ERROR', async () => {
    for (const answer of [{ json: { status: 'MAYBE' } }, { status: 503, json: { message: 'busy' } }]) {
      const error = await follow({ trackingRecord: lifi, hash: lifiSource, answers: [answer] }).catch(
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(SwapError)
      expect((error as SwapError).code).toBe('UPSTREAM_ERROR')
    }
  })
})

describe('THORChain routes: THORNode tx status, Midgard for a deposit without a hash', () => {
  const inbound = thornodeTxStatusDone.tx.id
  const payout = thornodeTxStatusDone.out_txs[0]!.id
  const deposit = record({
    provider: 'thorchain',
    sellChain: 'BTC',
    buyChain: 'ETH',
    sellToken: { symbol: 'BTC', decimals: 8 },
    buyToken: { symbol: 'ETH', decimals: 18 },
    sender: btcUser,
    minBuyAmount: '15043800000000000',
    route: 'deposit',
    txTo: undefined,
    tool: undefined,
    depositAddress: btcVault,
    memo: thornodeTxStatusDone.tx.memo,
  })
  // THORChain pays native ETH through its router: `TransferOut(vault, to, asset 0, amount, memo)`.
  const transferOut = (amount: bigint): ChainLog => ({
    address: '0xd37bbe5744d730a1d98d8dc97c42f0ca46ad7146',
    topics: [THORCHAIN_TRANSFER_OUT_TOPIC, topic(ethVault), topic(user)],
    data: `0x${word(0n)}${word(amount)}${word(96n)}${word(0n)}`,
  })
  const payoutOnEth = fakeChains({
    [`ETH:0x${payout.toLowerCase()}`]: { receipt: { logs: [transferOut(15_210_000_000_000_000n)] } },
  })

  it('asks THORNode by the id as it writes it; unseen is pending, confirmations counting pending with the time left', async () => {
    const unseen = await follow({
      trackingRecord: deposit,
      hash: inbound.toLowerCase(),
      answers: [{ json: thornodeTxStatusUnseen }],
    })
    expect(unseen.status).toMatchObject({
      state: 'pending',
      sourceTx: { chain: 'BTC', hash: inbound.toLowerCase() },
    })
    expect(unseen.calls[0]!.url).toBe(`https://thornode.example/thorchain/tx/status/${inbound}`)
    const counting = await follow({
      trackingRecord: deposit,
      hash: inbound,
      answers: [{ json: thornodeTxStatusCounting }],
    })
    expect(counting.status.state).toBe('pending')
    expect(counting.status.reason).toMatch(/confirmations on BTC \(about 540 s\)/)
  })

  it('swapping (streaming) is inFlight', async () => {
    const { status } = await follow({
      trackingRecord: deposit,
      hash: inbound,
      answers: [{ json: thornodeTxStatusSwapping }],
    })
    expect(status).toMatchObject({ state: 'inFlight', reason: 'THORChain is swapping in 10 parts (3 done).' })
  })

  it('an OUT payout is delivered once its receipt shows the router paying the recipient at least the minimum', async () => {
    const { status } = await follow({
      trackingRecord: deposit,
      hash: inbound,
      answers: [{ json: thornodeTxStatusDone }],
      chains: payoutOnEth,
    })
    expect(status).toMatchObject({
      state: 'delivered',
      provider: 'thorchain',
      sourceTx: { chain: 'BTC', hash: inbound },
      destinationTx: { chain: 'ETH', hash: `0x${payout.toLowerCase()}` },
      deliveredAmount: '0.01521',
    })
  })

  it('a deposit without a hash is found on Midgard by the sender and the memo, then followed on THORNode', async () => {
    const { status, calls } = await follow({
      trackingRecord: deposit,
      hash: undefined,
      answers: (call) =>
        call.url.startsWith('https://midgard.example')
          ? { json: midgardActions }
          : { json: thornodeTxStatusDone },
      chains: payoutOnEth,
    })
    expect(status).toMatchObject({
      state: 'delivered',
      sourceTx: { chain: 'BTC', hash: inbound },
      deliveredAmount: '0.01521',
    })
    const midgard = new URL(calls[0]!.url)
    expect(midgard.pathname).toBe('/v2/actions')
    expect(Object.fromEntries(midgard.searchParams)).toEqual({
      address: btcUser,
      type: 'swap,refund',
      fromTimestamp: String(Math.floor((NOW - 60_000) / 1000) - 600),
      limit: '50',
    })
    expect(calls[1]!.url).toBe(`https://thornode.example/thorchain/tx/status/${inbound}`)
  })

  it('a deposit Midgard does not know yet is pending, without a source transaction', async () => {
    const { status, calls } = await follow({
      trackingRecord: deposit,
      hash: undefined,
      answers: [{ json: { actions: [], count: '0', meta: { nextPageToken: '', prevPageToken: '' } } }],
    })
    expect(status.state).toBe('pending')
    expect(status).not.toHaveProperty('sourceTx')
    expect(calls).toHaveLength(1)
  })

  it("refuses a hash whose inbound carries another memo: not this quote's deposit", async () => {
    const other = {
      ...thornodeTxStatusDone,
      tx: { ...thornodeTxStatusDone.tx, memo: '=:ETH.ETH:0x0000000000000000000000000000000000000001:1' },
    }
    const error = await follow({ trackingRecord: deposit, hash: inbound, answers: [{ json: other }] }).catch(
      (caught: unknown) => caught,
    )
    expect((error as SwapError).code).toBe('BAD_REQUEST')
  })

  describe('from an EVM chain, through the router', () => {
    const ethIn = `0x${thornodeTxStatusRefund.tx.id.toLowerCase()}`
    const refundId = thornodeTxStatusRefund.out_txs[0]!.id
    const routed = record({
      provider: 'thorchain',
      sellChain: 'ETH',
      buyChain: 'BTC',
      sellToken: { symbol: 'ETH', decimals: 18 },
      buyToken: { symbol: 'BTC', decimals: 8 },
      minBuyAmount: '160000',
      txTo: '0xd37bbe5744d730a1d98d8dc97c42f0ca46ad7146',
      memo: thornodeTxStatusRefund.tx.memo,
      tool: undefined,
    })

    it('a reverted source transaction is failed without asking THORNode', async () => {
      const { status, calls } = await follow({
        trackingRecord: routed,
        hash: ethIn,
        answers: [],
        chains: fakeChains({ [`ETH:${ethIn}`]: { receipt: { status: 'reverted' } } }),
      })
      expect(status).toMatchObject({ state: 'failed', sourceTx: { chain: 'ETH', hash: ethIn } })
      expect(calls).toHaveLength(0)
    })

    it('a REFUND outbound is refunded, with what the refund transaction paid back', async () => {
      const chains = fakeChains({
        [`ETH:${ethIn}`]: { receipt: {} },
        [`ETH:0x${refundId.toLowerCase()}`]: {
          receipt: { from: ethVault, to: user },
          transaction: { from: ethVault, to: user, value: 49_800_000_000_000_000n },
        },
      })
      const { status } = await follow({
        trackingRecord: routed,
        hash: ethIn,
        answers: [{ json: thornodeTxStatusRefund }],
        chains,
      })
      expect(status).toMatchObject({
        state: 'refunded',
        destinationTx: { chain: 'ETH', hash: `0x${refundId.toLowerCase()}` },
        deliveredAmount: '0.0498',
      })
    })
  })
})

describe('CoW orders: the order book, then the settlement on chain', () => {
  const uid = cowOrderOpen.uid
  const settlement = cowTrades[0]!.txHash
  const cow = record({
    provider: 'cow',
    sellChain: 'ETH',
    buyChain: 'ETH',
    buyToken: { symbol: 'WETH', decimals: 18, address: weth },
    minBuyAmount: '16380000000000000',
    route: 'order',
    txTo: undefined,
    tool: undefined,
    orderBookUrl: 'https://api.cow.fi/mainnet',
  })

  it('open is pending, expired is failed', async () => {
    const open = await follow({ trackingRecord: cow, hash: uid, answers: [{ json: cowOrderOpen }] })
    expect(open.status).toMatchObject({ state: 'pending', sourceTx: { chain: 'ETH', hash: uid } })
    expect(open.calls[0]!.url).toBe(`https://api.cow.fi/mainnet/api/v1/orders/${uid}`)
    const expired = await follow({ trackingRecord: cow, hash: uid, answers: [{ json: cowOrderExpired }] })
    expect(expired.status.state).toBe('failed')
    expect(expired.status.reason).toMatch(/expired unfilled/)
  })

  it('fulfilled finds the settlement in the trades and is delivered once it pays the receiver the signed minimum', async () => {
    const chains = fakeChains({
      [`ETH:${settlement}`]: {
        receipt: {
          logs: [transfer(weth, '0x9008d19f58aabd9ed0d60971565aa8510560ab41', user, 16_466_000_000_000_000n)],
        },
      },
    })
    const { status, calls } = await follow({
      trackingRecord: cow,
      hash: uid,
      answers: [{ json: cowOrderFulfilled }, { json: cowTrades }],
      chains,
    })
    expect(status).toMatchObject({
      state: 'delivered',
      provider: 'cow',
      destinationTx: { chain: 'ETH', hash: settlement },
      deliveredAmount: '0.016466',
    })
    expect(calls[1]!.url).toBe(`https://api.cow.fi/mainnet/api/v2/trades?orderUid=${uid}`)
  })

  it("an order the book does not know is pending; an order of another owner is not this quote's", async () => {
    const unknown = await follow({
      trackingRecord: cow,
      hash: uid,
      answers: [{ status: 404, json: { errorType: 'NotFound', description: 'Order was not found' } }],
    })
    expect(unknown.status.state).toBe('pending')
    const error = await follow({
      trackingRecord: cow,
      hash: uid,
      answers: [{ json: { ...cowOrderOpen, owner: '0x0000000000000000000000000000000000000001' } }],
    }).catch((caught: unknown) => caught)
    expect((error as SwapError).code).toBe('BAD_REQUEST')
  })
})

describe('same-chain routes: the receipt on the chain', () => {
  const swapHash = `0x${'ab'.repeat(32)}`
  const toEth = record({
    provider: '0x',
    sellChain: 'ETH',
    buyChain: 'ETH',
    buyToken: { symbol: 'ETH', decimals: 18 },
    minBuyAmount: '30000000000000000',
    tool: undefined,
  })

  it("a native buy is measured by the rise of the recipient's balance over the block, adding back the gas it paid", async () => {
    const chains = fakeChains(
      {
        [`ETH:${swapHash}`]: {
          receipt: { from: user, gasUsed: 150_000n, effectiveGasPrice: 2_000_000_000n },
        },
      },
      {
        balances: {
          [`ETH:${user}:99`]: 1_000_000_000_000_000_000n,
          [`ETH:${user}:100`]: 1_031_700_000_000_000_000n,
        },
      },
    )
    const { status } = await follow({ trackingRecord: toEth, hash: swapHash, answers: [], chains })
    // 0.0317 ETH more, plus the 0.0003 ETH of gas the recipient paid: 0.032 ETH reached it.
    expect(status).toMatchObject({
      state: 'delivered',
      deliveredAmount: '0.032',
      destinationTx: { chain: 'ETH', hash: swapHash },
    })
  })

  it("reads the swap's transaction once per poll, though both the hash check and the native delivery need it", async () => {
    const chains = fakeChains(
      {
        [`ETH:${swapHash}`]: {
          receipt: { from: user },
          transaction: { from: user, to: toEth.txTo, value: 0n, input: '0xfeed' },
        },
      },
      { balances: { [`ETH:${user}:99`]: 1n, [`ETH:${user}:100`]: 32_000_000_000_000_001n } },
    )
    const { status, reads } = await follow({
      trackingRecord: { ...toEth, txDataDigest: calldataDigest('0xfeed') },
      hash: swapHash,
      answers: [],
      chains,
    })
    expect(status).toMatchObject({ state: 'delivered', deliveredAmount: '0.032' })
    expect(reads.filter((read) => read.includes(':transaction:'))).toEqual([`ETH:transaction:${swapHash}`])
  })

  it("a node without the block's state still says delivered on a successful receipt, without an amount, and says why", async () => {
    const { status } = await follow({
      trackingRecord: toEth,
      hash: swapHash,
      answers: [],
      chains: fakeChains({ [`ETH:${swapHash}`]: { receipt: {} } }),
    })
    expect(status.state).toBe('delivered')
    expect(status).not.toHaveProperty('deliveredAmount')
    expect(status.reason).toMatch(/contract enforces the minimum/)
  })

  it('is NOT_CONFIGURED on a chain this deployment has no node for', async () => {
    const error = await follow({
      trackingRecord: toEth,
      hash: swapHash,
      answers: [],
      chains: fakeChains({}, { readable: [] }),
    }).catch((caught: unknown) => caught)
    expect((error as SwapError).code).toBe('NOT_CONFIGURED')
  })
})
