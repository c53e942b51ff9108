import { describeProblemAction } from './describeProblemAction'
import { describeQuoteError } from './describeQuoteError'
import { describeSetupProblem } from './describeSetupProblem'
import { renderQuoteProblem } from './renderQuoteProblem'
import { renderSetupProblems, warnSetupProblems } from './renderSetupProblems'

/** What showing a problem takes: the words of failed quotes and set-up problems, and their views. */
export type QuoteProblems = {
  describeQuoteError: typeof describeQuoteError
  describeProblemAction: typeof describeProblemAction
  describeSetupProblem: typeof describeSetupProblem
  renderQuoteProblem: typeof renderQuoteProblem
  renderSetupProblems: typeof renderSetupProblems
  warnSetupProblems: typeof warnSetupProblems
}

/**
 * The problem code: the plain words for each error code, the action button's words for it, the view
 * with its retry countdown, two-step suggestion and "Try again", and the site owner's set-up problems
 * (their words and their box above the form).
 * Loaded with `loadQuoteProblems` when a quote first fails or a set-up problem stands, so the page's
 * first load does not carry words most visitors never see.
 */
export const quoteProblems: QuoteProblems = {
  describeQuoteError,
  describeProblemAction,
  describeSetupProblem,
  renderQuoteProblem,
  renderSetupProblems,
  warnSetupProblems,
}
