import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const apiRoot = fileURLToPath(new URL('.', import.meta.url))

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

function importsOf(path: string): string[] {
  return [...readFileSync(path, 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1] as string)
}

describe('dependency direction inside api/', () => {
  const files = sourceFiles(apiRoot).map((path) => ({
    file: relative(apiRoot, path),
    imports: importsOf(path),
  }))

  it('keeps venues free of quote/ and routes/, and middleware free of routes/', () => {
    const offending = files.filter(
      ({ file, imports }) =>
        (file.startsWith('venues/') && imports.some((spec) => /\/(quote|routes)\//.test(spec))) ||
        (file.startsWith('middleware/') && imports.some((spec) => spec.includes('/routes/'))),
    )
    expect(offending).toEqual([])
  })

  it('imports shared only through its entry point, and never widget/ or demo/', () => {
    const offending = files.filter(({ imports }) =>
      imports.some((spec) => /\.\.\/shared\/|\/widget\/|\/demo\//.test(spec)),
    )
    expect(offending).toEqual([])
  })

  it('reads process.env only in server.ts and partnerReport.ts', () => {
    const readers = sourceFiles(apiRoot)
      .filter((path) => !path.includes('/testing/') && readFileSync(path, 'utf8').includes('process.env'))
      .map((path) => relative(apiRoot, path))
      .sort()
    expect(readers).toEqual(['partnerReport.ts', 'server.ts'])
  })
})
