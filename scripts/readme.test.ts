import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { configSettings } from '../api/config'
import { updateReadme } from './updateReadme'

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

  it('holds the configuration and fee tables exactly as the code generates them (npm run readme)', () => {
    expect(updateReadme(readme)).toBe(readme)
  })

  it('documents every npm command the package defines', () => {
    const commands = Object.keys(scripts).filter((name) => name !== 'format' && !name.startsWith('test:'))
    const undocumented = commands.filter(
      (name) => !readme.includes(name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`),
    )
    expect(undocumented).toEqual([])
  })
})
