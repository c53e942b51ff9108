import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { catalogs } from './parts/loadTranslator'
import { compactCatalogs } from './vite.config'

/** What the build writes for a catalog file: its `transform` result. */
async function build(code: string, id: string): Promise<string> {
  const { transform } = compactCatalogs() as unknown as {
    transform: (code: string, id: string) => Promise<{ code: string } | null>
  }
  const result = await transform(code, id)
  if (!result) throw new Error(`${id} was left as it is`)
  return result.code
}

describe('compactCatalogs', () => {
  for (const [language, load] of Object.entries(catalogs)) {
    it(`${language}: builds the catalog the browser would make from the source, without the English`, async () => {
      const path = fileURLToPath(new URL(`./locales/${language}.ts`, import.meta.url))
      const source = await readFile(path, 'utf8')
      const built = await build(source, path)
      const { catalog } = await load()
      expect(built.startsWith('export const catalog = ')).toBe(true)
      expect(JSON.parse(built.slice('export const catalog = '.length))).toEqual(catalog)
      // The English keys are gone; a few that every catalog has:
      for (const english of ['Amount to sell', 'Quote expires in {time}', 'Settings'])
        expect(built).not.toContain(`"${english}"`)
      expect(source).toContain(`'Amount to sell'`)
    })
  }

  it('refuses a catalog file that is not plain data, naming the file', async () => {
    const id = '/repo/widget/locales/xx.ts'
    const head = "import { defineCatalog } from '../parts/defineCatalog'\n"
    await expect(
      build(`${head}export const catalog = defineCatalog({ dir: 'ltr', messages: { a: b } })`, id),
    ).rejects.toThrow(/xx\.ts: Identifier is not a string/)
    await expect(build(`${head}export const catalog = { dir: 'ltr', messages: {} }`, id)).rejects.toThrow(
      /not a `defineCatalog/,
    )
    await expect(build(`${head}export const catalog = defineCatalog({ messages: {} })`, id)).rejects.toThrow(
      /needs `dir`/,
    )
  })

  it('leaves every other module alone', async () => {
    const { transform } = compactCatalogs() as unknown as {
      transform: (code: string, id: string) => Promise<unknown>
    }
    expect(await transform("export const x = 'y'", '/repo/widget/parts/translate.ts')).toBeNull()
  })
})
