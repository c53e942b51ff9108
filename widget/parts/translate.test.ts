import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { defineCatalog } from './defineCatalog'
import { hashMessage, MESSAGE_ID_LENGTH } from './hashMessage'
import { catalogs, lookUpIn } from './loadTranslator'
import { createTranslator, english } from './translate'

const widgetDir = fileURLToPath(new URL('..', import.meta.url))

/** Every widget source file (no tests, no catalogs). */
async function widgetSources(): Promise<string[]> {
  const entries = await readdir(widgetDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.includes('.test'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !relative(widgetDir, path).startsWith('locales') && !relative(widgetDir, path).startsWith('test'),
    )
}

/** The literal first arguments of `t('…')` calls: the messages the catalogs must translate. */
async function messageKeys(): Promise<{ keys: Set<string>; templated: string[] }> {
  const keys = new Set<string>()
  const templated: string[] = []
  for (const path of await widgetSources()) {
    // Comment lines are documentation (translate.ts shows `t('…')` in its own); only code counts.
    const source = (await readFile(path, 'utf8')).replace(/^\s*(\/\/|\/\*|\*).*$/gm, '')
    for (const match of source.matchAll(/\bt\(\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|(`))/g)) {
      if (match[3])
        templated.push(`${relative(widgetDir, path)}: ${source.slice(match.index, match.index + 60)}`)
      else keys.add((match[1] ?? match[2]!).replace(/\\(.)/g, '$1'))
    }
  }
  return { keys, templated }
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe('translate', () => {
  it('shows English with its placeholders filled when no catalog has the message', () => {
    expect(english('Balance {amount} of {symbol}', { amount: '1.5', symbol: 'ETH' })).toBe(
      'Balance 1.5 of ETH',
    )
    const t = createTranslator(lookUpIn(defineCatalog({ dir: 'ltr', messages: { Swap: 'Tauschen' } })))
    expect(t('Swap')).toBe('Tauschen')
    expect(t('Swap anyway')).toBe('Swap anyway')
  })

  it('shows the translation, filling the placeholders wherever the language puts them', () => {
    const t = createTranslator(
      lookUpIn(
        defineCatalog({
          dir: 'rtl',
          messages: { '{problem}, retrying in {seconds} s': 'إعادة المحاولة خلال {seconds} ث: {problem}' },
        }),
      ),
    )
    expect(t('{problem}, retrying in {seconds} s', { problem: 'x', seconds: 8 })).toBe(
      'إعادة المحاولة خلال 8 ث: x',
    )
  })

  it('leaves a placeholder with no value as written, so a marked message can be filled where it is shown', () => {
    const key = english('The wallet could not switch to {chain}.')
    expect(key).toBe('The wallet could not switch to {chain}.')
    const messages: Record<string, string> = { [key]: 'Die Wallet konnte nicht zu {chain} wechseln.' }
    expect(createTranslator((english) => messages[english])(key, { chain: 'Base' })).toBe(
      'Die Wallet konnte nicht zu Base wechseln.',
    )
  })

  it('ships a catalog without its English: three-character ids, each message found by its English', () => {
    const catalog = defineCatalog({
      dir: 'ltr',
      messages: { 'Sell chain': 'Verkaufs-Chain', 'Buy chain': 'Kauf-Chain' },
    })
    expect(catalog.ids).toHaveLength(2 * MESSAGE_ID_LENGTH)
    expect(JSON.stringify(catalog)).not.toMatch(/Sell chain|Buy chain/)
    const lookUp = lookUpIn(catalog)
    expect([lookUp('Sell chain'), lookUp('Buy chain'), lookUp('Sell')]).toEqual([
      'Verkaufs-Chain',
      'Kauf-Chain',
      undefined,
    ])
  })

  it('takes the next seed when two messages would share an id, and still finds each one', () => {
    // Two different texts with one id under seed 0, found by search: the id keeps 18 bits of a 32-bit hash.
    const [first, second] = findSameId()
    const catalog = defineCatalog({ dir: 'ltr', messages: { [first]: 'a', [second]: 'b' } })
    expect(catalog.seed).toBeGreaterThan(0)
    const lookUp = lookUpIn(catalog)
    expect([lookUp(first), lookUp(second)]).toEqual(['a', 'b'])
  })

  it('gives every message in the sources an id of its own in every catalog', async () => {
    const { keys } = await messageKeys()
    for (const load of Object.values(catalogs)) {
      const { catalog } = await load()
      const ids = [...keys].map((key) => hashMessage(key, catalog.seed))
      expect(new Set(ids).size).toBe(ids.length)
    }
  })

  it('finds the messages in the widget sources, written as literals', async () => {
    const { keys, templated } = await messageKeys()
    expect(templated, 'a message must be a plain literal, so the catalogs can be checked').toEqual([])
    // A few the user sees on every page: the scan must find them, or it checks nothing.
    for (const key of ['You pay', 'Amount to sell', 'Swap', 'Quote expires in {time}'])
      expect(keys).toContain(key)
  })

  for (const [language, load] of Object.entries(catalogs)) {
    it(`${language}: translates every message, keeps each one's placeholders, and has no stale keys`, async () => {
      const { catalog } = await load()
      const { keys } = await messageKeys()
      // The catalog holds ids of the English; the sources tell which English each id stands for.
      const englishById = new Map([...keys].map((key) => [hashMessage(key, catalog.seed), key]))
      const ids = catalog.ids.match(new RegExp(`.{${MESSAGE_ID_LENGTH}}`, 'g')) ?? []
      expect(ids).toHaveLength(catalog.texts.length)
      expect(
        catalog.texts.filter((_, index) => !englishById.has(ids[index]!)),
        'stale: translations of messages no longer in the sources',
      ).toEqual([])
      const lookUp = lookUpIn(catalog)
      expect(
        [...keys].filter((key) => lookUp(key) === undefined),
        'missing from the catalog',
      ).toEqual([])
      for (const key of keys) {
        const translation = lookUp(key) ?? ''
        expect(translation.trim(), key).not.toBe('')
        expect(placeholders(translation), `placeholders of "${key}"`).toEqual(placeholders(key))
      }
    })
  }
})

/** Two different messages with the same id (the first pair of numbered texts found). */
function findSameId(): [string, string] {
  const seen = new Map<string, string>()
  for (let index = 0; ; index++) {
    const text = `message ${index}`
    const other = seen.get(hashMessage(text, 0))
    if (other !== undefined) return [other, text]
    seen.set(hashMessage(text, 0), text)
  }
}
