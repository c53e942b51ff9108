import { renderExecution } from './renderExecution'
import { resumeSwap } from './resumeSwap'
import { runExecution } from './runExecution'

/** What executing a quote needs at run time: the wallet code (viem), delivery tracking and the views of its progress. */
export type Executing = {
  run: typeof runExecution
  resume: typeof resumeSwap
  renderExecution: typeof renderExecution
}

/**
 * The code only someone who executes a quote (or returns to a swap being tracked) needs. The element
 * imports this module when the user presses the action button, or on connect when a tracked swap is
 * kept, so the page's first load carries neither viem nor these views.
 */
export const executing: Executing = { run: runExecution, resume: resumeSwap, renderExecution }
