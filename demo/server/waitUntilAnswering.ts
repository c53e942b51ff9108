export type WaitUntilAnsweringParameters = {
  /** Each URL must answer (any HTTP status below 500) for the sandbox to count as ready. */
  probes: readonly { name: string; url: string; init?: RequestInit }[]
  timeoutMs?: number
  fetch?: typeof globalThis.fetch
}

/**
 * Resolves once every probe has answered with a status below 500, retrying each for up to
 * `timeoutMs`; rejects naming the parts that never did.
 *
 * @example
 * await waitUntilAnswering({ probes: [{ name: 'API', url: `${url}/api/sdk/v1/chains` }] })
 */
export async function waitUntilAnswering({
  probes,
  timeoutMs = 15_000,
  fetch = globalThis.fetch,
}: WaitUntilAnsweringParameters): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const results = await Promise.all(
    probes.map(async ({ name, url, init }) => {
      let last = 'no answer'
      while (Date.now() < deadline) {
        try {
          const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2_000) })
          await response.arrayBuffer()
          if (response.status < 500) return undefined
          last = `status ${response.status}`
        } catch (error) {
          last = error instanceof Error ? error.message : String(error)
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      return `${name} (${url}): ${last}`
    }),
  )
  const failed = results.filter((result) => result !== undefined)
  if (failed.length > 0) throw new Error(`not answering: ${failed.join('; ')}`)
}
