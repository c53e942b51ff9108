import type { Address, Hex } from 'viem'
import type { CowOrder, CowSigningScheme } from './cowOrder'

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
  /** Buy-token amounts paid to partner fee recipients. */
  executedPartnerFees: { recipient: Address; amount: bigint }[]
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
  nextQuoteId(): number
}

/** Creates an empty in-memory order book shared by the CoW simulator and the sandbox solver. */
export function createCowOrderStore(): CowOrderStore {
  let quoteId = 0
  return { appData: new Map(), orders: new Map(), quotes: new Map(), nextQuoteId: () => ++quoteId }
}
