import { keccak256, stringToHex, type Hex } from 'viem'

export type ResolveAppDataReturnType =
  | { ok: true; hash: Hex; fullAppData?: string }
  | { ok: false; errorType: 'InvalidAppData' | 'AppDataHashMismatch'; description: string }

const hex32 = /^0x[0-9a-fA-F]{64}$/

/**
 * Resolves an order's or quote's `appData` as CoW's backend does: a 32-byte hex value is a hash
 * (looked up among known documents), anything else is the full JSON document, hashed byte-exactly
 * with keccak256. A given `appDataHash` must match; the default is the zero hash.
 */
export function resolveAppData({
  appData,
  appDataHash,
  known,
}: {
  appData: string | undefined
  appDataHash: string | undefined
  known: Map<Hex, string>
}): ResolveAppDataReturnType {
  if (appData === undefined) {
    const hash = (appDataHash ?? `0x${'0'.repeat(64)}`).toLowerCase() as Hex
    if (!hex32.test(hash))
      return { ok: false, errorType: 'InvalidAppData', description: 'appDataHash is not 32 bytes' }
    const fullAppData = known.get(hash)
    return { ok: true, hash, ...(fullAppData === undefined ? {} : { fullAppData }) }
  }
  if (hex32.test(appData)) {
    const hash = appData.toLowerCase() as Hex
    if (appDataHash !== undefined && appDataHash.toLowerCase() !== hash) {
      return {
        ok: false,
        errorType: 'AppDataHashMismatch',
        description: 'appDataHash does not match appData',
      }
    }
    const fullAppData = known.get(hash)
    return { ok: true, hash, ...(fullAppData === undefined ? {} : { fullAppData }) }
  }
  const invalid = validateAppDataDocument(appData)
  if (invalid) return { ok: false, errorType: 'InvalidAppData', description: invalid }
  const hash = keccak256(stringToHex(appData))
  if (appDataHash !== undefined && appDataHash.toLowerCase() !== hash) {
    return {
      ok: false,
      errorType: 'AppDataHashMismatch',
      description: `appData hashes to ${hash}, not ${appDataHash}`,
    }
  }
  return { ok: true, hash, fullAppData: appData }
}

/** The backend's checks on a full app-data document: JSON object, at most 8192 bytes. */
export function validateAppDataDocument(fullAppData: string): string | undefined {
  if (new TextEncoder().encode(fullAppData).length > 8192) return 'app data is larger than 8192 bytes'
  try {
    const document: unknown = JSON.parse(fullAppData)
    if (typeof document !== 'object' || document === null || Array.isArray(document))
      return 'app data is not a JSON object'
  } catch {
    return 'app data is not valid JSON'
  }
  return undefined
}
