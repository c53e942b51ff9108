import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../demo/e2e/launchChromium'
import { serveDirectory } from '../demo/e2e/serveDirectory'
import { createFakeApi } from '../widget/test/fakeApi'
import { packWidget } from './packWidget'

/*
 * The widget package as an app gets it: packed with `npm pack`, installed from the tarball into fresh
 * apps with npm (`--prefer-offline`: the root install has put these packages in npm's cache), then
 * type-checked in React, Vue and Svelte and rendered by Vite builds in Chromium against the fake API
 * over real HTTP. Slow by nature (npm installs and builds), so every step waits on a result, not a time.
 */

const run = promisify(execFile)
const root = fileURLToPath(new URL('..', import.meta.url))
const fixtures = join(root, 'packages/swap-quote/fixtures')
const rootManifestText = await readFile(join(root, 'package.json'), 'utf8')
const rootManifest = JSON.parse(rootManifestText) as {
  devDependencies: Record<string, string>
}
/** The repository's own range for a tool, so the apps use what the repository tests with. */
const rangeOf = (name: string) => {
  const range = rootManifest.devDependencies[name]
  if (!range) throw new Error(`${name} is not a devDependency of the repository`)
  return `${name}@${range}`
}

let work: string
let tarball: string
let packageDir: string
let rootManifestAfterPack: string

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'swap-quote-pack-'))
  ;({ tarball, packageDir } = await packWidget({ outDir: work }))
  rootManifestAfterPack = await readFile(join(root, 'package.json'), 'utf8')
}, 600_000)

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

/** Copies `fixtures/<names>` into a new app directory and installs the tarball and `packages` there. */
async function createApp(name: string, fixtureNames: string[], packages: string[]): Promise<string> {
  const dir = join(work, name)
  for (const fixture of fixtureNames)
    await cp(join(fixtures, fixture), join(dir, fixture), { recursive: true })
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }, null, 2))
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...packages], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  })
  return dir
}

/** Runs a checker; resolves with its exit code and everything it printed. */
async function check(cwd: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['--no-install', ...args], {
      cwd,
      maxBuffer: 16 * 1024 * 1024,
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      output: `${failed.stdout}${failed.stderr}`,
    }
  }
}

/** The 1-based lines of `file` marked `error:` in a comment: where the checker must report an error. */
async function markedLines(file: string): Promise<number[]> {
  const lines = (await readFile(file, 'utf8')).split('\n')
  return lines.flatMap((line, index) => (/(\/\/|\/\*|<!--) error:/.test(line) ? [index + 1] : []))
}

