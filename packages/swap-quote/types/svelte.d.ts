/*
 * `<swap-quote>` in Svelte 5 markup checked by svelte-check: `import type {} from
 * '@swap-quote/widget/svelte'` once in the app (an `app.d.ts` will do).
 */
import type { HTMLAttributes } from 'svelte/elements'
import type { SwapQuote, SwapQuoteAttributes, SwapQuoteProperties } from './element'

/**
 * The attributes of `<swap-quote>` in Svelte markup; Svelte sets `provider` and `clock` as properties.
 * Listen to its events through `bind:this` and `addEventListener`.
 */
export type SwapQuoteSvelteAttributes = HTMLAttributes<SwapQuote> & SwapQuoteAttributes & SwapQuoteProperties

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'swap-quote': SwapQuoteSvelteAttributes
  }
}
