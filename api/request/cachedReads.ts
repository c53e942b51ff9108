import type { IncomingMessage, ServerResponse } from 'node:http'
import { chainDefinitions } from '../../shared'
import { matchesIfNoneMatch } from '../middleware/cacheHeaders'
import { chooseRequestId, REQUEST_ID_HEADER } from '../middleware/requestId'
import { API_BASE_PATH } from '../openapi/buildOpenApiSpec'
import { readIncomingHeader } from './readHeader'

/**
 * One recorded answer: its status, its headers as Node's flat `[name, value, …]` list ending with
 * the request id's name and a slot for its value, and its body.
 */
type RecordedAnswer = { status: number; headers: string[]; body: Buffer }

/** A registry read as the app answered it: 200 with the body, and 304 for a matching `If-None-Match`. */
export type CachedRead = { etag: string; ok: RecordedAnswer; notModified: RecordedAnswer }

/** Recorded registry reads by their exact request target (path and query, as the client sent it). */
export type CachedReads = ReadonlyMap<string, CachedRead>

/** Sends one request through the app, as `app.request` does. */
export type AppRequest = (path: string, init?: RequestInit) => Response | Promise<Response>

/**
 * The request targets whose answers depend on nothing but the URL, `If-None-Match` and the request
 * id: `/chains`, and `/tokens?chainId=` for every EVM chain of the registry. The registry does not
 * change while the process runs.
 */
export function registryReadTargets(): string[] {
  const tokenReads = chainDefinitions.map(
    (chain) => `${API_BASE_PATH}/tokens?chainId=${chain.chainId ?? chain.symbol}`,
  )
  return [`${API_BASE_PATH}/chains`, ...tokenReads]
}

/**
 * Asks the app for each target once, with and without a matching `If-None-Match`, and keeps both
 * answers. The app stays the only place that decides what these reads answer; a target whose
 * answer is not a 200 with an `ETag` and a 304 is not kept, and goes to the app as any request does.
 */
export async function recordCachedReads(
  request: AppRequest,
  targets: readonly string[],
): Promise<CachedReads> {
  const reads = new Map<string, CachedRead>()
  for (const target of targets) {
    const ok = await request(target)
    const etag = ok.headers.get('ETag')
    if (ok.status !== 200 || etag === null) continue
    const notModified = await request(target, { headers: { 'If-None-Match': etag } })
    if (notModified.status !== 304) continue
    reads.set(target, {
      etag,
      ok: await toRecordedAnswer(ok),
      notModified: await toRecordedAnswer(notModified),
    })
  }
  return reads
}

/**
 * A Node request listener that answers the recorded reads itself and hands every other request to
 * `fallback` (the app's listener). A cached read is then a map look-up and one write instead of a
 * pass through routing and middleware: measured, about 22 µs of CPU per `/chains` request through
 * the app against 15 µs for a bare `node:http` server, and level with it this way (see
 * `bench/README.md`, figure 1). Only `GET` of an exact recorded target is answered here; the request
 * id is chosen as the app chooses it, so the answer is the app's own but for that id. Two things a
 * client cannot rely on anyway differ: header names go out in lower case, and a malformed `Host`
 * header, which the app's Node adapter answers with a bare 400, is not looked at. Should answering
 * fail (a custom request id generator that throws), the request goes to the app instead.
 */
export function serveCachedReads(
  reads: CachedReads,
  generateRequestId: () => string,
  fallback: (incoming: IncomingMessage, outgoing: ServerResponse) => unknown,
): (incoming: IncomingMessage, outgoing: ServerResponse) => unknown {
  return (incoming, outgoing) => {
    const read = incoming.method === 'GET' && incoming.url !== undefined ? reads.get(incoming.url) : undefined
    if (read === undefined) return fallback(incoming, outgoing)
    const answer = matchesIfNoneMatch(readIncomingHeader(incoming, 'if-none-match'), read.etag)
      ? read.notModified
      : read.ok
    try {
      const headers = answer.headers.slice()
      headers[headers.length - 1] = chooseRequestId(
        readIncomingHeader(incoming, 'x-request-id'),
        generateRequestId,
      )
      outgoing.writeHead(answer.status, headers).end(answer.body)
    } catch {
      if (!outgoing.headersSent) return fallback(incoming, outgoing)
      outgoing.destroy()
    }
  }
}

const PER_REQUEST_HEADERS = new Set(['x-request-id', 'content-length', 'date', 'connection', 'keep-alive'])

async function toRecordedAnswer(response: Response): Promise<RecordedAnswer> {
  const body = Buffer.from(await response.arrayBuffer())
  const headers = [...response.headers].filter(([name]) => !PER_REQUEST_HEADERS.has(name)).flat()
  if (response.status !== 304) headers.push('Content-Length', String(body.length))
  headers.push(REQUEST_ID_HEADER, '')
  return { status: response.status, headers, body }
}
