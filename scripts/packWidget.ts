/**
 * `npm run pack:widget`: builds the publishable widget package from `packages/swap-quote/` and packs
 * it with `npm pack` into a tarball an app can `npm install`.
 *
 * The package holds the two builds of `widget/vite.config.ts` (the self-contained script-tag file and
 * the ES module for bundlers), the public API's declarations (tsc), `custom-elements.json` (the
 * Custom Elements Manifest analyzer with its Lit support), and typings for React, Vue and Svelte.
 * Nothing here changes what the widget loads, so the bundle budget is untouched.
 */
import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build, type InlineConfig } from 'vite'
import widgetConfig from '../widget/vite.config'
import * as events from '../widget/events'

const run = promisify(execFile)
const root = fileURLToPath(new URL('..', import.meta.url))
const packageSource = join(root, 'packages/swap-quote')

export type PackWidgetParameters = {
  /** Where the package is assembled (`package/`) and the tarball written. */
  outDir: string
}

export type PackWidgetReturnType = {
  /** Absolute path of the `.tgz`. */
  tarball: string
  /** The assembled package directory, as the tarball holds it. */
  packageDir: string
}

/**
 * Builds and packs the widget package.
 *
 * @example
 * const { tarball } = await packWidget({ outDir: 'dist' }) // dist/swap-quote-widget-0.1.0.tgz
 */
export async function packWidget({ outDir }: PackWidgetParameters): Promise<PackWidgetReturnType> {
  const packageDir = join(outDir, 'package')
  await rm(packageDir, { recursive: true, force: true })
  await mkdir(packageDir, { recursive: true })

  const config = widgetConfig as InlineConfig
  await build({ ...config, logLevel: 'warn', build: { ...config.build, outDir: join(packageDir, 'dist') } })

  const manifest = JSON.parse(await readFile(join(packageSource, 'package.json'), 'utf8')) as PackageManifest
  await checkDependencies(join(packageDir, 'dist/esm'), manifest)

  const types = join(packageDir, 'dist/types')
  await npx(['tsc', '-p', join(packageSource, 'tsconfig.types.json'), '--outDir', types])
  await cp(join(packageSource, 'types'), types, { recursive: true })

  const elements = await analyzeElements()
  await writeFile(join(packageDir, 'custom-elements.json'), `${JSON.stringify(elements, null, 2)}\n`)
  await writeFile(join(types, 'attributes.d.ts'), formatAttributesType(elements))

  await writeFile(join(packageDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  await cp(join(packageSource, 'README.md'), join(packageDir, 'README.md'))

  const { stdout } = await run('npm', ['pack', packageDir, '--json', '--pack-destination', outDir], {
    cwd: root,
  })
  const [packed] = JSON.parse(stdout) as { filename: string }[]
  if (!packed) throw new Error('npm pack reported no tarball')
  return { tarball: join(outDir, packed.filename), packageDir }
}

type PackageManifest = { name: string; version: string; dependencies: Record<string, string> }

/**
 * Fails the build when the bundler module imports a package the manifest does not list, or lists it
 * with a range other than the repository's own: an app installs exactly what the widget was built
 * and tested against.
 */
async function checkDependencies(esmDir: string, manifest: PackageManifest): Promise<void> {
  const rootManifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as PackageManifest
  const imported = new Set<string>()
  for (const file of await listFiles(esmDir)) {
    const code = await readFile(file, 'utf8')
    // The build writes one `import … from "…"` (or `import "…"`) per line, and `import("…")` for a lazy one.
    const statics = code.matchAll(/^import\s(?:[^;]*?from\s*)?"([^"]+)"/gm)
    const lazy = code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)
    for (const [, specifier] of [...statics, ...lazy]) {
      if (specifier!.startsWith('.') || specifier!.startsWith('/')) continue
      const parts = specifier!.split('/')
      imported.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!)
    }
  }
  const problems = [...imported].flatMap((name) => {
    const range = manifest.dependencies[name]
    if (!range) return [`${name} is imported by the ES module but is not a dependency`]
    if (range !== rootManifest.dependencies[name])
      return [`${name}: ${range} in the package, ${rootManifest.dependencies[name]} in the repository`]
    return []
  })
  const unused = Object.keys(manifest.dependencies).filter((name) => !imported.has(name))
  problems.push(...unused.map((name) => `${name} is a dependency the ES module never imports`))
  if (problems.length > 0) throw new Error(`packages/swap-quote/package.json: ${problems.join('; ')}`)
}

