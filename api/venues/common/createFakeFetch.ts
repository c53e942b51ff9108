/** One call a fake `fetch` received. */
export type RecordedCall = { url: string; method: string; headers: Record<string, string>; body: unknown }

/** What a fake answers: a JSON body with a status, raw text, or a thrown error (a transport failure). */
export type FakeAnswer = { status?: number; json?: unknown; text?: string } | { throws: unknown }

/**
 * A `fetch` for adapter contract tests: answers each call with the next of `answers` (or the result of
 * `answers(call)`), records every call, and rejects with an `AbortError` when the signal is aborted.
 */
export function createFakeFetch(answers: FakeAnswer[] | ((call: RecordedCall) => FakeAnswer)) {
  const calls: RecordedCall[] = []
  const queue = Array.isArray(answers) ? [...answers] : undefined
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const signal = init?.signal
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError')
    const rawBody = init?.body
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof rawBody === 'string' ? safeJson(rawBody) : undefined,
    }
    calls.push(call)
    const answer = queue ? queue.shift() : (answers as (call: RecordedCall) => FakeAnswer)(call)
    if (!answer) throw new Error(`unexpected call to ${call.url}`)
    if ('throws' in answer) throw answer.throws
    const text = answer.text ?? JSON.stringify(answer.json)
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
