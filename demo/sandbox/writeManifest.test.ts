import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getDevAccounts, getDevAddress } from './devAccounts'
import type { WorldManifestDraft } from './worldManifest'
import { removeManifest, writeManifest } from './writeManifest'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-manifest-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const manifest: WorldManifestDraft = {
  startedAt: '2026-01-01T00:00:00.000Z',
  chains: {},
  accounts: getDevAccounts(),
  feeRecipients: {
    service: getDevAccounts()[7]!.address,
    partner: getDevAccounts()[8]!.address,
    registeredPartner: getDevAddress(10),
  },
}

describe('writeManifest', () => {
  it('writes the JSON into a new directory and leaves no temporary file', () => {
    const path = join(dir, 'nested', 'world.json')
    writeManifest({ path, manifest })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(manifest)
    expect(readdirSync(join(dir, 'nested'))).toEqual(['world.json'])
  })

  it('removes only the manifest it wrote, not one another world wrote since', () => {
    const path = join(dir, 'world.json')
    const text = writeManifest({ path, manifest })
    writeFileSync(path, '{"startedAt":"another world"}')
    removeManifest({ path, text })
    expect(existsSync(path)).toBe(true)
    const own = writeManifest({ path, manifest })
    removeManifest({ path, text: own })
    expect(existsSync(path)).toBe(false)
  })
})

describe('getDevAccounts', () => {
  it("derives anvil's well-known dev accounts", () => {
    const [first] = getDevAccounts()
    expect(first).toEqual({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    })
    expect(getDevAccounts()).toHaveLength(10)
  })
})
