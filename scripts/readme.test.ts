import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { configSettings } from '../api/config'
import { formatContents, updateReadme } from './updateReadme'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const scripts = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>
  }
).scripts

describe('README', () => {
  it('documents every setting of the API in its configuration table', () => {
    const undocumented = configSettings
      .map((setting) => setting.name)
      .filter((name) => !readme.includes(`| \`${name}\` |`))
    expect(undocumented).toEqual([])
  })

  it('holds its contents and the configuration and fee tables exactly as generated (npm run readme)', () => {
    expect(updateReadme(readme)).toBe(readme)
  })

  it('lists every section in its contents, each linked to its heading', () => {
    const contents = formatContents(readme)
    expect(contents).toContain('- [Events](#events)')
    expect(contents).toContain('  - [Following a swap: `/status`](#following-a-swap-status)')
    // A heading inside a code block is not a section.
    expect(formatContents('## A\n```md\n## Not one\n```\n### B')).toBe('- [A](#a)\n  - [B](#b)')
    // As GitHub makes them: `_` kept, a repeated heading numbered.
    expect(formatContents('## QUOTE_LOG_PATH\n## Notes\n## Notes')).toBe(
      '- [QUOTE_LOG_PATH](#quote_log_path)\n- [Notes](#notes)\n- [Notes](#notes-1)',
    )
  })

  it('documents every npm command the package defines', () => {
    const commands = Object.keys(scripts).filter((name) => name !== 'format' && !name.startsWith('test:'))
    const undocumented = commands.filter(
      (name) => !readme.includes(name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`),
    )
    expect(undocumented).toEqual([])
  })
})
