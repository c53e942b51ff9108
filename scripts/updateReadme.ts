/**
 * `npm run readme`: rewrites the README's generated blocks (its contents from its headings, the
 * configuration table from `api/config.ts`, the fee table from `api/fees/venueFeeTerms.ts`) between
 * their markers, so they are never written by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { formatFeeTable } from '../api/fees/venueFeeTerms'
import { formatConfigTable } from './printConfigTable'

/**
 * The contents: a link to every `##` and `###` heading outside code blocks, by the anchor GitHub gives it
 * (lower case, punctuation but `_` and `-` dropped, spaces as hyphens, a repeated heading numbered).
 */
export function formatContents(readme: string): string {
  const seen = new Map<string, number>()
  // A second heading of the same words gets `-1`, a third `-2`, as GitHub numbers them.
  const anchor = (title: string) => {
    const base = title
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return count === 0 ? base : `${base}-${count}`
  }
  let fenced = false
  return readme
    .split('\n')
    .flatMap((line) => {
      if (line.startsWith('```')) fenced = !fenced
      const heading = fenced ? null : /^(##|###) (.+)$/.exec(line)
      if (!heading || heading[2] === 'Contents') return []
      const [, level, title] = heading as unknown as [string, string, string]
      return [`${level === '##' ? '' : '  '}- [${title}](#${anchor(title)})`]
    })
    .join('\n')
}

/** The README with each generated block replaced. */
export function updateReadme(readme: string): string {
  return [
    { name: 'contents', table: formatContents(readme) },
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
