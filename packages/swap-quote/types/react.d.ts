/*
 * `<swap-quote>` in React 19 JSX: `import type {} from '@swap-quote/widget/react'` once in the app.
 *
 * React 19 sets a prop as a property when the element has one (`provider`, `clock`), as an attribute
 * otherwise (`api-base`, `sell-chain`, ...), and adds a listener for an `on…` prop: `onswap-quote:done`
 * listens to `swap-quote:done`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { SwapQuote, SwapQuoteAttributes, SwapQuoteEventMap, SwapQuoteProperties } from './element'

/** `on` + the event's name: `onswap-quote:quote`, `onswap-quote:done`, ... */
export type SwapQuoteReactEventProps = {
  [Name in keyof SwapQuoteEventMap as `on${Name}`]?: (event: SwapQuoteEventMap[Name]) => void
}

/** The props of `<swap-quote>` in JSX. */
export type SwapQuoteReactProps = DetailedHTMLProps<HTMLAttributes<SwapQuote>, SwapQuote> &
  SwapQuoteAttributes &
  SwapQuoteProperties &
  SwapQuoteReactEventProps

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'swap-quote': SwapQuoteReactProps
    }
  }
}
