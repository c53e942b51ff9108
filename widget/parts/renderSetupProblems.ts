import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { describeSetupProblem, type SetupProblem } from './describeSetupProblem'

/**
 * The set-up problems above the form, for the site owner: what to fix in the page's attributes
 * (nothing when there is none).
 * Written for a developer and kept in English, like the console warnings that say the same.
 */
export function renderSetupProblems(problems: SetupProblem[]): TemplateResult | typeof nothing {
  if (problems.length === 0) return nothing
  // Styled here, not in the element's sheet: this box loads only when needed, and so do its rules.
  return html`<style>
      .setup-problem {
        margin-block-end: 0.75rem;
        padding: 0.5rem 0.75rem;
        border: 1px dashed var(--_error);
        border-radius: calc(var(--_radius) * 0.75);
        color: var(--_error);
        font-size: 0.85em;
      }
      .setup-problem ul {
        margin: 0.25rem 0 0;
        padding-inline-start: 1.1rem;
      }
    </style>
    <div part="setup-problem" class="setup-problem" role="alert" data-testid="setup-problem">
      <strong>For the site owner: this swap widget is not set up correctly.</strong>
      <ul>
        ${problems.map((problem) => html`<li>${describeSetupProblem(problem)}</li>`)}
      </ul>
    </div>`
}

/** Warns each set-up problem in the console once per element (`warned` keeps what was said). */
export function warnSetupProblems(problems: SetupProblem[], warned: Set<string>): void {
  for (const problem of problems.map(describeSetupProblem)) {
    if (warned.has(problem)) continue
    warned.add(problem)
    console.warn(`<swap-quote>: ${problem}`)
  }
}
