/*
 * `<swap-quote>` in Vue templates checked by vue-tsc: `import type {} from '@swap-quote/widget/vue'`
 * once in the app (an `env.d.ts` will do). Tell Vue's compiler the tag is a custom element
 * (`compilerOptions.isCustomElement: (tag) => tag === 'swap-quote'`); listen with
 * `@swap-quote:done="…"`.
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue'
import type { SwapQuote, SwapQuoteAttributes, SwapQuoteEventMap } from './element'

/** `api-base` → `apiBase`: Vue's template checker reads an attribute as the camel-cased prop. */
type CamelCase<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name

/** The attributes as Vue props; Vue sets each as the element's property of that name. */
export type SwapQuoteVueProps = {
  [Name in keyof SwapQuoteAttributes as CamelCase<Name & string>]: SwapQuoteAttributes[Name]
}

type SwapQuoteEmits = EmitFn<{ [Name in keyof SwapQuoteEventMap]: (event: SwapQuoteEventMap[Name]) => void }>

/**
 * The element as Vue's template checker reads a component: props from `$props`, events from `$emit`.
 * Neither exists on the element at run time.
 */
export type SwapQuoteVueComponent = new () => SwapQuote & {
  $props: HTMLAttributes & SwapQuoteVueProps & PublicProps
  $emit: SwapQuoteEmits
}

declare module 'vue' {
  interface GlobalComponents {
    'swap-quote': SwapQuoteVueComponent
  }
}
