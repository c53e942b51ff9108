import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { resolveAppData } from './resolveAppData'

const emptyHash = '0xb48d38f93eaa084033fc5970bf96e559c33c4cdc07d889ab00b4d63f9590739d'

describe('resolveAppData', () => {
  it('hashes the exact document string and checks a given appDataHash', () => {
    expect(resolveAppData({ appData: '{}', appDataHash: undefined, known: new Map() })).toEqual({
      ok: true,
      hash: emptyHash,
      fullAppData: '{}',
    })
    expect(
      resolveAppData({ appData: '{}', appDataHash: `0x${'1'.repeat(64)}`, known: new Map() }),
    ).toMatchObject({
      ok: false,
      errorType: 'AppDataHashMismatch',
    })
  })

  it('treats 32 bytes of hex as a hash and finds a registered document', () => {
    const known = new Map<Hex, string>([[emptyHash, '{}']])
    expect(resolveAppData({ appData: emptyHash, appDataHash: undefined, known })).toEqual({
      ok: true,
      hash: emptyHash,
      fullAppData: '{}',
    })
    expect(resolveAppData({ appData: undefined, appDataHash: undefined, known })).toEqual({
      ok: true,
      hash: `0x${'0'.repeat(64)}`,
    })
  })

  it('rejects a document that is not a JSON object', () => {
    expect(resolveAppData({ appData: '[1]', appDataHash: undefined, known: new Map() })).toMatchObject({
      errorType: 'InvalidAppData',
    })
    expect(resolveAppData({ appData: '{', appDataHash: undefined, known: new Map() })).toMatchObject({
      errorType: 'InvalidAppData',
    })
  })
})
