import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HISTORY_KEY, HISTORY_LIMIT, readSwapHistory, recordSwapHistory } from './swapHistory'
import type { SwapRecord } from './swapRecords'

function memoryStorage(): Storage {
  const values = new Map<string, string>()
  return {
    get length() {
      return values.size
    },
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  }
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()))
afterEach(() => vi.unstubAllGlobals())

function record(quoteId: string, extra: Partial<SwapRecord> = {}): SwapRecord {
  return {
    quoteId,
    apiBase: 'https://api.example',
    page: '/',
    route: 'tx',
    hash: `0x${'ab'.repeat(32)}`,
    sellChain: 'ETH',
    sellSymbol: 'ETH',
    sellAmount: '1',
    buyChain: 'BASE',
    buySymbol: 'USDC',
    minBuyAmount: '2475',
    state: 'pending',
    ...extra,
  }
}

describe('the swap history of this site', () => {
  it('lists swaps newest first', () => {
    recordSwapHistory({ record: record('q_first'), nowMs: 1000 })
    recordSwapHistory({ record: record('q_second'), nowMs: 2000 })
    expect(readSwapHistory().map((entry) => entry.quoteId)).toEqual(['q_second', 'q_first'])
  })

  it('updates a swap in place as its state moves on, keeping when it was sent', () => {
    recordSwapHistory({ record: record('q_one'), nowMs: 1000 })
    recordSwapHistory({ record: record('q_two'), nowMs: 2000 })
    recordSwapHistory({
      record: record('q_one', {
        state: 'delivered',
        deliveredAmount: '2500',
        destinationTx: { chain: 'BASE', hash: `0x${'de'.repeat(32)}` },
      }),
      nowMs: 9000,
    })
    const [newest, older] = readSwapHistory()
    expect(newest?.quoteId).toBe('q_two')
    expect(older).toMatchObject({
      quoteId: 'q_one',
      state: 'delivered',
      deliveredAmount: '2500',
      sentAtMs: 1000,
    })
  })

  it(`keeps at most ${HISTORY_LIMIT} swaps, dropping the oldest`, () => {
    for (let index = 0; index <= HISTORY_LIMIT; index++) {
      recordSwapHistory({ record: record(`q_${index}`), nowMs: index })
    }
    const history = readSwapHistory()
    expect(history).toHaveLength(HISTORY_LIMIT)
    expect(history[0]?.quoteId).toBe(`q_${HISTORY_LIMIT}`)
    expect(history.some((entry) => entry.quoteId === 'q_0')).toBe(false)
  })

  it('leaves a deposit’s instructions out and says it awaits the deposit until /status has seen it', () => {
    const deposit = { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.01', symbol: 'BTC' }
    const waiting = record('q_dep', { route: 'deposit', hash: undefined, deposit: deposit as never })
    recordSwapHistory({ record: waiting, nowMs: 1 })
    expect(readSwapHistory()[0]).toMatchObject({ awaitingDeposit: true })
    expect(readSwapHistory()[0]).not.toHaveProperty('deposit')
    recordSwapHistory({ record: { ...waiting, deposit: undefined, state: 'inFlight' }, nowMs: 2 })
    expect(readSwapHistory()[0]).not.toHaveProperty('awaitingDeposit')
  })

  it('skips entries that do not read as swaps, and reads damaged storage as empty', () => {
    localStorage.setItem(
      HISTORY_KEY,
      JSON.stringify([{ quoteId: 'q_ok', state: 'failed', sentAtMs: 1 }, { nope: 1 }, null]),
    )
    expect(readSwapHistory().map((entry) => entry.quoteId)).toEqual(['q_ok'])
    localStorage.setItem(HISTORY_KEY, '{not json')
    expect(readSwapHistory()).toEqual([])
  })
})
