/*
 * What every framework's typings share: the element's attributes (generated from
 * custom-elements.json into `attributes.d.ts` by the package build) and its events.
 */
import type { SwapQuote } from './widget/swap-quote'
import type {} from './widget/events'
import type { SwapQuoteAttributes } from './attributes'

export type { SwapQuote, SwapQuoteAttributes }

/** Every event `<swap-quote>` dispatches, by name (`swap-quote:quote`, `swap-quote:done`, ...). */
export type SwapQuoteEventMap = {
  [
    Name in keyof HTMLElementEventMap as Name extends `swap-quote:${string}` ? Name : never
  ]: HTMLElementEventMap[Name]
}

/** The properties that have no attribute: set them as properties (`element.provider = …`). */
export type SwapQuoteProperties = Partial<Pick<SwapQuote, 'provider' | 'walletConnectors' | 'clock'>>
