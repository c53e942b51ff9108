import { SANDBOX_START_ID, type SandboxStart } from '../server/renderSandboxStart'

/**
 * What the sandbox server wrote into this page's head (`renderSandboxStart`), as far as it reads:
 * undefined on a page without it or with a block that is not JSON. Its fields are the caller's to check.
 */
export function readSandboxStart(): Partial<SandboxStart> | undefined {
  const text = document.getElementById(SANDBOX_START_ID)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as Partial<SandboxStart>
  } catch {
    return undefined
  }
}
