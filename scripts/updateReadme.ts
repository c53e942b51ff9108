/**
 * `npm run readme`: rewrites the README's generated tables (configuration from `api/config.ts`, fees
 * from `api/fees/venueFeeTerms.ts`) between their markers, so they are never written by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { formatFeeTable } from '../api/fees/venueFeeTerms'
import { formatConfigTable } from './printConfigTable'

/** The README with each generated block replaced. */
export function updateReadme(readme: string): string {
  return [
    { name: 'config-table', table: formatConfigTable() },
    { name: 'fee-table', table: formatFeeTable() },
  ].reduce((text, { name, table }) => {
    const start = `<!-- ${name} -->`
    const end = `<!-- /${name} -->`
    const from = text.indexOf(start)
    const to = text.indexOf(end)
    if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} block`)
    return `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`
  }, readme)
}

if (process.argv[1]?.endsWith('updateReadme.ts')) {
  const path = new URL('../README.md', import.meta.url)
  writeFileSync(path, updateReadme(readFileSync(path, 'utf8')))
}