describe('the packed widget package', () => {
  it('holds the bundler module, the script-tag file, types and a manifest that names every attribute and event', async () => {
    const { stdout } = await run('tar', ['tzf', tarball])
    const files = stdout.split('\n').map((file) => file.replace(/^package\//, ''))
    const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'))
    const targets = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value.replace(/^\.\//, '')]
        : Object.values(value as object).flatMap(targets)
    expect(targets(manifest.exports).filter((path) => !files.includes(path))).toEqual([])
    expect(files).toContain('dist/types/widget/index.d.ts')
    expect(files.some((file) => file.startsWith('dist/chunks/'))).toBe(true)
    expect(files.filter((file) => /\.test\.|fixtures\//.test(file))).toEqual([])

    const elements = JSON.parse(await readFile(join(packageDir, 'custom-elements.json'), 'utf8'))
    const element = elements.modules[0].declarations.find(
      (declaration: { tagName?: string }) => declaration.tagName,
    )
    expect(element.tagName).toBe('swap-quote')
    const source = await readFile(join(root, 'widget/swap-quote.ts'), 'utf8')
    const attributes = [...source.matchAll(/attribute: '([a-z-]+)'/g)].map(([, name]) => name)
    expect(element.attributes.map((attribute: { name: string }) => attribute.name)).toEqual(
      expect.arrayContaining([...attributes, 'amount', 'theme', 'partner']),
    )
    expect(element.attributes.some((attribute: { name: string }) => attribute.name.startsWith('_'))).toBe(
      false,
    )
    // Internal state, the translator `t` among it, is neither an attribute nor a member an app sees.
    const names = [...element.attributes, ...element.members].map((entry: { name: string }) => entry.name)
    expect(names).not.toContain('t')
    expect(names).not.toContain('_starting')
    expect(element.events.map((event: { name: string }) => event.name)).toEqual(
      expect.arrayContaining(['swap-quote:quote', 'swap-quote:done', 'swap-quote:error']),
    )
  })

  it("leaves the repository's own package.json as it was (the analyzer would add its output path)", () => {
    expect(rootManifestAfterPack).toBe(rootManifestText)
  })

  it('type-checks <swap-quote> in React (tsc), Vue (vue-tsc) and Svelte (svelte-check), and each rejects a wrong attribute', async () => {
    const dir = await createApp(
      'typings',
      ['react', 'vue', 'svelte'],
      [
        'typescript@~5.9.3',
        rangeOf('@types/react'),
        rangeOf('vue'),
        rangeOf('vue-tsc'),
        rangeOf('svelte'),
        'svelte-check@^4.3.0',
      ],
    )
    // One run per framework over `good/` and `bad/`: errors exactly on the lines of `bad/` marked
    // `error:`, none in `good/`.
    const checks = {
      react: { file: 'SwapPanel.tsx', args: ['tsc', '-p', 'react', '--pretty', 'false'] },
      vue: { file: 'SwapPanel.vue', args: ['vue-tsc', '-p', 'vue', '--pretty', 'false'] },
      svelte: {
        file: 'SwapPanel.svelte',
        args: ['svelte-check', '--workspace', 'svelte', '--output', 'machine'],
      },
    }
    for (const [framework, { file, args }] of Object.entries(checks)) {
      const { code, output } = await check(dir, args)
      // tsc and vue-tsc: `bad/SwapPanel.tsx(8,37): error TS2322: …`; svelte-check: `ERROR "bad/SwapPanel.svelte" 7:33 …`.
      const reported = [
        ...output.matchAll(/([\w/]+\.(?:tsx|vue|svelte))(?:\((\d+),\d+\): error|" (\d+):\d+)/g),
      ]
      const errors = new Map<string, number[]>()
      for (const [, path, tscLine, svelteLine] of reported) {
        const key = path!.replace(/^.*?(good|bad)\//, '$1/')
        errors.set(
          key,
          [...new Set([...(errors.get(key) ?? []), Number(tscLine ?? svelteLine)])].sort((a, b) => a - b),
        )
      }
      const marked = await markedLines(join(dir, framework, 'bad', file))
      expect(marked.length, framework).toBeGreaterThan(0)
      expect(Object.fromEntries(errors), `${framework}: ${output}`).toEqual({ [`bad/${file}`]: marked })
      expect(code, framework).not.toBe(0)
    }
  }, 900_000)

  describe('in a fresh Vite app, built and served', () => {
    let api: ServerType
    let apiUrl: string
    const servers: Server[] = []
    let browser: Awaited<ReturnType<typeof launchChromium>> | undefined

    beforeAll(async () => {
      await new Promise<void>((resolve) => {
        api = serve({ fetch: createFakeApi().fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
          apiUrl = `http://127.0.0.1:${info.port}`
          resolve()
        })
      })
      browser = await launchChromium()
    })

    afterAll(async () => {
      await browser?.close()
      for (const server of servers) await new Promise((resolve) => server.close(resolve))
      await new Promise((resolve) => api?.close(resolve))
    })

    /** Builds `dir` with Vite for the API at `apiBase` and serves its `dist/` on a port of its own. */
    async function buildAndServe(dir: string, apiBase: string): Promise<string> {
      await run('npx', ['--no-install', 'vite', 'build'], {
        cwd: dir,
        env: { ...process.env, VITE_SWAP_QUOTE_API: apiBase },
        maxBuffer: 16 * 1024 * 1024,
      })
      const server = await serveDirectory(join(dir, 'dist'))
      servers.push(server)
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    }

    /** Opens `url` and waits for the element's estimate; no error may reach the page. */
    async function openAndWaitForQuote(url: string): Promise<{ estimate: string; pageErrors: string[] }> {
      const page = browser!.page
      const pageErrors: string[] = []
      const onError = (error: Error) => pageErrors.push(error.message)
      page.on('pageerror', onError)
      try {
        await page.goto(url)
        const estimate = await page.waitForFunction(
          () =>
            document
              .querySelector('swap-quote')
              ?.shadowRoot?.querySelector('.summary .big > bdi:first-child')
              ?.textContent?.trim(),
          undefined,
          { timeout: 60_000, polling: 100 },
        )
        return { estimate: String(await estimate.jsonValue()), pageErrors }
      } finally {
        page.off('pageerror', onError)
      }
    }

    it('a plain TypeScript app: the bare import registers the element, which shows a quote', async () => {
      const dir = await createApp('vite-plain', ['vite-plain'], [rangeOf('vite')])
      const url = await buildAndServe(join(dir, 'vite-plain'), `${apiUrl}/s/ok~plain`)
      const { estimate, pageErrors } = await openAndWaitForQuote(url)
      expect(estimate).toBe('5.000001 USDC')
      expect(pageErrors).toEqual([])
    }, 600_000)

    it('a React app: the element shows a quote and React hears its swap-quote:quote event through a prop', async () => {
      const dir = await createApp(
        'vite-react',
        ['vite-react'],
        [rangeOf('vite'), rangeOf('@vitejs/plugin-react'), rangeOf('react'), rangeOf('react-dom')],
      )
      const url = await buildAndServe(join(dir, 'vite-react'), `${apiUrl}/s/ok~react`)
      const { estimate, pageErrors } = await openAndWaitForQuote(url)
      expect(estimate).toBe('5.000001 USDC')
      const received = await browser!.page.locator('[data-testid="received"]').textContent()
      expect(`${received} USDC`).toBe(estimate)
      expect(pageErrors).toEqual([])
    }, 600_000)
  })
})
