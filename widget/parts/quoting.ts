import { parseAmount } from '../../shared/amount'
import { createQuoteClient } from '../../shared/client'
import type { QuoteClient } from '../../shared/client'

/** What quoting needs from `shared/` at run time: the typed client and the amount grammar. */
export type Quoting = {
  /** The typed API client (chains, tokens, quotes); every response goes through the shared zod schemas. */
  createClient(baseUrl: string): QuoteClient
  /** Why `value` is not a valid amount for a token with `decimals`, or `undefined` when it is. */
  checkAmount(value: string, decimals: number): string | undefined
}

/**
 * The quoting code that carries zod (the client's schemas, and `parseAmount`'s `SwapError`). It is
 * part of the first load: the first quote needs it, and loading it apart only added a round trip
 * before the first `/chains` and `/quote` requests.
 */
export const quoting: Quoting = {
  createClient: (baseUrl) => createQuoteClient({ baseUrl }),
  checkAmount: (value, decimals) => {
    try {
      parseAmount({ value, decimals })
      return undefined
    } catch (error) {
      return error instanceof Error ? error.message : 'amount is not valid'
    }
  },
}
