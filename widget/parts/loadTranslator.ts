import type { Catalog } from './defineCatalog'
import { hashMessage, MESSAGE_ID_LENGTH } from './hashMessage'
import { createTranslator, english, type LookUpMessage, type Translate } from './translate'

/**
 * The languages that have a catalog (`widget/locales/<language>.ts`), each its own chunk: a page loads
 * only the one its element asks for. To add a language, write its catalog (copy one, translate every
 * message, set `dir`) and list it here; `translate.test.ts` checks it has every message.
 */
export const catalogs: Record<string, () => Promise<{ catalog: Catalog }>> = {
  ar: () => import('../locales/ar'),
  de: () => import('../locales/de'),
  es: () => import('../locales/es'),
}

export type LoadTranslatorParameters = {
  /** A BCP 47 tag, as the element resolved it (`de-CH`, `ar`, `pt-BR`). */
  locale: string
  /** The element's shadow root: its text runs as the catalog's does (`dir`). */
  root: ShadowRoot
  /** Takes the translator once it is ready (not called for a locale the element has meanwhile left). */
  use: (t: Translate) => void
}

/** Per element, the locale asked for last: a slower, older load never overrides it. */
const latest = new WeakMap<ShadowRoot, string>()
/** Per element, the sheet that sets its direction, added to its own styles. */
const directions = new WeakMap<ShadowRoot, CSSStyleSheet>()

/**
 * Loads the catalog for `locale`, falling back from the full tag to its language (`de-CH` -> `de`) and
 * then to English, and hands the element its translator. The element's text then runs the way the
 * catalog's language does, right to left for Arabic; with no catalog (English) it keeps the page's
 * direction. The rule sits on `:host`, so a page's own `direction` on the element still wins.
 *
 * @example
 * loadTranslator({ locale: 'de-CH', root: this.shadowRoot, use: (t) => (this.t = t) })
 */
export async function loadTranslator({ locale, root, use }: LoadTranslatorParameters): Promise<void> {
  latest.set(root, locale)
  const tag = locale.toLowerCase()
  const load = catalogs[tag] ?? catalogs[tag.split('-')[0]!]
  const catalog = load ? (await load()).catalog : undefined
  if (latest.get(root) !== locale) return
  let sheet = directions.get(root)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    directions.set(root, sheet)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  }
  sheet.replaceSync(catalog ? `:host { direction: ${catalog.dir} }` : '')
  use(
    catalog
      ? (catalog.dir === 'rtl' ? isolateValues : (t: Translate) => t)(createTranslator(lookUpIn(catalog)))
      : english,
  )
}

/** Finds a translation in `catalog` by its English message's id. */
export function lookUpIn({ seed, ids, texts }: Catalog): LookUpMessage {
  const byId = new Map(
    texts.map((text, index) => [ids.slice(index * MESSAGE_ID_LENGTH, (index + 1) * MESSAGE_ID_LENGTH), text]),
  )
  return (english) => byId.get(hashMessage(english, seed))
}

/**
 * A right-to-left translator whose values (amounts, symbols, chain names) each sit in their own
 * bidirectional isolate (U+2068 ... U+2069): inside Arabic words, "1 ETH" stays "1 ETH" instead of
 * its number drifting to the symbol's other side.
 */
function isolateValues(t: Translate): Translate {
  return (english, values) =>
    t(
      english,
      values &&
        Object.fromEntries(Object.entries(values).map(([name, value]) => [name, `\u2068${value}\u2069`])),
    )
}
