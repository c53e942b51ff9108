import { describeQuoteError } from './describeQuoteError'
import { renderQuoteProblem } from './renderQuoteProblem'

/** What showing a failed quote takes: its words and its view. */
export type QuoteProblems = {
  describeQuoteError: typeof describeQuoteError
  renderQuoteProblem: typeof renderQuoteProblem
}

/**
 * The failed-quote code: the plain words for each error code and the view with its retry countdown,
 * two-step suggestion and "Try again". Loaded with `loadQuoteProblems` when a quote first fails, so the
 * page's first load does not carry words most visitors never see.
 */
export const quoteProblems: QuoteProblems = { describeQuoteError, renderQuoteProblem }
