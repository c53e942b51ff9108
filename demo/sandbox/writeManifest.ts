import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WorldManifestDraft } from './worldManifest'

/** `.sandbox/world.json` at the repository root (git-ignored). */
export const defaultManifestPath = fileURLToPath(new URL('../../.sandbox/world.json', import.meta.url))

/** Serialises a manifest the way it is stored: pretty JSON with a trailing newline. */
export function serializeManifest(manifest: WorldManifestDraft): string {
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/**
 * Writes the manifest atomically (a temporary file renamed over the target), so a reader never sees
 * half a file. Returns the exact text written, which `removeManifest` uses to remove only its own file.
 */
export function writeManifest({ path, manifest }: { path: string; manifest: WorldManifestDraft }): string {
  const text = serializeManifest(manifest)
  mkdirSync(dirname(path), { recursive: true })
  const partial = `${path}.${process.pid}.tmp`
  writeFileSync(partial, text)
  renameSync(partial, path)
  return text
}

/** Removes the manifest if it still holds `text` (another world may have replaced it since). */
export function removeManifest({ path, text }: { path: string; text: string }): void {
  try {
    if (readFileSync(path, 'utf8') === text) rmSync(path)
  } catch {
    // Already gone.
  }
}
