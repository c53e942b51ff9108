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
 * (`hashMessage`), without the English itself.
 */
export type Catalog = {
  dir: 'ltr' | 'rtl'
  /** The messages' ids, end to end (`MESSAGE_ID_LENGTH` characters each), in the order of `texts`. */
  ids: string
  /** The translations. */
  texts: readonly string[]
}

/**
 * The catalog that ships for `source`. A catalog file (`widget/locales/<language>.ts`) exports
 * `defineCatalog({ … })`; the widget's build (`compactCatalogs` in `widget/vite.config.ts`) runs it at
 * build time and writes only its result into the chunk, while tests and the browser tests run it
 * as it stands. Throws when two messages share an id.
 *
 * @example
 * defineCatalog({ dir: 'ltr', messages: { 'Sell chain': 'Verkaufs-Chain' } }) // { dir, ids: '…', texts: ['Verkaufs-Chain'] }
 */
export function defineCatalog({ dir, messages }: CatalogSource): Catalog {
  const seen = new Map<string, string>()
  for (const english of Object.keys(messages)) {
    const id = hashMessage(english)
    const other = seen.get(id)
    if (other !== undefined) throw new Error(`"${english}" and "${other}" have the same id ${id}`)
    seen.set(id, english)
  }
  return { dir, ids: [...seen.keys()].join(''), texts: Object.values(messages) }
}
