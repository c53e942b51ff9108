/**
 * The element's three panels in one chunk (`loadPanel`): each is small, and one chunk for all three
 * weighs less than three (about 0.7 KB gzip less for everything a user can load) at the cost of a
 * little more on the first panel opened. Plain objects rather than `export * as`: a namespace object
 * needs the bundler's runtime helper in the chunk.
 */
import { renderPanel as renderHistoryPanel } from './renderHistory'
import { renderRouteDetail } from './renderRouteDetail'
import { renderPanel as renderSettingsPanel } from './renderSettings'

export const settings = { renderPanel: renderSettingsPanel }
export const history = { renderPanel: renderHistoryPanel }
export const route = { renderRouteDetail }