type ManifestAttribute = { name: string; fieldName?: string; description?: string; type?: { text: string } }
type ManifestDeclaration = {
  kind: string
  name: string
  description?: string
  customElement?: boolean
  tagName?: string
  attributes?: ManifestAttribute[]
  members?: { name: string; privacy?: string }[]
  events?: { name: string; type?: { text: string }; description?: string }[]
}
type ElementsManifest = {
  schemaVersion: string
  modules: { kind: string; path: string; declarations?: ManifestDeclaration[]; exports?: unknown[] }[]
}

/**
 * Runs the analyzer over the element and its events, then states what it cannot read from the
 * source: the tag (a constant), which `static properties` are internal state, and the events (the
 * element dispatches instances of the classes in `events.ts`). Every declaration is placed in the
 * module a bundler imports, `dist/esm/index.js`.
 */
async function analyzeElements(): Promise<ElementsManifest> {
  const scratch = await mkdtemp(join(tmpdir(), 'swap-quote-cem-'))
  try {
    const config = join(packageSource, 'custom-elements-manifest.config.mjs')
    await npx(['cem', 'analyze', '--config', config, '--outdir', relative(root, scratch)])
    const analyzed = JSON.parse(
      await readFile(join(scratch, 'custom-elements.json'), 'utf8'),
    ) as ElementsManifest
    const declarations = analyzed.modules.flatMap((module) => module.declarations ?? [])
    const eventClasses = Object.values(events)
    const eventDeclarations = declarations.filter((declaration) =>
      eventClasses.some((eventClass) => eventClass.name === declaration.name),
    )
    const element = declarations.find((declaration) => declaration.customElement)
    if (!element) throw new Error('the analyzer found no custom element in widget/swap-quote.ts')
    // Internal state is `{ state: true }` in the element's static properties (the translator `t` among
    // them): the analyzer lists such a property as an attribute unless its name starts with `_`.
    const source = await readFile(join(root, 'widget/swap-quote.ts'), 'utf8')
    const states = new Set([...source.matchAll(/^\s*(\w+): \{ state: true \}/gm)].map(([, name]) => name))
    const isPublic = (name: string | undefined) => !name?.startsWith('_') && !states.has(name!)
    const swapQuote: ManifestDeclaration = {
      ...element,
      tagName: 'swap-quote',
      attributes: element.attributes?.filter((attribute) => isPublic(attribute.fieldName)),
      members: element.members?.filter((member) => isPublic(member.name) && member.privacy !== 'private'),
      events: eventClasses.map((eventClass) => ({
        name: eventClass.eventName,
        type: { text: eventClass.name },
        description: eventDeclarations.find((declaration) => declaration.name === eventClass.name)
          ?.description,
      })),
    }
    const path = 'dist/esm/index.js'
    const exported = [swapQuote, ...eventDeclarations]
    return {
      schemaVersion: analyzed.schemaVersion,
      modules: [
        {
          kind: 'javascript-module',
          path,
          declarations: exported,
          exports: [
            ...exported.map(({ name }) => ({ kind: 'js', name, declaration: { name, module: path } })),
            {
              kind: 'custom-element-definition',
              name: 'swap-quote',
              declaration: { name: 'SwapQuote', module: path },
            },
          ],
        },
      ],
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** `attributes.d.ts`: each attribute of the manifest, typed as the property it sets. */
function formatAttributesType(elements: ElementsManifest): string {
  const element = elements.modules[0]?.declarations?.find((declaration) => declaration.customElement)
  const lines = (element?.attributes ?? []).map(({ name, fieldName, description }) => {
    const doc = description
      ? `  /** ${description.replace(/\s*\n\s*/g, ' ').replace(/\*\//g, '*\\/')} */\n`
      : ''
    return `${doc}  '${name}'?: SwapQuote['${fieldName}']`
  })
  return [
    '// Generated by `npm run pack:widget` from custom-elements.json.',
    "import type { SwapQuote } from './widget/swap-quote'",
    '',
    '/** The attributes of `<swap-quote>` as markup writes them, each typed as the property it sets. */',
    'export type SwapQuoteAttributes = {',
    ...lines,
    '}',
    '',
  ].join('\n')
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

function npx(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run('npx', ['--no-install', ...args], { cwd: root, maxBuffer: 16 * 1024 * 1024 })
}

if (process.argv[1]?.endsWith('packWidget.ts')) {
  const { tarball } = await packWidget({ outDir: join(root, 'dist') })
  console.log(relative(process.cwd(), tarball))
}
