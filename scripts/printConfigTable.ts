/**
 * Prints the README's configuration table from the API's config schema (`api/config.ts`), so the
 * table is never written by hand: `npx tsx scripts/printConfigTable.ts`.
 */
import { configSettings } from '../api/config'

export function formatConfigTable(): string {
  const rows = configSettings.map(
    (setting) =>
      `| \`${setting.name}\` | ${setting.default ? `\`${setting.default}\`` : ''} | ${setting.description.replace(/\|/g, '\\|')} |`,
  )
  return ['| setting | default | what it does |', '|---|---|---|', ...rows].join('\n')
}

if (process.argv[1]?.endsWith('printConfigTable.ts')) process.stdout.write(`${formatConfigTable()}\n`)
