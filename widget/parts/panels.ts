/**
 * The element's three panels in one chunk (`loadPanel`): each is small, and one chunk for all three
 * weighs less than three (about 0.7 KB gzip less for everything a user can load) at the cost of a
 * little more on the first panel opened.
 */
export * as settings from './renderSettings'
export * as history from './renderHistory'
export * as route from './renderRouteDetail'
