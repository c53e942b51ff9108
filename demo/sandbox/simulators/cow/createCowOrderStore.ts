import type { Address, Hex } from 'viem'
import type { CowOrder, CowSigningScheme } from './cowOrder'
import type { FeeFactor } from './readPartnerFees'

/** An order the simulated order book holds. */
export type StoredCowOrder = {
  uid: Hex
  chainId: number
  owner: Address
  order: CowOrder
  signingScheme: CowSigningScheme
  signature: Hex
  /** The app-data document, when the book knows it (posted in full or PUT before). */
  fullAppData?: string
  quoteId?: number
  creationDate: string
  status: 'open' | 'fulfilled' | 'expired'
  executedSellAmount: bigint
  executedBuyAmount: bigint
  /** Buy-token amounts each partner-fee policy took, with its applied factor (accrued, paid out later). */
  executedPartnerFees: { recipient: Address; amount: bigint; factor: FeeFactor; kind: 'volume' | 'surplus' }[]
  txHash?: Hex
  blockNumber?: bigint
  /** Settlement attempts that failed (the solver gives up after a few). */
  failures: number
}

/** The order book's state: app-data documents by hash, orders by uid, quotes by id. */
export type CowOrderStore = {
  appData: Map<Hex, string>
  orders: Map<Hex, StoredCowOrder>
  quotes: Map<number, { chainId: number; validTo: number }>
  /**
   * Partner fees taken at settlement and not yet paid out, by `chainId:recipient:token` (lower case): what
   * CoW DAO's weekly payout would settle, before its share.
   */
  accruedPartnerFees: Map<string, bigint>
  nextQuoteId(): number
}

/** Creates an empty in-memory order book shared by the CoW simulator and the sandbox solver. */
export function createCowOrderStore(): CowOrderStore {
  let quoteId = 0
  return {
    appData: new Map(),
    orders: new Map(),
    quotes: new Map(),
    accruedPartnerFees: new Map(),
    nextQuoteId: () => ++quoteId,
  }
}
