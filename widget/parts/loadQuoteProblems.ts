import type { QuoteProblem } from './describeQuoteError'
import type { QuoteProblems } from './quoteProblems'

let loaded: QuoteProblems | undefined
let loading: Promise<QuoteProblems> | undefined

/** The failed-quote code once loaded (see `loadQuoteProblems`), for rendering. */
export function loadedQuoteProblems(): QuoteProblems | undefined {
  return loaded
}

/**
 * Loads the failed-quote code once per page; a failed load is forgotten, so the next failure tries
 * again.
 */
export function loadQuoteProblems(): Promise<QuoteProblems> {
  loading ??= import('./quoteProblems').then(
    (module) => (loaded = module.quoteProblems),
    (error) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * A quote failure in plain words (`describeQuoteError`). When even that code cannot load, the network
 * is the likely cause, and that is what it says.
 */
export async function describeQuoteErrorLazily(error: unknown): Promise<QuoteProblem> {
  try {
    return (loaded ?? (await loadQuoteProblems())).describeQuoteError(error)
  } catch {
    return { code: 'NETWORK', message: 'The quote service cannot be reached.' }
  }
}
