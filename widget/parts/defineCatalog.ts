import { hashMessage } from './hashMessage'

/** A language's catalog as a translator writes it: each English message with its translation. */
export type CatalogSource = {
  /** Which way the language's text runs. */
  dir: 'ltr' | 'rtl'
  /** The English text (the `t('…')` key) -> its translation. */
  messages: Readonly<Record<string, string>>
}

/**
 * A language's catalog as it ships: the translations, each under its English message's id
 * (`hashMessage` with `seed`), without the English itself.
 */
export type Catalog = {
  dir: 'ltr' | 'rtl'
  /** The seed of the messages' ids: the first under which no two of them share one. */
  seed: number
  /** The messages' ids, end to end (`MESSAGE_ID_LENGTH` characters each), in the order of `texts`. */
  ids: string
  /** The translations. */
  texts: readonly string[]
}

/** Seeds tried before giving up: with a few hundred messages, one seed in ten or so has a shared id. */
const MAX_SEEDS = 64

/**
 * The catalog that ships for `source`. A catalog file (`widget/locales/<language>.ts`) exports
 * `defineCatalog({ … })`; the widget's build (`compactCatalogs` in `widget/vite.config.ts`) runs it at
 * build time and writes only its result into the chunk, while tests and the browser tests run it
 * as it stands. The ids use the first seed under which every message has an id of its own.
 *
 * @example
 * defineCatalog({ dir: 'ltr', messages: { 'Sell chain': 'Verkaufs-Chain' } }) // { dir, seed: 0, ids: '…', texts: ['Verkaufs-Chain'] }
 */
export function defineCatalog({ dir, messages }: CatalogSource): Catalog {
  const english = Object.keys(messages)
  for (let seed = 0; seed < MAX_SEEDS; seed++) {
    const ids = english.map((message) => hashMessage(message, seed))
    if (new Set(ids).size === ids.length)
      return { dir, seed, ids: ids.join(''), texts: Object.values(messages) }
  }
  throw new Error(`no seed up to ${MAX_SEEDS} gives each of the ${english.length} messages an id of its own`)
}
