/**
 * The widget's words in other languages, gettext style: a message is keyed by its English text, so
 * English needs no catalog at all (nothing extra in the first load) and the source reads as it shows.
 *
 * How to use it in a view: take `t` from the element (a `Translate`) and write the English words,
 * with `{name}` for what varies:
 *
 *     t('Sell chain')
 *     t('Time left: {time}', { time: formatCountdown(seconds, t) })
 *
 * Always pass a literal as the first argument: `translate.test.ts` scans the widget's sources for
 * `t('…')` and checks that every catalog in `widget/locales/` has exactly those keys. A catalog is
 * written with the English beside each translation (`defineCatalog`), and ships without it: the
 * build keeps only a three-character id of each English message (`hashMessage`). Numbers, amounts
 * and dates are not words: format them with `Intl` in the element's `locale` (`formatNumber`) and
 * hand them in as values. Words that are kept in English for events or logs but shown translated are
 * marked with `english` (imported as `t`) where they are written, and translated where they are shown.
 *
 * Hand-written rather than `@lit/localize`: that one picks one locale per page (the element takes its
 * own), and its runtime and generated modules cost more than this function, where the first load has
 * no room to spare.
 */
export type Translate = (english: string, values?: Readonly<Record<string, string | number>>) => string

/** Finds a message's translation by its English text; `undefined` when the catalog has none. */
export type LookUpMessage = (english: string) => string | undefined

/**
 * A translator over a catalog (`lookUp`): the translation of a message when the catalog has one, else
 * the English, with each `{name}` replaced by `values[name]`. A `{name}` with no value stays as written,
 * so a message can be marked (`english`) before its values are known and filled where it is shown.
 *
 * @example
 * const messages: Record<string, string> = { 'Balance {amount}': 'Guthaben {amount}' }
 * createTranslator((english) => messages[english])('Balance {amount}', { amount: '1,5' }) // 'Guthaben 1,5'
 */
export function createTranslator(lookUp: LookUpMessage = () => undefined): Translate {
  return (english, values) =>
    (lookUp(english) ?? english).replace(/{(\w+)}/g, (all, name: string) => `${values?.[name] ?? all}`)
}

/** The English translator: marks words for the catalogs where they are kept in English (see above). */
export const english: Translate = createTranslator()
