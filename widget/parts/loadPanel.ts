import type { DelayTimers } from './delay'
import type { Translate } from './translate'

/**
 * The element's panels, loaded when the user first opens one: the settings (the gear), the history,
 * and the inside of the quote's route details. The three share one chunk (`panels`).
 */
export const loadPanel = {
  settings: () => import('./panels').then((panels) => panels.settings),
  history: () => import('./panels').then((panels) => panels.history),
  route: () => import('./panels').then((panels) => panels.route),
}

/** A panel's name. */
export type PanelName = keyof typeof loadPanel
/** A loaded panel's module. */
export type Panels = { [name in PanelName]?: Awaited<ReturnType<(typeof loadPanel)[name]>> }

/**
 * What the settings and history panels read of their element (`renderPanel(host)`): passing the
 * element itself keeps the wiring in the first load to one call. `_slippage` and `_panel` are the
 * element's reactive state: setting them renders it again.
 */
export type PanelHost = {
  requestUpdate(): void
  readonly isConnected: boolean
  /** The host's `slippage` attribute: what auto means. */
  slippage: string | undefined
  explorerUrl: string | undefined
  clock: DelayTimers & { now: () => number }
  readonly locale: string
  /** The element's translator. */
  t: Translate
  /** The user's own slippage on this site, or `undefined` for auto. */
  _slippage: string | undefined
  /** The open panel. */
  _panel: 'settings' | 'history' | undefined
  /** The element's quoting: `typed()` makes its next request wait for a pause in typing. */
  quotes: { typed(): void }
}
