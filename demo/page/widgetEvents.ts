import type {} from '../../widget'

/** Every event `<swap-quote>` dispatches, by name (all bubble and are composed). */
export const widgetEventNames = [
  'swap-quote:quote',
  'swap-quote:change',
  'swap-quote:connect',
  'swap-quote:before-execute',
  'swap-quote:step',
  'swap-quote:submitted',
  'swap-quote:done',
  'swap-quote:error',
] as const satisfies readonly (keyof HTMLElementEventMap)[]

/** The name of a `<swap-quote>` event. */
export type WidgetEventName = (typeof widgetEventNames)[number]

/** Any `<swap-quote>` event, discriminated by `type`. */
export type WidgetEvent = {
  [Name in WidgetEventName]: HTMLElementEventMap[Name] & { type: Name }
}[WidgetEventName]
