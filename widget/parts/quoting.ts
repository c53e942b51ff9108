import { checkAmount } from '../../shared/amount'
import { createQuoteClient } from '../../shared/client'
import type { QuoteClient } from '../../shared/client'
import type { Translate } from './translate'

/** What quoting needs from `shared/` at run time: the typed client and the amount grammar. */
export type Quoting = {
  /** The typed API client (chains, tokens, quotes); every response goes through the shared zod schemas. */
  createClient(baseUrl: string): QuoteClient
  /** Why `value` is not a valid amount for a token with `decimals`, in the user's words, or `undefined`. */
  checkAmount(value: string, decimals: number, t: Translate): string | undefined
}

/**
 * The quoting code that carries zod (the client's schemas) and the amount grammar. It is
 * part of the first load: the first quote needs it, and loading it apart only added a round trip
 * before the first `/chains` and `/quote` requests.
 */
export const quoting: Quoting = {
  createClient: (baseUrl) => createQuoteClient({ baseUrl }),
  checkAmount: (value, decimals, t) => {
    // The contract's grammar as `parseAmount` checks it (shared/amount), worded for people.
    const problem = checkAmount({ value, decimals })
    switch (problem?.kind) {
      case undefined:
        return undefined
      case 'empty':
        return t('Enter an amount')
      case 'tooLong':
        return t('The amount is too long.')
      case 'notDecimal':
        return t('Enter a plain positive number, like 0.1.')
      case 'tooPrecise':
        return t('This token has at most {decimals} decimal places.', { decimals: String(problem.decimals) })
      case 'zero':
        return t('Enter an amount greater than zero.')
    }
  },
}
