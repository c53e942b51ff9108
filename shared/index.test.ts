import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as shared from './index'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name)
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path)
    return /\.ts$/.test(name) && !/\.test(-d)?\.ts$/.test(name) ? [path] : []
  })
}

function packagesImportedBy(path: string): string[] {
  return [...readFileSync(path, 'utf8').matchAll(/(?:from|import\()\s*'([^'.][^']*)'/g)].map((match) =>
    (match[1] as string)
      .split('/')
      .slice(0, (match[1] as string).startsWith('@') ? 2 : 1)
      .join('/'),
  )
}

describe('shared/', () => {
  it('imports only zod and viem (and node: built-ins nowhere), so it runs in browsers and on any server', () => {
    const offending = sourceFiles(join(repoRoot, 'shared')).flatMap((path) =>
      packagesImportedBy(path)
        .filter((name) => name !== 'zod' && name !== 'viem')
        .map((name) => `${relative(repoRoot, path)}: ${name}`),
    )
    expect(offending).toEqual([])
  })

  it('is imported by widget/ without reaching into api/ or demo/', () => {
    const offending = sourceFiles(join(repoRoot, 'widget')).filter((path) =>
      /from '[^']*\/(api|demo)\//.test(readFileSync(path, 'utf8')),
    )
    expect(offending.map((path) => relative(repoRoot, path))).toEqual([])
  })

  it('exposes this public surface (a change here is a change to every consumer)', () => {
    expect(Object.keys(shared).sort()).toMatchSnapshot()
  })
})
