import { html, type TemplateResult } from 'lit'
import type { WidgetEventLine } from './describeWidgetEvent'

/** One logged event with the time it arrived. */
export type LoggedEvent = WidgetEventLine & { at: Date; id: number }

const tagClass = (name: string) => (name === 'error' ? 'tag error' : name === 'done' ? 'tag done' : 'tag')

/** The event-log panel, newest first. */
export function renderEventLog(events: readonly LoggedEvent[]): TemplateResult {
  return html`${events.map(
    (event) =>
      html`<li>
        <time datetime=${event.at.toISOString()}>${event.at.toTimeString().slice(0, 8)}</time>
        <span class=${tagClass(event.name)}>${event.name}</span>
        <span class="summary">${event.summary}</span>
      </li>`,
  )}`
}
